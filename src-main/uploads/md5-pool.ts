// Main process / plain Node. MD5 of part bodies on worker threads. MD5 is serial and slow (about
// 270 MB/s on a modest core), so hashing on the thread that drives the sockets would cap the
// upload. The main thread copies each chunk into a per-part ring of shared memory (no allocation,
// so no garbage piling up between GCs) and the worker hashes from there; a sender waits only when
// its ring is full, which bounds memory at RING_BYTES per part in flight.

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

const RING_BYTES = 1024 * 1024;
const FLUSH_BYTES = 512 * 1024;

// Plain JavaScript run with `eval: true`, so it needs no file of its own under vitest or a bundle.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const jobs = new Map();
parentPort.on('message', (m) => {
  if (m.t === 'o') {
    jobs.set(m.id, { hash: createHash('md5'), ring: new Uint8Array(m.ring) });
  } else if (m.t === 'u') {
    const job = jobs.get(m.id);
    if (job) job.hash.update(job.ring.subarray(m.o, m.o + m.n));
    parentPort.postMessage({ t: 'a', id: m.id, n: m.n });
  } else if (m.t === 'd') {
    const job = jobs.get(m.id);
    jobs.delete(m.id);
    parentPort.postMessage({ t: 'd', id: m.id, hex: job ? job.hash.digest('hex') : '' });
  } else if (m.t === 'x') {
    jobs.delete(m.id);
    parentPort.postMessage({ t: 'x', id: m.id });
  }
});
`;

type Reply = { t: 'a'; id: number; n: number } | { t: 'd'; id: number; hex: string } | { t: 'x'; id: number };

interface Job {
  ring: SharedArrayBuffer;
  written: number;
  hashed: number;
  onSpace?: () => void;
  onDigest?: (hex: string) => void;
  onError?: (error: Error) => void;
}

class HashWorker {
  readonly worker: Worker;
  readonly jobs = new Map<number, Job>();
  dead: Error | null = null;
  /** Called with a job's ring once the worker no longer reads it. */
  releaseRing: (ring: SharedArrayBuffer) => void = () => undefined;

  constructor() {
    this.worker = new Worker(WORKER_SOURCE, { eval: true });
    this.worker.unref();
    this.worker.on('message', (m: Reply) => {
      const job = this.jobs.get(m.id);
      if (!job) return;
      if (m.t === 'a') {
        job.hashed += m.n;
        const wake = job.onSpace;
        job.onSpace = undefined;
        wake?.();
        return;
      }
      this.jobs.delete(m.id);
      this.releaseRing(job.ring);
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
  /** Queues a chunk; returns a promise only when the ring is full (wait, then continue). */
  update(chunk: Buffer): Promise<void> | undefined;
  digest(): Promise<string>;
  /** Forget the job (the attempt was abandoned). */
  discard(): void;
}

/**
 * Worker threads pay off only with a core to spare: on 2 cores the sandbox or the rest of the app
 * needs the other one, and hashing inline (about 0.4 ms per 256 KiB chunk) measured cheaper in
 * `npm run bench:upload` (2.5 against 3.2 CPU-s/GiB, and no shared rings).
 */
export function defaultMd5Workers(cores = availableParallelism()): number {
  return cores > 2 ? Math.min(4, cores - 1) : 0;
}

export class Md5Pool {
  private readonly size: number;
  private workers: HashWorker[] = [];
  private readonly freeRings: SharedArrayBuffer[] = [];
  private nextId = 1;
  private closed = false;

  constructor(size = Math.max(1, defaultMd5Workers())) {
    this.size = size;
  }

  open(): PartHasher {
    const worker = this.pick();
    const id = this.nextId++;
    const job: Job = { ring: this.freeRings.pop() ?? new SharedArrayBuffer(RING_BYTES), written: 0, hashed: 0 };
    const view = new Uint8Array(job.ring);
    worker.jobs.set(id, job);
    worker.worker.postMessage({ t: 'o', id, ring: job.ring });
    let failed: Error | null = null;
    job.onError = (error) => {
      failed = error;
      job.onSpace?.();
      job.onDigest?.('');
    };

    // Chunks are announced to the worker in batches (one message per FLUSH_BYTES), since each
    // postMessage costs the sending thread far more than copying a chunk does.
    let posted = 0;
    const flush = (): void => {
      while (posted < job.written) {
        const at = posted % RING_BYTES;
        const n = Math.min(job.written - posted, RING_BYTES - at);
        worker.worker.postMessage({ t: 'u', id, o: at, n });
        posted += n;
      }
    };
    const copyIn = (chunk: Uint8Array): void => {
      let from = 0;
      while (from < chunk.byteLength) {
        const at = job.written % RING_BYTES;
        const n = Math.min(chunk.byteLength - from, RING_BYTES - at);
        view.set(chunk.subarray(from, from + n), at);
        job.written += n;
        from += n;
      }
      if (job.written - posted >= FLUSH_BYTES) flush();
    };
    const waitForSpace = (): Promise<void> => new Promise((resolve) => (job.onSpace = resolve));

    return {
      update(chunk) {
        if (failed) throw failed;
        if (chunk.byteLength > RING_BYTES) throw new Error('chunk larger than the hashing ring');
        if (RING_BYTES - (job.written - job.hashed) >= chunk.byteLength) {
          copyIn(chunk);
          return undefined;
        }
        flush();
        return (async () => {
          while (!failed && RING_BYTES - (job.written - job.hashed) < chunk.byteLength) await waitForSpace();
          if (failed) throw failed;
          copyIn(chunk);
        })();
      },
      digest() {
        if (failed) return Promise.reject(failed);
        flush();
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
    this.freeRings.length = 0;
    await Promise.all(workers.map((w) => w.worker.terminate().catch(() => undefined)));
  }

  /** The least busy live worker; starts another while below the pool size. */
  private pick(): HashWorker {
    if (this.closed) throw new Error('MD5 pool is closed');
    this.workers = this.workers.filter((w) => !w.dead);
    const idle = this.workers.find((w) => w.jobs.size === 0);
    if (idle) return idle;
    if (this.workers.length < this.size) {
      const w = new HashWorker();
      w.releaseRing = (ring) => {
        if (!this.closed && this.freeRings.length < 8) this.freeRings.push(ring);
      };
      this.workers.push(w);
      return w;
    }
    return this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
  }
}
