// Main process / plain Node tests. A profile session against the real sandbox over HTTP with a
// real SQLite store: the server stopping and returning is seen both ways by the real probes (how
// soon, within 5 s, is proven on a fake clock in sync/connectivity.test.ts), and a cached read
// with nothing cached answers "offline" at once instead of waiting out the client's retries.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../platform/index.ts';
import { cachedRead } from '../sync/index.ts';
import { splitTechnical } from '../../src-shared/connection-words.ts';
import { startSyncSandbox, type SyncSandbox } from '../sync/test-support/sandbox.ts';
import { PROBES_SETTLE, SOON, suiteTempDir } from '../test-support/index.ts';
import { openProfileSession, type ProfileSession } from './profile-session.ts';

let sandbox: SyncSandbox;
const data = suiteTempDir('lectern-sync-');
let session: ProfileSession;

beforeAll(async () => {
  sandbox = await startSyncSandbox();
  session = openProfileSession({
    dataDir: data.path,
    connection: {
      profileId: 'p',
      baseUrl: sandbox.baseUrl,
      keyMode: 'tenant',
      apiKey: async () => ({ key: sandbox.apiKey, origin: new URL(sandbox.baseUrl).origin }),
    },
    events: { emit: () => undefined, subscribe: () => () => undefined },
    log: createLogger(null),
  });
  await vi.waitFor(() => expect(session.sync.connectivity().lastCheckedAt).not.toBeNull(), SOON);
});
afterAll(async () => {
  await session.close();
  await sandbox.close();
});

const state = () => session.sync.connectivity().state;

describe('honest connectivity over real HTTP', () => {
  it('sees the server stop without any request, and come back, through its own probes', async () => {
    expect(state()).toBe('online');
    await sandbox.stop();
    const stoppedAt = Date.now();
    await vi.waitFor(() => expect(state()).toBe('unreachable'), PROBES_SETTLE);
    const noticedStopMs = Date.now() - stoppedAt;

    await sandbox.restart();
    const backAt = Date.now();
    await vi.waitFor(() => expect(state()).toBe('online'), PROBES_SETTLE);
    const noticedBackMs = Date.now() - backAt;
    // Measured, not bounded: the bound lives on the fake clock (sync/connectivity.test.ts).
    console.log(`connectivity: stop noticed in ${noticedStopMs} ms, return in ${noticedBackMs} ms`);
  });

  it('a screen opened just as the server died says offline as soon as the first attempt fails', async () => {
    expect(state()).toBe('online');
    await sandbox.stop();
    try {
      const logged = session.client.requestLog().length;
      // Nothing cached for quizzes yet: before, this waited out every retry, then threw.
      const answer = await cachedRead(session.sync, { kind: 'quizzes', page: 1, pageSize: 50 });
      // One attempt, no retries: the answer came with the first failure.
      const attempts = session.client
        .requestLog()
        .slice(logged)
        .filter((e) => e.path.endsWith('/quizzes'));
      expect(attempts.map((e) => e.attempt)).toEqual([1]);
      expect(answer).toMatchObject({ data: null, fetchedAt: null });
      // Why, as a screen shows it: a sentence, and the request behind "Details".
      const why = splitTechnical(answer.offlineReason ?? '');
      expect(why.sentence).toMatch(/could not connect|refused the connection|did not answer/i);
      expect(why.sentence).not.toMatch(/GET \//);
      expect(why.technical).toMatch(/^[A-Z][A-Z0-9_]{4,}: GET \/v1\/external\/learning\/quizzes/);

      // Known offline now: another unopened screen answers at once, without the network.
      const before = session.client.requestLog().length;
      const other = await cachedRead(session.sync, { kind: 'assessments', page: 1, pageSize: 50 });
      expect(other).toMatchObject({ data: null, stale: true });
      expect(other.offlineReason).not.toBeNull();
      expect(session.client.requestLog().length).toBe(before);
    } finally {
      await sandbox.restart();
    }
    await vi.waitFor(() => expect(state()).toBe('online'), PROBES_SETTLE);
    const fresh = await cachedRead(session.sync, { kind: 'quizzes', page: 1, pageSize: 50 });
    expect(fresh.data?.results.length).toBeGreaterThan(0);
    expect(fresh.offlineReason).toBeNull();
  });
});
