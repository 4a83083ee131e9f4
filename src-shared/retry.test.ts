// Tests (shared). The one back-off and sleep, on a fake clock: no test here waits for real time.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  backoffStep,
  fasterTime,
  parseRetryAfterMs,
  retry,
  RETRY_AFTER_CEILING_MS,
  sleep,
  type Clock,
} from './retry.ts';

/** A clock that moves only when told; timers fire in time order as it passes them. */
function fakeClock(start = 0) {
  let now = start;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  /** Moves time on by `ms`, running each timer due on the way (and what they scheduled). */
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      await Promise.resolve();
      const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    now = until;
  }
  return { clock, advance, pending: () => timers.size };
}

describe('backoffDelay', () => {
  const backoff = { baseMs: 100, capMs: 1_000 };

  it('full jitter: anywhere in [0, step), the step doubling up to the cap', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (attempt, r) => {
        const step = Math.min(1_000, 100 * 2 ** (attempt - 1));
        expect(backoffStep(attempt, backoff)).toBe(step);
        const delay = backoffDelay(attempt, { ...backoff, random: () => r });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(step);
      }),
    );
  });

  it('none is the step itself; factor changes the growth', () => {
    expect(backoffDelay(3, { ...backoff, jitter: 'none' })).toBe(400);
    expect(backoffStep(3, { baseMs: 1_000, capMs: 60_000, factor: 1.5 })).toBe(2_250);
  });

  it('never waits less than Retry-After asks, even past the cap', () => {
    expect(backoffDelay(1, { ...backoff, random: () => 0.5 }, 5_000)).toBe(5_000);
    expect(backoffDelay(9, { ...backoff, random: () => 0.5 }, null)).toBe(500);
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.UTC(2026, 4, 1, 9, 30, 0);

  it('reads delta-seconds and HTTP dates against the clock it is given', () => {
    expect(parseRetryAfterMs('2', now)).toBe(2_000);
    expect(parseRetryAfterMs(' 1.5 ', now)).toBe(1_500);
    expect(parseRetryAfterMs(['3', '9'], now)).toBe(3_000);
    expect(parseRetryAfterMs(new Date(now + 3_000).toUTCString(), now)).toBe(3_000);
    expect(parseRetryAfterMs(new Date(now - 3_000).toUTCString(), now)).toBe(0);
  });

  it('never asks for more than the ceiling: a clock set back an hour does not make a retry wait an hour', () => {
    const serverSaysInTwoSeconds = new Date(now + 2_000).toUTCString();
    const setBackAnHour = now - 3_600_000;
    expect(parseRetryAfterMs(serverSaysInTwoSeconds, setBackAnHour)).toBe(RETRY_AFTER_CEILING_MS);
    expect(parseRetryAfterMs('86400', now)).toBe(RETRY_AFTER_CEILING_MS);
    expect(RETRY_AFTER_CEILING_MS).toBeLessThanOrEqual(15 * 60_000);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfterMs(undefined, now)).toBeNull();
    expect(parseRetryAfterMs('', now)).toBeNull();
    expect(parseRetryAfterMs('soon', now)).toBeNull();
    expect(parseRetryAfterMs('-1', now)).toBeNull();
  });
});

describe('sleep', () => {
  it('resolves when the clock passes the time, not before', async () => {
    const { clock, advance } = fakeClock();
    let done = false;
    const slept = sleep(60_000, { clock }).then(() => (done = true));
    await advance(59_999);
    expect(done).toBe(false);
    await advance(1);
    await slept;
    expect(done).toBe(true);
  });

  it('rejects with the signal’s reason as soon as it aborts, and leaves no timer behind', async () => {
    const { clock, pending } = fakeClock();
    const abort = new AbortController();
    const slept = sleep(60_000, { clock, signal: abort.signal });
    abort.abort(new Error('closing'));
    await expect(slept).rejects.toThrow('closing');
    expect(pending()).toBe(0);
    await expect(sleep(1, { clock, signal: abort.signal })).rejects.toThrow('closing');
  });
});

describe('fasterTime', () => {
  afterEach(() => vi.useRealTimers());

  it('moves its wall clock and fires its timers `factor` times sooner than real time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'], now: 1_000_000 });
    const { time, timers } = fasterTime(10);
    let fired = 0;
    timers.setTimeout(() => fired++, 10_000);
    const cancelled = timers.setTimeout(() => fired++, 10_000);
    timers.clearTimeout(cancelled);
    await vi.advanceTimersByTimeAsync(999);
    expect(fired).toBe(0);
    expect(time.wall()).toBe(1_000_000 + 9_990);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toBe(1);
    expect(timers.now()).toBe(10_000);
  });
});

describe('retry', () => {
  const transient = Object.assign(new Error('503'), { retryAfterMs: null as number | null });
  const retryable = (error: unknown) => ({
    retry: error === transient,
    retryAfterMs: (error as { retryAfterMs?: number | null }).retryAfterMs,
  });

  it('tries again after each back-off until it succeeds, within a minute of fake time', async () => {
    const { clock, advance } = fakeClock();
    const at: number[] = [];
    const result = retry(
      async (attempt) => {
        at.push(clock.now());
        if (attempt < 4) throw transient;
        return 'done';
      },
      { baseMs: 1_000, capMs: 8_000, jitter: 'none', maxAttempts: 5, retryable, clock },
    );
    await advance(60_000);
    await expect(result).resolves.toBe('done');
    expect(at).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('gives up on a failure that is not retryable, when the tries run out, or before the deadline', async () => {
    const { clock, advance } = fakeClock();
    const fatal = new Error('400');
    await expect(
      retry(() => Promise.reject(fatal), { baseMs: 1, capMs: 1, maxAttempts: 5, retryable, clock }),
    ).rejects.toBe(fatal);

    let tries = 0;
    const outOfTries = retry(
      () => {
        tries++;
        return Promise.reject(transient);
      },
      { baseMs: 10, capMs: 10, jitter: 'none', maxAttempts: 3, retryable, clock },
    );
    const settled = outOfTries.catch((e: unknown) => e);
    await advance(1_000);
    expect(await settled).toBe(transient);
    expect(tries).toBe(3);

    tries = 0;
    const pastDeadline = retry(
      () => {
        tries++;
        return Promise.reject(transient);
      },
      { baseMs: 400, capMs: 400, jitter: 'none', maxAttempts: 50, deadlineMs: 1_000, retryable, clock },
    ).catch((e: unknown) => e);
    await advance(5_000);
    expect(await pastDeadline).toBe(transient);
    expect(tries).toBe(3); // at 0, 400 and 800 ms; one more wait would end past the deadline
  });

  it('stops waiting at once when aborted', async () => {
    const { clock } = fakeClock();
    const abort = new AbortController();
    const running = retry(() => Promise.reject(transient), {
      baseMs: 60_000,
      capMs: 60_000,
      maxAttempts: 5,
      retryable,
      clock,
      signal: abort.signal,
    }).catch((e: unknown) => e);
    await Promise.resolve();
    abort.abort(new Error('stop'));
    expect(await running).toEqual(new Error('stop'));
  });
});
