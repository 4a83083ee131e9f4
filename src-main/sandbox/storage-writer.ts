// Main process / plain Node. Streams storage PUT bodies to disk and computes their MD5 on worker threads,
// so hashing never runs on the HTTP thread (which matters when the sandbox lives inside the Electron main
// process) and parts hash in parallel. Bytes cross to the worker in 1 MiB batches of plain memory that
// are *transferred* (not copied) there and back, then reused: a SharedArrayBuffer ring measured far
// slower (V8 copies into shared memory word by word, and the worker was woken once per socket chunk).
// Memory stays flat: each part has at most MAX_BATCHES_IN_FLIGHT batches out, and the request stream is
// paused beyond that.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export const BATCH_BYTES = 1024 * 1024;
/** Batches one part may have at its worker before the source is paused. */
export const MAX_BATCHES_IN_FLIGHT = 2;
/** Spare batches kept for reuse across parts. */
const FREE_BATCHES_KEPT = 8;

// Plain JavaScript run with `eval: true`, so the worker needs no file of its own and works the same
// under Node, vitest and a bundled Electron main process. Every batch goes back to the main thread,
// also for a job that failed or was aborted meanwhile, so none is ever lost.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const jobs = new Map();
function discard(job, path) {
  if (job) { try { fs.closeSync(job.fd); } catch {} }
  try { fs.unlinkSync(path); } catch {}
}
parentPort.on('message', (m) => {
  const job = jobs.get(m.id);
  try {
    if (m.type === 'open') {
      jobs.set(m.id, { hash: createHash('md5'), fd: fs.openSync(m.path, 'w'), size: 0, path: m.path });
    } else if (m.type === 'data') {
      if (job) {
        const view = new Uint8Array(m.buffer, 0, m.length);
        job.hash.update(view);
        let offset = 0;
        while (offset < m.length) offset += fs.writeSync(job.fd, view, offset);
        job.size += m.length;
      }
      parentPort.postMessage({ type: 'ack', id: m.id, buffer: m.buffer }, [m.buffer]);
    } else if (m.type === 'finish') {
      if (!job) return;
      jobs.delete(m.id);
      fs.closeSync(job.fd);
      parentPort.postMessage({ type: 'done', id: m.id, md5: job.hash.digest('hex'), size: job.size });
    } else if (m.type === 'abort') {
      jobs.delete(m.id);
      discard(job, m.path);
    }
  } catch (error) {
    jobs.delete(m.id);
    discard(job, m.path || (job && job.path));
    if (m.type === 'data') parentPort.postMessage({ type: 'ack', id: m.id, buffer: m.buffer }, [m.buffer]);
    parentPort.postMessage({ type: 'error', id: m.id, message: String((error && error.message) || error) });
  }
});
`;

export interface PartResult {
  md5: string;
  size: number;
}

type WorkerMessage =
  | { type: 'ack'; id: number; buffer: ArrayBuffer }
  | { type: 'done'; id: number; md5: string; size: number }
  | { type: 'error'; id: number; message: string };

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, PartWriteJob>;
}

/** Plain memory batches, reused so that a GiB of parts allocates a handful of them. */
class BatchPool {
  private readonly free: ArrayBuffer[] = [];

  take(): ArrayBuffer {
    return this.free.pop() ?? new ArrayBuffer(BATCH_BYTES);
  }

  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength === BATCH_BYTES && this.free.length < FREE_BATCHES_KEPT) this.free.push(buffer);
  }

  clear(): void {
    this.free.length = 0;
  }
}

export class PartWriterPool {
  private readonly size: number;
  private readonly workers: PoolWorker[] = [];
  private readonly batches = new BatchPool();
  private nextId = 1;
  private closed = false;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    this.size = size;
  }

  /** Starts writing a new file at `path` (created or truncated). */
  open(path: string): PartWriteJob {
    if (this.closed) throw new Error('The storage writer is closed.');
    const slot = this.pickWorker();
    const id = this.nextId++;
    const job = new PartWriteJob(id, path, slot.worker, this.batches, () => slot.jobs.delete(id));
    slot.jobs.set(id, job);
    slot.worker.postMessage({ type: 'open', id, path });
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    for (const slot of workers) for (const job of slot.jobs.values()) job.fail(new Error('The storage writer closed.'));
    this.batches.clear();
    await Promise.all(workers.map((slot) => slot.worker.terminate()));
  }

  /** A new worker while below the pool size and all are busy; otherwise the least busy one. */
  private pickWorker(): PoolWorker {
    let best: PoolWorker | undefined;
    for (const slot of this.workers) if (best === undefined || slot.jobs.size < best.jobs.size) best = slot;
    if (best !== undefined && (best.jobs.size === 0 || this.workers.length >= this.size)) return best;
    return this.startWorker();
  }

  private startWorker(): PoolWorker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // Never keeps the process alive on its own; close() terminates it.
    worker.unref();
    const slot: PoolWorker = { worker, jobs: new Map() };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ack' && !this.closed) this.batches.give(message.buffer);
      slot.jobs.get(message.id)?.onMessage(message);
    });
    const retire = (error: Error): void => {
      const index = this.workers.indexOf(slot);
      if (index >= 0) this.workers.splice(index, 1);
      for (const job of [...slot.jobs.values()]) job.fail(error);
    };
    worker.on('error', retire);
    worker.on('exit', () => retire(new Error('A storage worker stopped.')));
    this.workers.push(slot);
    return slot;
  }
}

export class PartWriteJob {
  private readonly id: number;
  private readonly path: string;
  private readonly worker: Worker;
  private readonly batches: BatchPool;
  private readonly release: () => void;
  private state: 'open' | 'finishing' | 'closed' = 'open';
  /** The batch being filled, and how far. */
  private batch: ArrayBuffer | null = null;
  private filled = 0;
  private inFlight = 0;
  private drainWaiter: (() => void) | null = null;
  private finishWaiter: { resolve: (result: PartResult) => void; reject: (error: Error) => void } | null = null;

  constructor(id: number, path: string, worker: Worker, batches: BatchPool, release: () => void) {
    this.id = id;
    this.path = path;
    this.worker = worker;
    this.batches = batches;
    this.release = release;
  }

  /** Takes a chunk; false means "pause the source until onDrain fires". */
  write(chunk: Uint8Array): boolean {
    if (this.state !== 'open') return true;
    let from = 0;
    while (from < chunk.byteLength) {
      this.batch ??= this.batches.take();
      const length = Math.min(chunk.byteLength - from, BATCH_BYTES - this.filled);
      new Uint8Array(this.batch, this.filled, length).set(chunk.subarray(from, from + length));
      this.filled += length;
      from += length;
      if (this.filled === BATCH_BYTES) this.post();
    }
    return this.inFlight < MAX_BATCHES_IN_FLIGHT;
  }

  onDrain(callback: () => void): void {
    if (this.inFlight < MAX_BATCHES_IN_FLIGHT || this.state === 'closed') callback();
    else this.drainWaiter = callback;
  }

  /** Closes the file once every byte is written; resolves with its MD5 and size. */
  finish(): Promise<PartResult> {
    if (this.state !== 'open') return Promise.reject(new Error('The part was already finished or aborted.'));
    this.state = 'finishing';
    return new Promise((resolve, reject) => {
      this.finishWaiter = { resolve, reject };
      // The worker handles messages in order: the last batch is written before the file closes.
      this.post();
      this.worker.postMessage({ type: 'finish', id: this.id });
    });
  }

  /** Stops and deletes the partial file (client went away, fault injected, part too large…). */
  abort(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.batch !== null) this.batches.give(this.batch);
    this.batch = null;
    this.worker.postMessage({ type: 'abort', id: this.id, path: this.path });
    this.release();
    this.rejectWaiters(new Error('The part upload was aborted.'));
  }

  onMessage(message: WorkerMessage): void {
    if (message.type === 'ack') {
      this.inFlight -= 1;
      if (this.inFlight < MAX_BATCHES_IN_FLIGHT) this.wakeDrain();
    } else if (message.type === 'done') {
      this.state = 'closed';
      this.release();
      const waiter = this.finishWaiter;
      this.finishWaiter = null;
      waiter?.resolve({ md5: message.md5, size: message.size });
    } else {
      this.fail(new Error(message.message));
    }
  }

  fail(error: Error): void {
    this.state = 'closed';
    this.batch = null;
    this.release();
    this.rejectWaiters(error);
  }

  /** Hands the filled part of the current batch to the worker (ownership moves with it). */
  private post(): void {
    const batch = this.batch;
    if (batch === null || this.filled === 0) return;
    this.worker.postMessage({ type: 'data', id: this.id, buffer: batch, length: this.filled }, [batch]);
    this.batch = null;
    this.filled = 0;
    this.inFlight += 1;
  }

  private rejectWaiters(error: Error): void {
    const waiter = this.finishWaiter;
    this.finishWaiter = null;
    waiter?.reject(error);
    this.wakeDrain();
  }

  private wakeDrain(): void {
    const drain = this.drainWaiter;
    this.drainWaiter = null;
    drain?.();
  }
}
