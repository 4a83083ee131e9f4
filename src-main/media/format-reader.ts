// Main process / plain Node. The file-format parsers behind a worker thread (format-worker.ts): a
// file that crashes a parser, exhausts the thread's memory limits or keeps it busy past the
// timeout ends that thread, never main or the CLI. The caller gets a FormatReadError; the next job
// starts a fresh thread. One thread, made on first use (so `lectern --help` never starts it) and
// reused, one job at a time (the prober's WebAssembly instance is not re-entrant).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { MediaInfoResult } from 'mediainfo.js';
import { wasmTierState } from '../platform/index.ts';
import type { FormatReply, FormatRequest } from './format-worker.ts';

export class FormatReadError extends Error {
  readonly code = 'FORMAT_UNREADABLE';
}

export interface FormatReaderOptions {
  /**
   * How long the thread may work on one job in total, over all its chunks (time spent by main
   * reading chunks not counted): a file of millions of tiny boxes asks for chunk after chunk, each
   * quick, and must not hold the one shared thread for longer than this.
   */
  timeoutMs?: number;
  resourceLimits?: ResourceLimits;
  /** Tests: each thread as it starts. */
  onWorker?: (worker: Worker) => void;
}

// V8 heap bounds for the thread. The prober's WebAssembly memory lies outside them (mediainfo.js
// caps its heap at 2 GiB; an allocation past that fails inside the thread).
const DEFAULT_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };
const DEFAULT_TIMEOUT_MS = 30_000;

export type Analysis = { ok: true; result: MediaInfoResult } | { ok: false; message: string };

/** Reads `length` bytes at `position` (fewer only at the end): a file, or stored parts end to end. */
export type ReadBytes = (length: number, position: number) => Promise<Uint8Array>;

interface Job {
  id: number;
  name: string;
  read?: ReadBytes;
  /** The thread's working time on this job so far (ms), and when its current stretch began. */
  workedMs: number;
  workingSince: number | null;
  /** A reply from the thread, or the error the caller gets. */
  settle: (outcome: FormatReply | Error) => void;
}

