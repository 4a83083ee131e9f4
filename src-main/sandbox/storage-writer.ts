// Main process / plain Node. Streams storage PUT bodies to disk and computes their MD5 on worker threads,
// so hashing never runs on the HTTP thread (which matters when the sandbox lives inside the Electron main
// process) and parts hash in parallel. Bytes cross to the worker through a fixed shared ring per part:
// memory stays flat however large or many the parts are (no per-chunk allocations on the worker side),
// and the request stream is paused whenever its ring is full.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Bytes in flight per part; rings are reused by later parts. */
export const RING_BYTES = 1024 * 1024;

// Plain JavaScript run with `eval: true`, so the worker needs no file of its own and works the same
// under Node, vitest and a bundled Electron main process.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const RING = ${RING_BYTES};
const jobs = new Map();
function discard(job, path) {
  if (job) { try { fs.closeSync(job.fd); } catch {} }
  try { fs.unlinkSync(path); } catch {}
}
parentPort.on('message', (m) => {
  const job = jobs.get(m.id);
  try {
    if (m.type === 'open') {
      jobs.set(m.id, { hash: createHash('md5'), fd: fs.openSync(m.path, 'w'), ring: new Uint8Array(m.ring), read: 0, path: m.path });
    } else if (m.type === 'data') {
      if (!job) return;
      while (job.read < m.end) {
        const at = job.read % RING;
        const length = Math.min(m.end - job.read, RING - at);
        const view = job.ring.subarray(at, at + length);
        job.hash.update(view);
        let offset = 0;
        while (offset < length) offset += fs.writeSync(job.fd, view, offset);
        job.read += length;
      }
      parentPort.postMessage({ type: 'ack', id: m.id, read: job.read });
    } else if (m.type === 'finish') {
      jobs.delete(m.id);
      fs.closeSync(job.fd);
      parentPort.postMessage({ type: 'done', id: m.id, md5: job.hash.digest('hex'), size: job.read });
    } else if (m.type === 'abort') {
      jobs.delete(m.id);
      discard(job, m.path);
      parentPort.postMessage({ type: 'aborted', id: m.id });
    }
  } catch (error) {
    jobs.delete(m.id);
    discard(job, m.path || (job && job.path));
    parentPort.postMessage({ type: 'error', id: m.id, message: String((error && error.message) || error) });
  }
});
`;

export interface PartResult {
  md5: string;
  size: number;
}

type WorkerMessage =
  | { type: 'ack'; id: number; read: number }
  | { type: 'done'; id: number; md5: string; size: number }
  | { type: 'aborted'; id: number }
  | { type: 'error'; id: number; message: string };

interface PoolWorker {
  worker: Worker;
  jobs: Map<number, PartWriteJob>;
}

export class PartWriterPool {
  private readonly size: number;
  private readonly workers: PoolWorker[] = [];
  private readonly freeRings: SharedArrayBuffer[] = [];
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
    const ring = this.freeRings.pop() ?? new SharedArrayBuffer(RING_BYTES);
    const job = new PartWriteJob(id, path, slot.worker, ring, (reusable) => {
      slot.jobs.delete(id);
      if (reusable && !this.closed) this.freeRings.push(ring);
    });
    slot.jobs.set(id, job);
    slot.worker.postMessage({ type: 'open', id, path, ring });
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers.splice(0);
    for (const slot of workers) for (const job of slot.jobs.values()) job.fail(new Error('The storage writer closed.'));
    this.freeRings.length = 0;
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
    worker.on('message', (message: WorkerMessage) => slot.jobs.get(message.id)?.onMessage(message));
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
  private readonly ring: Uint8Array;
  private readonly release: (reusable: boolean) => void;
  private state: 'open' | 'finishing' | 'closed' = 'open';
  private written = 0;
  private read = 0;
  /** End offset named by the last `data` message, and whether the worker has yet to answer it. */
  private announced = 0;
  private awaitingAck = false;
  /** Bytes that did not fit in the ring yet (the source is paused meanwhile). */
  private pending: Uint8Array | null = null;
  private finishRequested = false;
  private released = false;
  private drainWaiter: (() => void) | null = null;
  private finishWaiter: { resolve: (result: PartResult) => void; reject: (error: Error) => void } | null = null;

  constructor(id: number, path: string, worker: Worker, ring: SharedArrayBuffer, release: (reusable: boolean) => void) {
    this.id = id;
    this.path = path;
    this.worker = worker;
    this.ring = new Uint8Array(ring);
    this.release = release;
  }

  /** Queues a chunk; false means "pause the source until onDrain fires". */
  write(chunk: Uint8Array): boolean {
    if (this.state !== 'open') return true;
    if (this.pending !== null) {
      this.pending = concat(this.pending, chunk);
      return false;
    }
    this.pending = this.copyIn(chunk);
    return this.pending === null;
  }

  onDrain(callback: () => void): void {
    this.drainWaiter = callback;
  }

  /** Closes the file once every byte is written; resolves with its MD5 and size. */
  finish(): Promise<PartResult> {
    if (this.state !== 'open') return Promise.reject(new Error('The part was already finished or aborted.'));
    this.state = 'finishing';
    return new Promise((resolve, reject) => {
      this.finishWaiter = { resolve, reject };
      this.finishRequested = true;
      if (this.pending === null) this.sendFinish();
    });
  }

  /** Stops and deletes the partial file (client went away, fault injected, part too large…). */
  abort(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.pending = null;
    // The ring goes back to the pool once the worker confirms it no longer reads it.
    this.worker.postMessage({ type: 'abort', id: this.id, path: this.path });
    this.rejectWaiters(new Error('The part upload was aborted.'));
  }

  onMessage(message: WorkerMessage): void {
    if (message.type === 'ack') {
      this.read = message.read;
      this.awaitingAck = false;
      if (this.pending !== null) this.pending = this.copyIn(this.pending);
      if (this.pending === null && this.finishRequested && this.state === 'finishing') this.sendFinish();
      else this.announce();
      if (this.pending === null) this.wakeDrain();
    } else if (message.type === 'done') {
      this.state = 'closed';
      this.releaseOnce(true);
      const waiter = this.finishWaiter;
      this.finishWaiter = null;
      waiter?.resolve({ md5: message.md5, size: message.size });
    } else if (message.type === 'aborted') {
      this.releaseOnce(true);
    } else {
      this.fail(new Error(message.message));
    }
  }

  fail(error: Error): void {
    this.state = 'closed';
    this.pending = null;
    this.releaseOnce(false);
    this.rejectWaiters(error);
  }

  /** A ring must go back to the pool at most once, and only when the worker is done with it. */
  private releaseOnce(reusable: boolean): void {
    if (this.released) return;
    this.released = true;
    this.release(reusable);
  }

  /** Copies what fits into the ring and tells the worker; returns what did not fit (or null). */
  private copyIn(chunk: Uint8Array): Uint8Array | null {
    const room = RING_BYTES - (this.written - this.read);
    const take = Math.min(room, chunk.byteLength);
    let offset = 0;
    while (offset < take) {
      const at = this.written % RING_BYTES;
      const length = Math.min(take - offset, RING_BYTES - at);
      this.ring.set(chunk.subarray(offset, offset + length), at);
      offset += length;
      this.written += length;
    }
    this.announce();
    return take === chunk.byteLength ? null : chunk.subarray(take);
  }

  /**
   * Tells the worker how far the ring is filled: one message at a time, so while the worker is busy
   * the bytes accumulate and the next message covers all of them (a few messages per MiB, not one per chunk).
   */
  private announce(): void {
    if (this.awaitingAck || this.written === this.announced) return;
    this.awaitingAck = true;
    this.announced = this.written;
    this.worker.postMessage({ type: 'data', id: this.id, end: this.written });
  }

  /** Messages are handled in order, so a last `data` then `finish` covers every byte. */
  private sendFinish(): void {
    this.finishRequested = false;
    if (this.written !== this.announced) {
      this.announced = this.written;
      this.worker.postMessage({ type: 'data', id: this.id, end: this.written });
    }
    this.worker.postMessage({ type: 'finish', id: this.id });
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

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.byteLength + b.byteLength);
  joined.set(a, 0);
  joined.set(b, a.byteLength);
  return joined;
}
