// Main process / plain Node tests, against the real sandbox over HTTP and a real SQLite file: what
// a screen is told for a cached read — fetched on the first visit, served from the cache after,
// a course shown as one read of two, and the reason when not online.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOON, suiteTempDir } from '../../test-support/index.ts';
import { openSandboxSync, startSyncSandbox, type SyncSandbox } from '../test-support/sandbox.ts';
import type { SyncService } from '../service.ts';
import { cachedCourse, cachedRead } from './cached-read.ts';

const data = suiteTempDir('lectern-cached-read-');
let sandbox: SyncSandbox;
let sync: SyncService;

beforeAll(async () => {
  sandbox = await startSyncSandbox();
  sync = openSandboxSync(sandbox, data.path);
  await vi.waitFor(() => expect(sync.connectivity().state).toBe('online'), { ...SOON, timeout: 5_000 });
});
afterAll(async () => {
  await sync?.close();
  await sandbox?.close();
});

describe('cached reads as screens get them', () => {
  it('a first visit fetches and fills the cache; the next answers from it without the network', async () => {
    const first = await cachedRead(sync, { kind: 'categories' });
    expect(first.data?.length).toBeGreaterThan(0);
    expect(first).toMatchObject({ stale: false, offlineReason: null });
    expect(first.fetchedAt).not.toBeNull();

    const before = sandbox.client.requestLog().length;
    const again = await cachedRead(sync, { kind: 'categories' });
    expect(again).toEqual(first);
    expect(sandbox.client.requestLog().length).toBe(before);
  });

  it('asking for a refresh marks the answer stale until the refresh lands', async () => {
    const answer = await cachedRead(sync, { kind: 'categories' }, true);
    expect(answer.data).not.toBeNull();
    expect(answer.stale).toBe(true);
  });

  it('a course is its detail and its sections together, as old as the older of the two', async () => {
    const { courseId } = await sandbox.firstCourse();
    const course = await cachedCourse(sync, courseId);
    expect(course.data?.course.id).toBe(courseId);
    expect(course.data?.sections.length).toBeGreaterThan(0);
    const detail = sync.readCache({ kind: 'course', courseId }, { refresh: 'never' });
    const sections = sync.readCache({ kind: 'sections', courseId }, { refresh: 'never' });
    expect(course.fetchedAt).toBe([detail.fetchedAt!, sections.fetchedAt!].sort()[0]);
  });

  it('offline: the cached copy with the reason, and nothing cached answers at once without a request', async () => {
    sync.setNetworkHint(false);
    try {
      await vi.waitFor(() => expect(sync.connectivity().state).toBe('offline'));
      const cached = await cachedRead(sync, { kind: 'categories' });
      expect(cached.data?.length).toBeGreaterThan(0);
      expect(cached.offlineReason).toBe('You are offline.');

      const before = sandbox.client.requestLog().length;
      const never = await cachedRead(sync, { kind: 'quizzes', page: 1, pageSize: 5 });
      expect(never).toEqual({ data: null, fetchedAt: null, stale: true, offlineReason: 'You are offline.' });
      expect(sandbox.client.requestLog().length).toBe(before);
    } finally {
      sync.setNetworkHint(true);
    }
  });
});
