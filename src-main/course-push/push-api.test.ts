// Main process / plain Node tests. Waiting out a lost network during a course push: full-jitter
// back-off on an injected clock and random source, so no test waits for real time.
import { describe, expect, it } from 'vitest';
import { NetworkError, RateLimitedError } from '../api/index.ts';
import type { Clock } from '../../src-shared/retry.ts';
import { untilAnswered } from './push-api.ts';

const init = { status: null, code: 'NETWORK_ERROR', message: 'connect ECONNREFUSED', method: 'POST', path: '/x' };

/** A clock whose timers fire at once, noting how long each asked to wait. */
function recordingClock() {
  const waits: number[] = [];
  let now = 0;
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      waits.push(ms);
      now += ms;
      queueMicrotask(run);
      return waits.length;
    },
    clearTimeout: () => undefined,
  };
  return { clock, waits };
}

describe('untilAnswered', () => {
  it('waits a full-jitter back-off per lost try (step doubling to the cap) and says so once', async () => {
    const { clock, waits } = recordingClock();
    const told: boolean[] = [];
    let tries = 0;
    const result = await untilAnswered(
      async () => {
        if (++tries <= 6) throw new NetworkError(init, true);
        return 'created';
      },
      {
        signal: new AbortController().signal,
        onWaiting: (waiting) => told.push(waiting),
        baseMs: 500,
        capMs: 8_000,
        random: () => 0.5,
        clock,
      },
    );
    expect(result).toBe('created');
    expect(waits).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000]);
    expect(told).toEqual([true, false]);
  });

  it('hands any answer from the server, a refusal included, straight back', async () => {
    const { clock, waits } = recordingClock();
    const refused = new RateLimitedError({ ...init, status: 429, code: 'RATE_LIMITED', message: 'slow down' }, null);
    await expect(
      untilAnswered(() => Promise.reject(refused), {
        signal: new AbortController().signal,
        onWaiting: () => undefined,
        clock,
      }),
    ).rejects.toBe(refused);
    expect(waits).toEqual([]);
  });
});
