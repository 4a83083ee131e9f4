// Tests (plain Node): waiting for the server without spending retry budget — the shared probe,
// its capped backoff, the retry loop's use of it, Retry-After on 429, and the clock-gap detector.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateLimitedError, NetworkError } from '../api/index.ts';
import { watchClockGap, type ClockGapClock } from './clock-gap.ts';
import { Reachability, serverAnswers } from './reachability.ts';
import { backoffDelay, classify, withRetries } from './retry-policy.ts';
import { StorageHttpError } from './storage-put.ts';

const init = { status: null, code: 'NETWORK_ERROR', message: 'connect ECONNREFUSED', method: 'GET', path: '/x' };

afterEach(() => {
  vi.useRealTimers();
});

describe('Reachability', () => {
  it('shares one probe among many failures, waits with a full-jitter backoff whose step caps at 4 s, and ends at the first answer', async () => {
    vi.useFakeTimers();
    let up = false;
    const probes: number[] = [];
    const changes: boolean[] = [];
    const reach = new Reachability({
      probe: async () => {
        probes.push(Date.now());
        if (!up) throw new Error('ECONNREFUSED');
      },
      onChange: (waiting) => changes.push(waiting),
      // Halfway through each step: the waits below are half of 0.5 s, 1 s, 2 s, 4 s, 4 s …
      random: () => 0.5,
    });
    const verdicts = await Promise.all([reach.verify(), reach.verify(), reach.verify()]);
    expect(verdicts).toEqual([false, false, false]);
    expect(probes).toHaveLength(1);
    expect(reach.waiting).toBe(true);
    expect(await reach.verify()).toBe(false); // no extra probe while waiting
    expect(probes).toHaveLength(1);

    let reached = false;
    void reach.whenReachable().then(() => (reached = true));
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = probes.slice(1).map((t, i) => t - probes[i]!);
    expect(gaps.slice(0, 5)).toEqual([250, 500, 1000, 2000, 2000]);
    expect(Math.max(...gaps)).toBe(2000);
    expect(reached).toBe(false);

    up = true;
    await vi.advanceTimersByTimeAsync(4000);
    expect(reached).toBe(true);
    expect(reach.waiting).toBe(false);
    expect(changes).toEqual([true, false]);
    reach.close();
  });

  it('probes at once on checkNow (wake from sleep) instead of at the next step', async () => {
    vi.useFakeTimers();
    let up = false;
    let probes = 0;
    const reach = new Reachability({
      probe: async () => {
        probes++;
        if (!up) throw new Error('down');
      },
      onChange: () => undefined,
    });
    await reach.verify();
    await vi.advanceTimersByTimeAsync(20_000); // backoff now at its 4 s cap
    const before = probes;
    up = true;
    reach.checkNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(probes).toBe(before + 1);
    expect(reach.waiting).toBe(false);
    reach.close();
  });

  it('a waiting API call spends no attempts however long the outage, then finishes', async () => {
    let up = false;
    let calls = 0;
    let failedProbes = 0;
    const reach = new Reachability({
      probe: async () => {
        if (up) return;
        failedProbes++;
        throw new Error('down');
      },
      onChange: () => undefined,
      baseMs: 5,
      capMs: 10,
    });
    const call = withRetries(
      async () => {
        calls++;
        if (!up) throw new NetworkError(init, true);
        return 'ok';
      },
      { baseMs: 1, capMs: 2, maxAttempts: 2, reach },
    );
    // Far more failures than the budget of 2 could survive.
    await vi.waitFor(() => expect(reach.waiting).toBe(true));
    const callsWhenWaiting = calls;
    // Ten failed probes: an outage outlasting the budget several times over, seen by the prober.
    await vi.waitFor(() => expect(failedProbes).toBeGreaterThanOrEqual(10), { timeout: 5_000, interval: 5 });
    expect(calls).toBe(callsWhenWaiting);
    up = true;
    expect(await call).toBe('ok');
    expect(calls).toBeGreaterThanOrEqual(2);
    reach.close();
  });

  it('a network failure on a server that answers spends the budget as before', async () => {
    const reach = new Reachability({ probe: async () => undefined, onChange: () => undefined });
    let calls = 0;
    await expect(
      withRetries(
        async () => {
          calls++;
          throw new NetworkError(init, false);
        },
        { baseMs: 1, capMs: 2, maxAttempts: 3, reach },
      ),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(3);
    expect(reach.waiting).toBe(false);
    reach.close();
  });
});

describe('serverAnswers', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((r) => server?.close(r) ?? r(undefined));
  });

  it('counts any HTTP answer as reachable and a refused connection as not', async () => {
    server = createServer((_req, res) => res.writeHead(404).end());
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    await expect(serverAnswers(url, AbortSignal.timeout(2000))).resolves.toBeUndefined();
    await new Promise((r) => server!.close(r));
    server = undefined;
    await expect(serverAnswers(url, AbortSignal.timeout(2000))).rejects.toSatisfy(
      (e) => classify(e).kind === 'unreachable',
    );
  });
});

describe('429 and Retry-After', () => {
  it('waits at least what the server asked, from the API client and from storage', () => {
    const api = classify(new RateLimitedError({ ...init, status: 429, code: 'RATE_LIMITED' }, 7));
    expect(api).toMatchObject({ kind: 'retry', retryAfterMs: 7000 });
    expect(backoffDelay(1, { baseMs: 500, capMs: 30_000 }, api.retryAfterMs)).toBeGreaterThanOrEqual(7000);
    const storage = new StorageHttpError(429, 'slow down', 12_000);
    expect(storage.retryAfterMs).toBe(12_000);
    // Retry-After above the backoff cap still wins.
    expect(backoffDelay(20, { baseMs: 500, capMs: 1000 }, storage.retryAfterMs)).toBe(12_000);
  });
});

describe('clock-gap detector', () => {
  function fakeClock() {
    let now = 1_000_000;
    let tick: (() => void) | null = null;
    const clock: ClockGapClock = {
      now: () => now,
      setInterval: (fn) => {
        tick = fn;
        return 1;
      },
      clearInterval: () => {
        tick = null;
      },
    };
    return {
      clock,
      advance(ms: number) {
        now += ms;
        tick?.();
      },
      get stopped() {
        return tick === null;
      },
    };
  }

  it('reports a tick that came far later than asked (the machine slept), not ordinary jitter', () => {
    const fake = fakeClock();
    const gaps: number[] = [];
    const stop = watchClockGap({ intervalMs: 2000, thresholdMs: 5000, onGap: (g) => gaps.push(g), clock: fake.clock });
    fake.advance(2000);
    fake.advance(2300);
    fake.advance(6900); // 4.9 s late: under the threshold
    expect(gaps).toEqual([]);
    fake.advance(2000 + 3_600_000); // an hour asleep
    expect(gaps).toEqual([3_600_000]);
    fake.advance(2000);
    expect(gaps).toHaveLength(1);
    stop();
    expect(fake.stopped).toBe(true);
  });
});
