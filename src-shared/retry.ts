/**
 * Shared (every process). The one way Lectern waits between tries: exponential back-off with a
 * cap and jitter, `Retry-After` honoured as a floor, an abortable sleep, and a retry loop, all on an
 * injectable clock and random source so tests step time instead of waiting for it.
 * Every retry and poll uses full jitter ("Exponential Backoff And Jitter", AWS architecture blog):
 * the wait is anywhere below the step, which spreads many clients (or parts) that failed together
 * best (a decision, see src-main/api/catalogue.ts "Back-off"); `none` is the bare step, for polls.
 */
import { monotonicNow, wallWait } from './clock.ts';

/** Timers and time, injectable: the real ones by default, a test's fake clock in tests. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface TimerGlobals {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The process's own clock and timers (looked up at call time, so fake timers apply too). `now` is
 * the monotonic clock: a deadline must not pass, or never come, because the wall clock jumped.
 */
export const realClock: Clock = {
  now: monotonicNow,
  setTimeout: (run, ms) => (globalThis as unknown as TimerGlobals).setTimeout(run, ms),
  clearTimeout: (handle) => (globalThis as unknown as TimerGlobals).clearTimeout(handle),
};

/**
 * Wall clock and timers running `factor` times faster than the real ones, from now on: tests (and
 * the bridge host's test hooks) prove a rule stated in seconds ("ask again 10 s after the last
 * check") against real servers, sockets and files without waiting those seconds. Fake timers
 * cannot: the HTTP, SQLite and child-process work around the rule needs the real event loop.
 */
export function fasterTime(factor: number): { time: { wall(): number }; timers: Clock } {
  const realStart = monotonicNow();
  const wallStart = Date.now();
  const elapsed = () => (monotonicNow() - realStart) * factor;
  return {
    time: { wall: () => wallStart + elapsed() },
    timers: {
      now: elapsed,
      setTimeout: (run, ms) => realClock.setTimeout(run, ms / factor),
      clearTimeout: (handle) => realClock.clearTimeout(handle),
    },
  };
}

/** What the waits need of an AbortSignal (this layer has no DOM or Node types; a real one fits). */
export interface AbortLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface Backoff {
  /** The first step; step n is baseMs · factor^(n-1), never above capMs. */
  baseMs: number;
  capMs: number;
  /** Growth per attempt. Default 2. */
  factor?: number;
  /** `full`: anywhere in [0, step) (default); `none`: the step itself. */
  jitter?: 'full' | 'none';
  /** In [0, 1). Default Math.random. */
  random?: () => number;
}

/**
 * The longest `Retry-After` honoured (15 minutes). Longer asks, or an HTTP date that looks hours
 * away because this machine's clock was set back, wait this long and then ask again: the server
 * answers again if it still wants us to wait.
 */
export const RETRY_AFTER_CEILING_MS = 15 * 60_000;

/** The un-jittered step before try `attempt + 1`, where `attempt` (from 1) counts tries so far. */
export function backoffStep(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.capMs, backoff.baseMs * (backoff.factor ?? 2) ** Math.max(0, attempt - 1));
}

/**
 * How long to wait before try `attempt + 1`: the step with its jitter, and never less than what the
 * server asked for (`retryAfterMs`), which may exceed the cap.
 */
export function backoffDelay(attempt: number, backoff: Backoff, retryAfterMs?: number | null): number {
  const step = backoffStep(attempt, backoff);
  const random = backoff.random ?? Math.random;
  const jitter = backoff.jitter ?? 'full';
  const jittered = jitter === 'none' ? step : Math.floor(random() * step);
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * HTTP `Retry-After` (delta-seconds or an HTTP date, `now` being the wall clock) in ms, at most
 * RETRY_AFTER_CEILING_MS; null when absent or unreadable.
 */
export function parseRetryAfterMs(value: string | readonly string[] | undefined | null, now: number): number | null {
  const raw = (typeof value === 'string' ? value : value?.[0])?.trim();
  if (!raw) return null;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.min(RETRY_AFTER_CEILING_MS, Math.round(Number(raw) * 1000));
  // An HTTP date names its day and month; anything else (a negative number, "soon") is unreadable.
  const at = /[a-z]/i.test(raw) ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(at) ? null : wallWait(at, now, RETRY_AFTER_CEILING_MS);
}

/** What an aborted wait rejects with: the signal's reason when it is an Error, else an AbortError. */
function abortReason(signal: AbortLike): Error {
  if (signal.reason instanceof Error) return signal.reason;
  return Object.assign(new Error('The wait was cancelled.', { cause: signal.reason }), { name: 'AbortError' });
}

/** Resolves after `ms` on `clock`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, options: { signal?: AbortLike; clock?: Clock } = {}): Promise<void> {
  const { signal, clock = realClock } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(abortReason(signal!));
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryOptions extends Backoff {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** Whether this failure is worth another try, and any wait the server asked for. */
  retryable: (error: unknown) => { retry: boolean; retryAfterMs?: number | null };
  /** All tries and waits of one call end by then (ms after the first try began). */
  deadlineMs?: number;
  signal?: AbortLike;
  clock?: Clock;
}

/** Runs `run` until it succeeds, a failure is not retryable, the tries run out or the deadline would pass. */
export async function retry<T>(run: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const clock = options.clock ?? realClock;
  const started = clock.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(attempt);
    } catch (error) {
      if (options.signal?.aborted || attempt >= options.maxAttempts) throw error;
      const verdict = options.retryable(error);
      if (!verdict.retry) throw error;
      const wait = backoffDelay(attempt, options, verdict.retryAfterMs);
      if (options.deadlineMs !== undefined && clock.now() + wait - started >= options.deadlineMs) throw error;
      await sleep(wait, { signal: options.signal, clock });
    }
  }
}
