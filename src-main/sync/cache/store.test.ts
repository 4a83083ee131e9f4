// Main process / plain Node tests. The resource cache on a real SQLite file.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/index.ts';
import { cachedQuery, createCacheStore } from './store.ts';
import { openProfileDatabase, type ProfileDatabase } from '../../store/index.ts';

let dataDir: string;
let store: ProfileDatabase;
let clock = 1_000_000;
beforeEach(() => {
  dataDir = tempDir('lectern-cache-');
  store = openProfileDatabase({ dataDir, profileId: 'p' });
});
// Closed before tempDir removes the folder (onTestFinished runs after afterEach).
afterEach(() => store.close());

describe('CacheStore', () => {
  it('returns nothing-yet for unknown keys, then data with fetchedAt and staleness', () => {
    const cache = createCacheStore(store.db, { staleAfterMs: 1000, now: () => clock });
    expect(cache.read('categories')).toEqual({ data: null, fetchedAt: null, stale: true });
    cache.write('categories', 'categories', [{ id: 'c1', name: 'Math' }]);
    expect(cache.read('categories')).toEqual({
      data: [{ id: 'c1', name: 'Math' }],
      fetchedAt: new Date(clock).toISOString(),
      stale: false,
    });
    clock += 1001;
    expect(cache.read('categories').stale).toBe(true);
  });

  it('survives reopening (browsing offline after a restart)', () => {
    createCacheStore(store.db).write('course?courseId=x', 'course', { id: 'x', name: 'Algebra' });
    store.close();
    store = openProfileDatabase({ dataDir, profileId: 'p' });
    expect(createCacheStore(store.db).read('course?courseId=x').data).toEqual({ id: 'x', name: 'Algebra' });
  });

  it('replaces a saved item inside cached list pages, keeping their fetch time', () => {
    const cache = createCacheStore(store.db, { now: () => clock });
    cache.write('assessments?page=1', 'assessments', {
      paginator: {},
      results: [{ id: 'a', title: 'Old' }, { id: 'b' }],
    });
    cache.write('assessments?page=2', 'assessments', { paginator: {}, results: [{ id: 'c' }] });
    const before = cache.read('assessments?page=1').fetchedAt;
    clock += 5000;
    expect(cache.replaceInLists('assessments', { id: 'a', title: 'New' } as { id: string })).toEqual([
      'assessments?page=1',
    ]);
    expect(cache.read<{ results: unknown[] }>('assessments?page=1').data?.results[0]).toEqual({
      id: 'a',
      title: 'New',
    });
    expect(cache.read('assessments?page=1').fetchedAt).toBe(before);
  });

  it('drops a deleted item from cached list pages and lowers their count', () => {
    const cache = createCacheStore(store.db);
    cache.write('assessments?page=1', 'assessments', { paginator: { count: 3 }, results: [{ id: 'a' }, { id: 'b' }] });
    cache.write('assessments?courseId=x', 'assessments', { paginator: { count: 1 }, results: [{ id: 'c' }] });
    expect(cache.removeFromLists('assessments', 'a')).toEqual(['assessments?page=1']);
    expect(cache.read('assessments?page=1').data).toEqual({ paginator: { count: 2 }, results: [{ id: 'b' }] });
    expect(cache.read('assessments?courseId=x').data).toEqual({ paginator: { count: 1 }, results: [{ id: 'c' }] });
  });
});

describe('cachedQuery', () => {
  it('read() is immediate; refresh() fetches once for concurrent callers, writes and notifies', async () => {
    const cache = createCacheStore(store.db);
    let calls = 0;
    const updates: unknown[] = [];
    const q = cachedQuery(cache, {
      key: 'quizzes?page=1',
      kind: 'quizzes',
      fetch: async () => {
        calls++;
        await new Promise((r) => setTimeout(r, 10));
        return { results: [calls] };
      },
      onUpdated: (read) => updates.push(read.data),
    });
    expect(q.read().data).toBeNull();
    const [a, b] = await Promise.all([q.refresh(), q.refresh()]);
    expect(calls).toBe(1);
    expect(a).toEqual(b);
    expect(q.read().data).toEqual({ results: [1] });
    expect(updates).toEqual([{ results: [1] }]);
  });

  it('a failed refresh keeps the old cache', async () => {
    const cache = createCacheStore(store.db);
    cache.write('k', 'courses', { v: 1 });
    const q = cachedQuery(cache, { key: 'k', kind: 'courses', fetch: () => Promise.reject(new Error('offline')) });
    await expect(q.refresh()).rejects.toThrow('offline');
    expect(q.read().data).toEqual({ v: 1 });
  });
});
