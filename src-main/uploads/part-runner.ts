// Main process / plain Node. One attempt of one part: marks the attempt in the journal (so a
// re-send is known as one even after a kill), streams the PUT, checks the ETag against the MD5,
// commits the part, and turns any failure into what the scheduler should do next: retry now
// (re-sign, pause), back off, fail the file, or start over because the file changed.

import type { Agent } from 'undici';
import type { UploadJournal } from './journal.ts';
import { Md5Pool } from './md5-pool.ts';
import { backoffDelay, classify, problemOf, type Classified } from './retry-policy.ts';
import {
  FileShrankError,
  ReadBufferPool,
  StorageHttpError,
  bareEtag,
  createStorageAgent,
  etagIsMd5,
  putPart,
  type PutPartResult,
} from './storage-put.ts';
import { TokenBucket } from './token-bucket.ts';
import type { SignedUrl } from './part-book.ts';
import type { UploadJob } from './upload-job.ts';
import type { UrlSigner } from './url-signing.ts';
import type { UploadProblem } from './types.ts';

/** Free re-signs of one part in a row before a 403 starts spending the retry budget. */
const FREE_RESIGNS = 3;

export type PartOutcome =
  | { kind: 'done' }
  /** Put the part back in the queue, sendable at once (paused, dropped, re-signed). */
  | { kind: 'requeue' }
  | { kind: 'backoff'; delayMs: number }
  /** No answer at all: ask reachability whether to wait (free) or spend the budget (`spend`). */
  | { kind: 'unreachable'; failure: Classified }
  | { kind: 'fail'; problem: UploadProblem }
  /** The file changed while it was read: prepare again (new session). */
  | { kind: 'file-changed' }
  /** The answer belongs to a session or job that is gone: ignore it. */
  | { kind: 'stale' };

export interface PartRunnerOptions {
  journal: UploadJournal;
  bandwidthBytesPerSec: number | null;
  stallTimeoutMs: number;
  /** 0 = hash inline on the thread that sends. */
  md5Workers: number;
  maxAttempts: number;
  backoff: { baseMs: number; capMs: number };
  /** Told when storage refuses a URL, so it is signed again. */
  signer: UrlSigner;
}

export class PartRunner {
  readonly bucket: TokenBucket;
  private readonly options: PartRunnerOptions;
  private agent: Agent = createStorageAgent();
  private readonly md5Pool: Md5Pool | undefined;
  // Rings for the default four slots sending and four PUTs waiting for their answer: each keeps its
  // ring until answered, and a ring taken beyond these is fresh memory the GC must reclaim.
  private readonly buffers = new ReadBufferPool(8);

  constructor(options: PartRunnerOptions) {
    this.options = options;
    this.bucket = new TokenBucket(options.bandwidthBytesPerSec);
    this.md5Pool = options.md5Workers > 0 ? new Md5Pool(options.md5Workers) : undefined;
  }

  /** `onBodySent`: the last byte left (storage's answer is still to come), see putPart. */
  async run(
    job: UploadJob,
    part: number,
    signed: SignedUrl,
    onProgress: () => void,
    onBodySent?: () => void,
  ): Promise<PartOutcome> {
    const { start, size } = job.partRange(part);
    const resend = this.options.journal.markAttempt(job.id, part, size) > 0;
    const controller = new AbortController();
    const session = job.sessionId;
    job.beginAttempt(part, { controller, resend });
    let result: PutPartResult;
    try {
      result = await putPart({
        dispatcher: this.agent,
        url: signed.url,
        path: job.identity.path,
        start,
        size,
        signal: controller.signal,
        limiter: this.bucket,
        md5Pool: this.md5Pool,
        buffers: this.buffers,
        stallTimeoutMs: this.options.stallTimeoutMs,
        onBytes: (n) => {
          job.recordBytesSent(part, n, resend);
          onProgress();
        },
        onBodySent,
      });
    } catch (error) {
      return this.failed(job, part, signed, error);
    }
    // A late answer for a session the job has since left (file changed, cancelled) must not count.
    if (job.sessionId !== session || job.state === 'cancelled') {
      job.parts.endAttempt(part);
      return { kind: 'stale' };
    }
    if (result.etag && etagIsMd5(result.etag) && bareEtag(result.etag) !== result.md5) {
      const message = `Storage answered part ${part} with ETag ${result.etag}, not the MD5 of the bytes sent.`;
      return this.failed(job, part, signed, null, { kind: 'retry', code: 'ETAG_MISMATCH', message });
    }
    job.parts.endAttempt(part);
    if (!job.parts.done.has(part)) {
      this.options.journal.commitPart(job.id, { partNumber: part, size, etag: result.etag, md5: result.md5 }, job);
    }
    job.recordPartSent(part, { size, etag: result.etag, md5: result.md5 });
    return { kind: 'done' };
  }

  private failed(job: UploadJob, part: number, signed: SignedUrl, error: unknown, known?: Classified): PartOutcome {
    job.abandonAttempt(part);
    if (job.state === 'cancelled') return { kind: 'stale' };
    this.options.journal.saveCounters(job.id, job.bytesSent, job.bytesResent);
    if (error instanceof FileShrankError) return { kind: 'file-changed' };
    let c = known ?? (error instanceof StorageHttpError ? storageClass(error) : classify(error));
    if (c.kind === 'aborted') return { kind: 'requeue' };
    if (c.kind === 'resign') {
      this.options.signer.refused(job, part, signed);
      if (job.parts.takeFreeResign(part, FREE_RESIGNS)) return { kind: 'requeue' };
      c = { ...c, kind: 'retry' };
    }
    if (c.kind === 'unreachable') return { kind: 'unreachable', failure: c };
    if (c.kind === 'retry') return this.spend(job, part, c);
    // The source file's path (an fs error) lets the problem name the file instead of the system message.
    const path = (error as { path?: unknown } | null)?.path;
    return { kind: 'fail', problem: problemOf({ code: c.code, message: c.message, status: c.status, path }) };
  }

  /** One failure on a reachable server: back off (Retry-After is the floor), or fail the file. */
  spend(job: UploadJob, part: number, c: Classified): PartOutcome {
    const failures = job.parts.countFailure(part);
    if (failures < this.options.maxAttempts) {
      return { kind: 'backoff', delayMs: backoffDelay(failures, this.options.backoff, c.retryAfterMs) };
    }
    const message = `Part ${part} failed ${failures} times. Last error: ${c.message}`;
    return { kind: 'fail', problem: { code: c.code, message } };
  }

  /** New sockets for everything after this; the old ones (and their PUTs) are dropped. */
  dropConnections(): void {
    const old = this.agent;
    this.agent = createStorageAgent();
    void old.destroy().catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.agent.destroy().catch(() => undefined);
    await this.md5Pool?.close();
  }
}

function storageClass(error: StorageHttpError): Classified {
  const base = {
    status: error.status,
    code: `STORAGE_${error.status}`,
    message: error.message,
    retryAfterMs: error.retryAfterMs,
  };
  // An expired or refused presigned URL: sign again (S3 answers 403 for both).
  if (error.status === 403) return { kind: 'resign', ...base };
  if (error.status === 408 || error.status === 429 || error.status >= 500) return { kind: 'retry', ...base };
  return { kind: 'fatal', ...base };
}
