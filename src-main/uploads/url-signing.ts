// Main process / plain Node. Presigned part URLs: signed ahead in batches (one sign call per file
// at a time), kept per part until used, and handed to a PUT only while they have life left.
// When does a URL stop working? Read it from the URL where it says (S3 v4 X-Amz-Date +
// X-Amz-Expires, S3 v2 / HMAC `Expires` epochs), otherwise assume a lifetime, and learn a shorter
// one whenever storage refuses a URL we thought valid. The expiry is turned into a monotonic
// deadline when the URL arrives (src-shared/clock.ts), so a wall clock that jumps later neither
// expires every URL at once (a re-sign storm) nor keeps dead ones alive.

import { monotonicDeadline, systemTime, type TimeSource } from '../../src-shared/clock.ts';

import type { SignedUrl } from './part-book.ts';
import { classify, problemOf } from './retry-policy.ts';
import type { UploadApi, UploadProblem } from './types.ts';
import type { UploadJob } from './upload-job.ts';

export interface UrlSignerOptions {
  api: UploadApi;
  /** The engine's retries around one sign call (aborted with the job's epoch). */
  retried: <T>(job: UploadJob, call: (signal: AbortSignal) => Promise<T>) => Promise<T>;
  /** Parts sent at once: a batch keeps about two URLs per slot ready. */
  slots: () => number;
  /** Keeps the scheduler's count of async work (close waits for it). */
  track: (work: Promise<void>) => void;
  /** A sign call failed for good (not aborted, same epoch). */
  onFailure: (job: UploadJob, problem: UploadProblem) => void;
  /** A sign call ended either way: look for work again. */
  onSettled: () => void;
  /** Clocks (tests inject a jumping wall clock). */
  time?: TimeSource;
}

export class UrlSigner {
  readonly lifetime = new UrlLifetime();
  private readonly options: UrlSignerOptions;
  private readonly time: TimeSource;
  private gapAt = -Infinity;

  constructor(options: UrlSignerOptions) {
    this.options = options;
    this.time = options.time ?? systemTime;
  }

  /** URLs signed per call, and how far down a file's queue the scheduler looks for one. */
  batchSize(): number {
    return Math.min(100, Math.max(8, this.options.slots() * 2));
  }

  /** The part's URL if it has more than a margin of life left (monotonic clock `now`). */
  ready(job: UploadJob, part: number, now: number): SignedUrl | undefined {
    const signed = job.parts.urls.get(part);
    return signed && this.usable(signed, now, 1) ? signed : undefined;
  }

  /** True while the URL has more than `factor` × margin of life left. */
  private usable(signed: SignedUrl, now: number, factor: number): boolean {
    const expiresAt = this.lifetime.expiresAt(signed.expiresAt, signed.signedAt);
    return expiresAt - UrlLifetime.marginMs(signed.signedAt, expiresAt) * factor > now;
  }

  /**
   * Time passed that the monotonic clock did not count (a suspend) or the wall clock jumped: every
   * URL may be dead, so sign afresh (one call per file), and a refusal of an older URL teaches
   * nothing about how long URLs live.
   */
  clockGap(jobs: readonly UploadJob[]): void {
    this.gapAt = this.time.monotonic();
    for (const job of jobs) job.forgetSignedUrls();
  }

  /** Storage refused `signed` (403): learn from its age and forget it. */
  refused(job: UploadJob, part: number, signed: SignedUrl): void {
    if (signed.signedAt > this.gapAt) this.lifetime.learnFromRefusal(this.time.monotonic() - signed.signedAt);
    job.parts.dropSignedUrl(part, signed);
  }

  /** Keeps about a batch of fresh URLs ahead of the slots; one sign call per file at a time. */
  signAhead(job: UploadJob, now: number): void {
    if (job.signing) return;
    const batch = this.batchSize();
    let ready = 0;
    const need: number[] = [];
    const pending = job.parts.pending;
    for (let i = 0; i < pending.length && i < batch * 2 && need.length < batch; i++) {
      const part = pending[i]!;
      const signed = job.parts.urls.get(part);
      if (signed && this.usable(signed, now, 2)) ready++;
      else need.push(part);
    }
    if (need.length === 0 || ready >= Math.ceil(batch / 2)) return;
    job.beginSigning();
    const epoch = job.epoch;
    this.options.track(
      this.options
        .retried(job, (signal) => this.options.api.uploads.signParts(job.sessionId!, need, { signal }))
        .then((signed) => {
          const at = this.time.monotonic();
          for (const s of signed) {
            // An expiry already past means our clock disagrees with the server's: ignore it and
            // rely on the 403 → re-sign path instead of re-signing in a loop.
            const parsed = parseExpiry(s.url);
            const expiresAt = (parsed === null ? null : monotonicDeadline(parsed, this.time)) ?? Infinity;
            job.parts.storeSignedUrl(s.part_number, { url: s.url, signedAt: at, expiresAt });
          }
        })
        .catch((error) => {
          if (job.epoch === epoch && classify(error).kind !== 'aborted') this.options.onFailure(job, problemOf(error));
        })
        .finally(() => {
          job.endSigning();
          this.options.onSettled();
        }),
    );
  }
}

const DEFAULT_TTL_MS = 10 * 60_000;
const MIN_TTL_MS = 1_000;

export class UrlLifetime {
  /** Upper bound learned from 403s: URLs turned out to live at most about this long. */
  private learnedTtlMs = Infinity;

  /**
   * Expiry (monotonic clock) of a URL signed at `signedAt` whose own expiry, read when it arrived,
   * is `parsed` (Infinity when the URL does not say or our clock disagreed with it).
   */
  expiresAt(parsed: number, signedAt: number): number {
    if (parsed === Infinity) return signedAt + Math.min(DEFAULT_TTL_MS, this.learnedTtlMs);
    return Math.min(parsed, signedAt + this.learnedTtlMs);
  }

  /** Storage refused a URL that was `ageMs` old: believe URLs live a bit less than that. */
  learnFromRefusal(ageMs: number): void {
    this.learnedTtlMs = Math.max(MIN_TTL_MS, Math.min(this.learnedTtlMs, ageMs * 0.8));
  }

  /**
   * How long before expiry a URL is no longer handed to a PUT (a quarter of its life, at most a
   * minute), so a part never starts on a URL about to die.
   */
  static marginMs(signedAt: number, expiresAt: number): number {
    return Math.min(60_000, Math.max(250, (expiresAt - signedAt) / 4));
  }
}

export function parseExpiry(url: string): number | null {
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return null;
  }
  const amzDate = q.get('X-Amz-Date') ?? q.get('x-amz-date');
  const amzExpires = q.get('X-Amz-Expires') ?? q.get('x-amz-expires');
  if (amzDate && amzExpires) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    const seconds = Number(amzExpires);
    if (m && Number.isFinite(seconds)) {
      const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
      return start + seconds * 1000;
    }
  }
  for (const key of ['Expires', 'expires', 'exp', 'expires_at', 'expiresAt', 'e']) {
    const raw = q.get(key);
    if (raw === null) continue;
    const n = Number(raw);
    if (Number.isFinite(n) && n > 0) {
      if (n > 1e12) return n; // milliseconds
      if (n > 1e9) return n * 1000; // seconds
    }
    const d = Date.parse(raw);
    if (!Number.isNaN(d)) return d;
  }
  return null;
}