/**
 * The worker's entry: beside this file when running from source (tests, `node src-main/...`);
 * in a bundle, the build emits `format-worker.{js,mjs}` beside its entry point (out/main,
 * out/cli), and this code sits in that entry or in its chunks/ folder.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return new URL('./format-worker.ts', here);
  const candidates = ['./format-worker.js', './format-worker.mjs', '../format-worker.js', '../format-worker.mjs'];
  for (const candidate of candidates) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return url;
  }
  throw new FormatReadError(`Lectern could not read this file's format: its reader (format-worker) is missing.`);
}

export class FormatReader {
  timeoutMs: number;
  /** Tests: each thread as it starts. */
  onWorker?: (worker: Worker) => void;
  private readonly limits: ResourceLimits;
  private worker: Worker | null = null;
  private job: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(options: FormatReaderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.limits = options.resourceLimits ?? DEFAULT_LIMITS;
    this.onWorker = options.onWorker;
  }

  /** file-type's verdict on the given first bytes (null: no known signature). */
  async detect(name: string, bytes: Uint8Array): Promise<{ ext: string; mime: string } | null> {
    const reply = await this.enqueue(name, (id) => ({ t: 'detect', id, bytes }));
    if (reply.t === 'detected') return reply.type;
    throw this.failure(name, reply);
  }

  /** mediainfo.js on `size` bytes fetched through `read`. */
  async analyse(name: string, size: number, read: ReadBytes): Promise<Analysis> {
    const reply = await this.enqueue(name, (id) => ({ t: 'analyse', id, size }), read);
    if (reply.t === 'analysed') return { ok: true, result: reply.result };
    if (reply.t === 'no-media') return { ok: false, message: reply.message };
    throw this.failure(name, reply);
  }

  /**
   * Starts the thread ahead of its first job: a thread takes a while to start (Node's own
   * bootstrap), which the first check would otherwise wait for with the link idle. Idle, it never
   * keeps the process alive; a thread that cannot start is reported by the first job.
   */
  prepare(): void {
    if (this.worker) return;
    try {
      this.ensureWorker().unref();
    } catch {
      // The first job tries again and says why.
    }
  }

  /** Ends the thread (a job in flight fails); the next job starts another. */
  async close(): Promise<void> {
    await this.stop('was closed');
  }

  private failure(name: string, reply: FormatReply): FormatReadError {
    const detail = reply.t === 'failed' ? reply.message : `answered ${reply.t}`;
    return new FormatReadError(`Lectern could not read this file's format (${name}: the reader failed: ${detail}).`);
  }

  private enqueue(name: string, request: (id: number) => FormatRequest, read?: Job['read']): Promise<FormatReply> {
    const run = this.queue.then(() => this.run(name, request, read));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private run(name: string, request: (id: number) => FormatRequest, read?: Job['read']): Promise<FormatReply> {
    return new Promise<FormatReply>((resolve, reject) => {
      const id = this.nextId++;
      this.job = {
        id,
        name,
        read,
        workedMs: 0,
        workingSince: null,
        settle: (outcome) => {
          this.job = null;
          this.clearTimer();
          this.worker?.unref(); // idle: the thread never keeps the process alive
          if (outcome instanceof Error) reject(outcome);
          else resolve(outcome);
        },
      };
      let worker: Worker;
      try {
        worker = this.ensureWorker();
      } catch (error) {
        this.job.settle(error instanceof Error ? error : new FormatReadError(String(error)));
        return;
      }
      worker.ref();
      this.send(worker, request(id));
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // The thread changes V8's flags for the process: it shares the state of those changes.
    const worker = new Worker(workerEntry(), { resourceLimits: this.limits, workerData: wasmTierState() });
    this.worker = worker;
    worker.on('message', (reply: FormatReply) => void this.onReply(worker, reply));
    worker.on('error', (error: Error & { code?: string }) => {
      const why = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'ran out of memory' : `crashed (${error.message})`;
      this.lost(worker, why);
    });
    worker.on('exit', (code) => this.lost(worker, `stopped (exit code ${code})`));
    this.onWorker?.(worker);
    return worker;
  }

  private send(worker: Worker, message: FormatRequest): void {
    this.startTimer();
    // The bytes are moved, not copied; main keeps no use for them.
    const transfer = message.t === 'analyse' ? [] : [message.bytes.buffer as ArrayBuffer];
    worker.postMessage(message, transfer);
  }

  private async onReply(worker: Worker, reply: FormatReply): Promise<void> {
    const job = this.job;
    if (worker !== this.worker || !job || reply.id !== job.id) return;
    if (reply.t !== 'read') {
      job.settle(reply);
      return;
    }
    // Main's own read: the thread waits, so its clock stops (what it worked so far is kept).
    this.clearTimer();
    if (job.workingSince !== null) job.workedMs += performance.now() - job.workingSince;
    job.workingSince = null;
    let bytes: Uint8Array;
    try {
      if (!job.read) throw new Error('no reader for this job');
      bytes = await job.read(reply.chunkSize, reply.offset);
    } catch (error) {
      // The file's own error (gone, swapped, unreadable) is the caller's to word.
      if (this.job === job) await this.stop('was stopped', error instanceof Error ? error : new Error('read failed'));
      return;
    }
    if (this.job !== job || this.worker !== worker) return;
    // A copy of exactly these bytes: `bytes` may be a view into a larger buffer the caller reuses.
    this.send(worker, { t: 'chunk', id: job.id, bytes: new Uint8Array(bytes) });
  }

  private lost(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    const job = this.job;
    job?.settle(new FormatReadError(`Lectern could not read this file's format (${job.name}: the reader ${why}).`));
  }

  /** Terminates the thread; a job in flight fails with `cause`'s error when given, else FormatReadError. */
  private async stop(why: string, cause?: Error): Promise<void> {
    const worker = this.worker;
    const job = this.job;
    this.worker = null;
    job?.settle(
      cause ?? new FormatReadError(`Lectern could not read this file's format (${job.name}: the reader ${why}).`),
    );
    await worker?.terminate();
  }

  private startTimer(): void {
    this.clearTimer();
    const limit = this.timeoutMs;
    const job = this.job;
    if (job) job.workingSince = performance.now();
    // What is left of the job's budget, not a fresh one per chunk.
    this.timer = setTimeout(
      () => {
        const took = limit >= 1000 ? `${Math.round(limit / 1000)} s` : `${limit} ms`;
        void this.stop(`took longer than ${took} and was stopped`);
      },
      Math.max(0, limit - (job?.workedMs ?? 0)),
    );
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
