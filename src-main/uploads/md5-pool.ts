// Main process / plain Node. MD5 of part bodies on worker threads, used when the machine has cores to
// spare (see defaultMd5Workers). The sending thread copies chunks into 1 MiB batches of plain memory
// and *transfers* each full batch to a worker and back (no copy across threads, no allocation once
// warm); a SharedArrayBuffer ring measured far slower, since V8 copies into shared memory word by word.
// A sender waits only while its part has MAX_BATCHES_IN_FLIGHT batches out, which bounds memory.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const BATCH_BYTES = 1024 * 1024;
const MAX_BATCHES_IN_FLIGHT = 2;
const FREE_BATCHES_KEPT = 8;

// Plain JavaScript run with `eval: true`, so it needs no file of its own under vitest or a bundle.
// Every batch goes back, also for a job discarded meanwhile, so none is lost.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.t === 'o') {
    jobs.set(m.id, createHash('md5'));
  } else if (m.t === 'u') {
    const hash = jobs.get(m.id);
    if (hash) hash.update(new Uint8Array(m.b, 0, m.n));
    parentPort.postMessage({ t: 'a', id: m.id, b: m.b }, [m.b]);
  } else if (m.t === 'd') {
    const hash = jobs.get(m.id);
    jobs.delete(m.id);
    parentPort.postMessage({ t: 'd', id: m.id, hex: hash ? hash.digest('hex') : '' });
  } else if (m.t === 'x') {
    jobs.delete(m.id);
    parentPort.postMessage({ t: 'x', id: m.id });
  }
});
`;

type Reply = { t: 'a'; id: number; b: ArrayBuffer } | { t: 'd'; id: number; hex: string } | { t: 'x'; id: number };

/**
 * Worker threads pay off only with a core to spare: on 2 cores the sandbox or the rest of the app
 * needs the other one, and hashing inline measures cheaper there in `npm run bench:upload`.
 */
export function defaultMd5Workers(cores = availableParallelism()): number {
  return cores > 2 ? Math.min(4, cores - 1) : 0;
}

interface Job {
  inFlight: number;
  onSpace?: () => void;
  onDigest?: (hex: string) => void;
  onError?: (error: Error) => void;
}

class HashWorker {
  readonly worker: Worker;
  readonly jobs = new Map<number, Job>();
  dead: Error | null = null;

  constructor(returnBatch: (batch: ArrayBuffer) => void) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    this.worker.unref();
    this.worker.on('message', (m: Reply) => {
      if (m.t === 'a') returnBatch(m.b);
      const job = this.jobs.get(m.id);
      if (!job) return;
      if (m.t === 'a') {
        job.inFlight -= 1;
        const wake = job.onSpace;
        job.onSpace = undefined;
        wake?.();
        return;
      }
      this.jobs.delete(m.id);
      if (m.t === 'd') job.onDigest?.(m.hex);
    });
    const fail = (error: Error) => {
      this.dead = error;
      // `transient`: the part is simply sent again (a new worker starts on the next open()).
      Object.assign(error, { transient: true });
      for (const job of this.jobs.values()) job.onError?.(error);
      this.jobs.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`MD5 worker exited (${code})`)));
  }
}

/** One part's running MD5. */
export interface PartHasher {
  /** Queues a chunk; returns a promise only when the part has too many batches out (wait for it). */
  update(chunk: Uint8Array): Promise<void> | undefined;
  digest(): Promise<string>;
  /** Forget the job (the attempt was abandoned). */
  discard(): void;
}

export class Md5Pool {
  private readonly size: number;
  private workers: HashWorker[] = [];
  private readonly freeBatches: ArrayBuffer[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size = Math.max(1, defaultMd5Workers())) {
    this.size = size;
  }

  open(): PartHasher {
    const worker = this.pick();
    const id = this.nextId++;
    const job: Job = { inFlight: 0 };
    worker.jobs.set(id, job);
    worker.worker.postMessage({ t: 'o', id });
    let failed: Error | null = null;
    job.onError = (error) => {
      failed = error;
      job.onSpace?.();
      job.onDigest?.('');
    };
    let batch: ArrayBuffer | null = null;
    let filled = 0;

    const post = (): void => {
      if (batch === null || filled === 0) return;
      worker.worker.postMessage({ t: 'u', id, b: batch, n: filled }, [batch]);
      batch = null;
      filled = 0;
      job.inFlight += 1;
    };
    const copyIn = (chunk: Uint8Array): void => {
      let from = 0;
      while (from < chunk.byteLength) {
        batch ??= this.freeBatches.pop() ?? new ArrayBuffer(BATCH_BYTES);
        const n = Math.min(chunk.byteLength - from, BATCH_BYTES - filled);
        new Uint8Array(batch, filled, n).set(chunk.subarray(from, from + n));
        filled += n;
        from += n;
        if (filled === BATCH_BYTES) post();
      }
    };
    const waitForSpace = (): Promise<void> => new Promise((resolve) => (job.onSpace = resolve));

    return {
      update(chunk) {
        if (failed) throw failed;
        copyIn(chunk);
        if (job.inFlight < MAX_BATCHES_IN_FLIGHT) return undefined;
        return (async () => {
          while (!failed && job.inFlight >= MAX_BATCHES_IN_FLIGHT) await waitForSpace();
          if (failed) throw failed;
        })();
      },
      digest() {
        if (failed) return Promise.reject(failed);
        post();
        return new Promise<string>((resolve, reject) => {
          job.onDigest = (hex) => (failed ? reject(failed) : resolve(hex));
          worker.worker.postMessage({ t: 'd', id });
        });
      },
      discard() {
        if (!worker.jobs.has(id) || worker.dead) return;
        job.onDigest = undefined;
        worker.worker.postMessage({ t: 'x', id });
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const workers = this.workers;
    this.workers = [];
    this.freeBatches.length = 0;
    await Promise.all(workers.map((w) => w.worker.terminate().catch(() => undefined)));
  }

  /** The least busy live worker; starts another while below the pool size. */
  private pick(): HashWorker {
    if (this.closed) throw new Error('MD5 pool is closed');
    this.workers = this.workers.filter((w) => !w.dead);
    const idle = this.workers.find((w) => w.jobs.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) {
      const w = new HashWorker((batch) => {
        if (!this.closed && this.freeBatches.length < FREE_BATCHES_KEPT) this.freeBatches.push(batch);
      });
      this.workers.push(w);
      return w;
    }
    return this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }
}
