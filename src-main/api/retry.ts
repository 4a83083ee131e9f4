// Main process / plain Node. The API client's retry policy: bounded attempts and an overall
// deadline; the back-off (capped, full jitter), `Retry-After` and the sleep are the one shared
// module's (src-shared/retry.ts).
import { backoffDelay as sharedBackoffDelay, parseRetryAfterMs, sleep as sharedSleep } from '../../src-shared/retry.ts';

export { backoffStep } from '../../src-shared/retry.ts';

export interface RetryOptions {
  /** Total attempts including the first. */
  maxAttempts: number;
  /** Backoff scale: attempt n waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))]. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Overall limit for one call, all attempts and waits included. */
  deadlineMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 8,
  baseDelayMs: 100,
  maxDelayMs: 4_000,
  deadlineMs: 60_000,
};

/** Full jitter ("Exponential Backoff And Jitter", AWS architecture blog). `attempt` is 1-based. */
export function backoffDelay(attempt: number, opts: RetryOptions, random: () => number = Math.random): number {
  return sharedBackoffDelay(attempt, { baseMs: opts.baseDelayMs, capMs: opts.maxDelayMs, jitter: 'full', random });
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const ms = parseRetryAfterMs(value, now);
  return ms === null ? null : ms / 1000;
}

/** Resolves after `ms`, or rejects early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sharedSleep(ms, { signal });
}
