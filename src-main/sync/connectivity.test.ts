// Main process / plain Node tests. Connection state from client outcomes and the periodic probe.
import { describe, expect, it } from 'vitest';
import { createConnectivity, stateFromOutcome, type ConnectivityState } from './connectivity.ts';
import { eventually, FakeApiError } from './test-support.ts';

const networkError = (code: string) =>
  Object.assign(new FakeApiError('Network', null), { message: `Server unreachable (${code}): GET /x` });

describe('stateFromOutcome', () => {
  it('maps client results to connection states', () => {
    expect(stateFromOutcome(null)).toBe('online');
    expect(stateFromOutcome(networkError('ENOTFOUND'))).toBe('offline');
    expect(stateFromOutcome(networkError('ENETUNREACH'))).toBe('offline');
    expect(stateFromOutcome(networkError('ECONNREFUSED'))).toBe('unreachable');
    expect(stateFromOutcome(new FakeApiError('Timeout', null))).toBe('unreachable');
    expect(stateFromOutcome(new FakeApiError('Unauthorized', 401))).toBe('key-rejected');
    // The server answered: the connection works, whatever it said.
    expect(stateFromOutcome(new FakeApiError('ServerError', 500))).toBe('online');
    expect(stateFromOutcome(new FakeApiError('Validation', 422))).toBe('online');
    expect(stateFromOutcome(new FakeApiError('Cancelled', null))).toBeNull();
  });
});

describe('createConnectivity', () => {
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
    await eventually(() => expect(probes).toBeGreaterThanOrEqual(2));
    failing = null;
    await eventually(() => expect(c.status().state).toBe('online'));
    c.setNetworkHint(false);
    c.report(null); // a stale success must not flip it back while the OS says no network
    expect(c.status().state).toBe('offline');
    c.setNetworkHint(true);
    await eventually(() => expect(c.status().state).toBe('online'));
    expect(seen).toEqual(['unreachable', 'online', 'offline', 'online']);
    c.stop();
  });
});
