// Tests (plain Node): a call's deadline ends with the call. Against the sandbox over real HTTP: the
// app makes thousands of calls in a day of uploads, and a deadline timer left pending for its whole
// span after each one kept it (and the call's signals) in memory that long.
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { useTestSandbox } from '../test-support/index.ts';

const sb = useTestSandbox({ seed: 'demo' });

/** Node's timer class (not exported by name): every setTimeout, AbortSignal.timeout's too, makes one. */
const Timeout = (() => {
  const probe = setTimeout(() => undefined, 0);
  clearTimeout(probe);
  return probe.constructor as new (...args: never[]) => object;
})();
/** Live timers after a full collection. */
const liveTimers = (): number => v8.queryObjects(Timeout, { format: 'count' });

describe('a call’s deadline', () => {
  it('leaves no timer behind once the call has answered', async () => {
    const client = sb.client({ retry: { deadlineMs: 600_000 } });
    await client.courses.list(); // the connection and the catalogue, made once
    const before = liveTimers();
    const calls = 60;
    for (let i = 0; i < calls; i++) await client.courses.list();
    // A pending deadline per call would leave about `calls` more; the server's own socket timers
    // are refreshed on the kept-alive connection, not made again.
    expect(liveTimers() - before).toBeLessThan(calls / 3);
  });
});
