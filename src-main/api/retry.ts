// Main process / plain Node. Retry policy: capped exponential backoff with full jitter, bounded
// attempts and an overall deadline, and `Retry-After` parsing for 429.

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
  const ceiling = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** `Retry-After` as seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return null;
  const trimmed = raw.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, (at - now) / 1000);
}

/** Resolves after `ms`, or rejects early when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Error('aborted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
