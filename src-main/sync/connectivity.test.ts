// Main process / plain Node tests. Connection state from client outcomes and the probe: the timing
// rules run on an injected clock (every timer the module sets goes through it), the rest on real time.
import { describe, expect, it, vi } from 'vitest';
import { SOON } from '../test-support/index.ts';
import {
  createConnectivity,
  stateFromAttempt,
  stateFromOutcome,
  type ConnectivityOptions,
  type ConnectivityState,
  type Timers,
} from './connectivity.ts';
import { FakeApiError } from './test-support/index.ts';
import { dispositionOf, toSyncError } from './errors.ts';
import { splitTechnical } from '../../src-shared/connection-words.ts';
import { KeychainTimeout, KeychainUnavailable } from '../keychain/index.ts';

const networkError = (code: string) =>
  Object.assign(new FakeApiError('Network', null), { message: `Server unreachable (${code}): GET /x` });

/** A clock whose timers fire only when the test advances it; probes settle in between. */
function fakeClock() {
  let time = Date.parse('2026-05-01T09:00:00Z');
  let seq = 0;
  const pending = new Map<number, { at: number; fn: () => void }>();
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const timers: Timers = {
    setTimeout(fn, ms) {
      const id = ++seq;
      pending.set(id, { at: time + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    now: () => time,
    timers,
    /** Moves time forward by `ms`, firing due timers in order and letting probes settle. */
    async advance(ms: number) {
      const end = time + ms;
      for (;;) {
        await settle();
        const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        time = Math.max(time, due[1].at);
        due[1].fn();
      }
      time = end;
      await settle();
    },
  };
}

/** A server that is up or down; the probe asks it, like the real one, in no time. */
function harness(options: Partial<ConnectivityOptions> = {}) {
  const clock = fakeClock();
  const server = { up: true, probes: 0, inFlight: 0, maxInFlight: 0, hang: false };
  const c = createConnectivity({
    probe: async () => {
      server.probes++;
      server.inFlight++;
      server.maxInFlight = Math.max(server.maxInFlight, server.inFlight);
      try {
        if (server.hang) await new Promise(() => undefined);
        if (!server.up) throw networkError('ECONNREFUSED');
      } finally {
        server.inFlight--;
      }
    },
    now: clock.now,
    timers: clock.timers,
    // The top of each jittered step, unless a test picks its own: timings below read as steps.
    random: () => 0.9999,
    ...options,
  });
  const changes: { state: ConnectivityState; at: number }[] = [];
  c.onChange((s) => changes.push({ state: s.state, at: clock.now() }));
  c.start();
  return { c, clock, server, changes };
}

describe('stateFromOutcome', () => {
  it('maps client results to connection states', () => {
    expect(stateFromOutcome(null)).toBe('online');
    expect(stateFromOutcome(networkError('ENOTFOUND'))).toBe('offline');
    expect(stateFromOutcome(networkError('ENETUNREACH'))).toBe('offline');
    expect(stateFromOutcome(networkError('ECONNREFUSED'))).toBe('unreachable');
    // The client's messages now start with the plain sentence: "… (ENOTFOUND: GET /x)".
    const worded = (code: string) =>
      Object.assign(new FakeApiError('Network', null), {
        message: `No server is known by this name. (${code}: GET /x)`,
      });
    expect(stateFromOutcome(worded('ENOTFOUND'))).toBe('offline');
    expect(stateFromOutcome(worded('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('unreachable');
    expect(stateFromOutcome(new FakeApiError('Timeout', null))).toBe('unreachable');
    expect(stateFromOutcome(new FakeApiError('Unauthorized', 401))).toBe('key-rejected');
    // The server answered: the connection works, whatever it said.
    expect(stateFromOutcome(new FakeApiError('ServerError', 500))).toBe('online');
    expect(stateFromOutcome(new FakeApiError('Validation', 422))).toBe('online');
    expect(stateFromOutcome(new FakeApiError('Cancelled', null))).toBeNull();
  });

  it('a key this computer cannot read (keychain locked, gone or stuck) is its own state: the work waits, never fails', () => {
    const locked = new KeychainUnavailable('locked', 'get', null, 'linux');
    expect(stateFromOutcome(locked)).toBe('key-unavailable');
    expect(stateFromOutcome(new KeychainTimeout('get', 5_000))).toBe('key-unavailable');
    expect(dispositionOf(locked)).toBe('offline');
    expect(toSyncError(locked)).toMatchObject({ code: 'KEYCHAIN_UNAVAILABLE', message: locked.message });
    expect(locked.message).toMatch(/locked.*unlock it/i);
  });

  it('maps single HTTP attempts the same way', () => {
    expect(stateFromAttempt({ outcome: 'ok', status: 200 })).toBe('online');
    expect(stateFromAttempt({ outcome: 'ServerError', status: 503 })).toBe('online');
    expect(stateFromAttempt({ outcome: 'Network', status: null })).toBe('unreachable');
    expect(stateFromAttempt({ outcome: 'Timeout', status: null })).toBe('unreachable');
    expect(stateFromAttempt({ outcome: 'Unauthorized', status: 401 })).toBe('key-rejected');
    expect(stateFromAttempt({ outcome: 'Cancelled', status: null })).toBeNull();
  });
});

describe('createConnectivity timing (injected clock)', () => {
  it('a failed attempt flips it at once, before the client has finished retrying', () => {
    const { c } = harness();
    c.reportAttempt({ outcome: 'Network', status: null, method: 'GET', path: '/v1/external/learning/courses' });
    expect(c.status()).toMatchObject({
      state: 'unreachable',
      lastError: {
        message:
          'Lectern could not connect to the server. Check the address and your connection. (NETWORK: GET /v1/external/learning/courses)',
      },
    });
    c.reportAttempt({ outcome: 'ok', status: 200 });
    expect(c.status().state).toBe('online');
  });

  it('an attempt’s failure is written as the client writes one: words for a screen, the request behind Details', () => {
    const { c } = harness();
    const path = '/v1/external/learning/categories';
    c.reportAttempt({ outcome: 'Network', status: null, method: 'GET', path });
    expect(splitTechnical(c.status().lastError!.message)).toEqual({
      sentence: 'Lectern could not connect to the server. Check the address and your connection.',
      technical: `NETWORK: GET ${path}`,
    });
    c.reportAttempt({ outcome: 'Unauthorized', status: 401, method: 'GET', path });
    expect(splitTechnical(c.status().lastError!.message)).toEqual({
      sentence: 'The server refused the key.',
      technical: `UNAUTHORIZED: GET ${path}`,
    });
    // A timeout keeps the engineer's words: the screen's reading words every timeout itself.
    c.reportAttempt({ outcome: 'Timeout', status: null, method: 'GET', path });
    expect(c.status().lastError).toMatchObject({ kind: 'Timeout', message: `The server did not answer: GET ${path}` });
  });

  it('notices a server that stopped within 5 s while the app is in use, with no requests at all', async () => {
    for (const stopAfterMs of [0, 700, 2_900, 3_100, 10_000, 31_337]) {
      const { c, clock, server, changes } = harness();
      await clock.advance(stopAfterMs);
      server.up = false;
      const stoppedAt = clock.now();
      await clock.advance(5_000);
      expect(c.status().state, `stopped after ${stopAfterMs} ms`).toBe('unreachable');
      expect(changes[0]!.at - stoppedAt).toBeLessThanOrEqual(5_000);
      c.stop();
    }
  });

  it('notices the server is back within 5 s, however long it was away', async () => {
    for (const downForMs of [10, 999, 1_500, 4_200, 9_000, 60_000, 600_000]) {
      const { c, clock, server, changes } = harness();
      server.up = false;
      c.reportAttempt({ outcome: 'Network', status: null });
      await clock.advance(downForMs);
      server.up = true;
      const backAt = clock.now();
      await clock.advance(5_000);
      expect(c.status().state, `down for ${downForMs} ms`).toBe('online');
      expect(changes.at(-1)!.at - backAt).toBeLessThanOrEqual(5_000);
      c.stop();
    }
  });

  it('backs off 1 s, 2 s, 3 s, 3 s … while disconnected: no probe storm', async () => {
    const { c, clock, server } = harness();
    server.up = false;
    c.report(networkError('ECONNREFUSED'));
    await clock.advance(60_000);
    // 1 + 2 + 3·19 = 60 s: 21 probes, never more than one at a time.
    expect(server.probes).toBeGreaterThanOrEqual(20);
    expect(server.probes).toBeLessThanOrEqual(22);
    expect(server.maxInFlight).toBe(1);
    // Failed requests meanwhile do not start more probes.
    const before = server.probes;
    for (let i = 0; i < 50; i++) c.report(networkError('ECONNREFUSED'));
    await clock.advance(2_900);
    expect(server.probes - before).toBeLessThanOrEqual(1);
    c.stop();
  });

  it('jitters each probe wait anywhere below its step (full jitter), so clients that lost one server spread out', async () => {
    for (const [r, expected] of [
      [0.5, [500, 1_000, 1_500, 1_500]],
      [0.25, [250, 500, 750, 750]],
    ] as const) {
      const { c, clock, server } = harness({ random: () => r });
      server.up = false;
      c.report(networkError('ECONNREFUSED'));
      const start = clock.now();
      const at: number[] = [];
      let seen = 0;
      for (let t = 0; t < 4_000 && at.length < 4; t += 50) {
        await clock.advance(50);
        if (server.probes > seen) {
          seen = server.probes;
          at.push(clock.now());
        }
      }
      const gaps = at.map((t, i) => t - (i === 0 ? start : at[i - 1]!));
      // The fake clock steps 50 ms at a time: each probe lands in the step its wait ends in.
      gaps.forEach((gap, i) => expect(Math.abs(gap - expected[i]!), `r=${r} probe ${i + 1}`).toBeLessThanOrEqual(50));
      c.stop();
    }
  });

  it('keeps at most one probe in flight, even when asked again and again', async () => {
    const { c, clock, server } = harness();
    server.hang = true;
    c.report(networkError('ECONNREFUSED'));
    for (let i = 0; i < 10; i++) void c.checkNow();
    await clock.advance(30_000);
    expect(server.probes).toBe(1);
    c.stop();
  });

  it('sends no probe while online and requests keep succeeding', async () => {
    const { c, clock, server } = harness();
    for (let i = 0; i < 60; i++) {
      c.report(null);
      await clock.advance(1_000);
    }
    expect(server.probes).toBe(0);
    // Quiet for a while: now a heartbeat checks.
    await clock.advance(3_000);
    expect(server.probes).toBe(1);
    c.stop();
  });

  it('probes rarely while nobody uses the app, and at once when someone is back', async () => {
    const { c, clock, server } = harness();
    c.setInUse(false);
    await clock.advance(110_000);
    expect(server.probes).toBe(0);
    await clock.advance(11_000);
    expect(server.probes).toBe(1);
    server.up = false;
    c.report(networkError('ECONNREFUSED'));
    const before = server.probes;
    await clock.advance(60_000);
    expect(server.probes - before).toBeLessThanOrEqual(7); // 1, 2, 4, 8, 15, 15, 15 s
    server.up = true;
    c.setInUse(true);
    await clock.advance(0);
    expect(c.status().state).toBe('online');
    c.stop();
  });
});

describe('createConnectivity (real time)', () => {
  it('pushes changes only, probes faster while disconnected, and trusts the OS hint', async () => {
    let failing: unknown = networkError('ECONNREFUSED');
    let probes = 0;
    const c = createConnectivity({
      probe: async () => {
        probes++;
        if (failing) throw failing;
      },
      onlineProbeMs: 60_000,
      offlineProbeMs: 20,
    });
    const seen: ConnectivityState[] = [];
    c.onChange((s) => seen.push(s.state));
    c.start();
    c.report(null); // already online: no event
    c.report(new FakeApiError('Timeout', null));
    expect(c.status()).toMatchObject({ state: 'unreachable', lastError: { kind: 'Timeout' } });
    await vi.waitFor(() => expect(probes).toBeGreaterThanOrEqual(2), SOON);
    failing = null;
    await vi.waitFor(() => expect(c.status().state).toBe('online'), SOON);
    c.setNetworkHint(false);
    c.report(null); // a stale success must not flip it back while the OS says no network
    expect(c.status().state).toBe('offline');
    c.setNetworkHint(true);
    await vi.waitFor(() => expect(c.status().state).toBe('online'), SOON);
    expect(seen).toEqual(['unreachable', 'online', 'offline', 'online']);
    c.stop();
  });
});
