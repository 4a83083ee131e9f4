/**
 * The paged list, through the courses list as the app builds it: pages read on demand from main's
 * cache, the copy's age and offline reason, re-reads on `cache.updated` and on reconnecting, and
 * errors. Main is a fake behind `window.lectern`; the store and the bridge module are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cached } from '../../../src-shared/index.ts';
import type * as CoursesStore from '../features/courses/store.ts';
import type * as PagedList from './paged-list.ts';
import {
  deferred,
  installFakeMain,
  refuse,
  removeFakeMain,
  settle,
  type FakeMain,
  type Reply,
} from '../../test-support/fake-main.ts';

type CoursesModule = typeof CoursesStore;
type PagedListModule = typeof PagedList;
type CoursePage = Reply<'courses.list'>;
type CourseFixture = { id: string; name: string; categories: [] };

let fake: FakeMain;
let courses: CoursesModule;
let paged: PagedListModule;

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Page `page` of `count` courses, `pageSize` a page, as main's cache answers it. */
function coursePage(
  page: number,
  count: number,
  pageSize = 100,
  meta: Partial<Omit<Cached<unknown>, 'data'>> = {},
): CoursePage {
  const first = (page - 1) * pageSize;
  const results: CourseFixture[] = [];
  for (let i = first; i < Math.min(count, first + pageSize); i++)
    results.push({ id: uuid(i + 1), name: `Course ${i + 1}`, categories: [] });
  const last = Math.max(1, Math.ceil(count / pageSize));
  return {
    data: {
      paginator: {
        count,
        next: page < last ? `https://lms.example/courses?page=${page + 1}` : null,
        previous: page > 1 ? `https://lms.example/courses?page=${page - 1}` : null,
        total_pages: last,
      },
      results,
    },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason: null,
    ...meta,
  };
}

function nothingCached(offlineReason: string | null): CoursePage {
  return { data: null, fetchedAt: null, stale: false, offlineReason };
}

const QUERY = { search: '', category: null, status: null };

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  courses = await import('../features/courses/store.ts');
  paged = await import('./paged-list.ts');
  // Started as the Courses screen starts it; it subscribes once the bridge has arrived.
  courses.useCourseList.start();
  await vi.waitFor(() => expect(fake.listenerCount('cache.updated')).toBeGreaterThan(0));
});

afterEach(() => {
  vi.useRealTimers();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('paged list', () => {
  it('reads the first page, then only the pages that come into view, each once', async () => {
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, 350));
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    expect(list.getState().status).toBe('loading');
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));

    const state = list.getState();
    expect(state.total).toBe(350);
    expect(state.totalPages).toBe(4);
    expect(paged.rowCount(state)).toBe(350);
    expect(paged.itemAt(state, 99)?.name).toBe('Course 100');
    expect(paged.itemAt(state, 100)).toBeUndefined();
    expect(fake.inputsTo('courses.list')).toEqual([{ page: 1, pageSize: 100 }]);

    // Rows 150..250 lie on pages 2 and 3; asking again while they load asks for nothing more.
    list.getState().ensureRange(150, 250);
    expect(list.getState().requested).toEqual({ 2: 'loading', 3: 'loading' });
    list.getState().ensureRange(150, 250);
    await vi.waitFor(() => expect(Object.keys(list.getState().pages)).toEqual(['1', '2', '3']));
    expect(list.getState().requested).toEqual({});
    expect(paged.itemAt(list.getState(), 250)?.name).toBe('Course 251');
    // Past the last page is never asked for.
    list.getState().ensureRange(300, 10_000);
    await vi.waitFor(() => expect(list.getState().pages[4]).toHaveLength(50));
    expect(fake.inputsTo('courses.list').map((i) => i.page)).toEqual([1, 2, 3, 4]);
  });

  it('sends the trimmed search and the filters, and leaves a blank search out', async () => {
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, 3));
    const list = courses.useCourseList;
    const category = uuid(900);
    list.getState().setQuery({ search: '  forklift ', category, status: 'PUBLISHED' });
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    // The same query again reads nothing; `force` reads again.
    list.getState().setQuery({ search: '  forklift ', category, status: 'PUBLISHED' });
    list.getState().setQuery({ search: '   ', category: null, status: null }, { force: true });
    await vi.waitFor(() => expect(fake.inputsTo('courses.list')).toHaveLength(2));
    expect(fake.inputsTo('courses.list')).toEqual([
      { page: 1, pageSize: 100, search: 'forklift', category, status: 'PUBLISHED' },
      { page: 1, pageSize: 100 },
    ]);
  });

  it('shows the age and staleness of the first page, not of later ones', async () => {
    fake.handle('courses.list', ({ page = 1 }) =>
      page === 1
        ? coursePage(1, 150, 100, { fetchedAt: '2026-05-01T09:00:00.000Z', stale: true })
        : coursePage(page, 150, 100, { fetchedAt: '2026-05-01T11:59:00.000Z', stale: false }),
    );
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    list.getState().ensureRange(100, 149);
    await vi.waitFor(() => expect(list.getState().pages[2]).toHaveLength(50));
    expect(list.getState().fetchedAt).toBe('2026-05-01T09:00:00.000Z');
    expect(list.getState().stale).toBe(true);
  });

  it('asks main for the server’s copy on Refresh, and re-reads when cache.updated names its kind', async () => {
    let fresh = false;
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, fresh ? 2 : 1));
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));

    list.getState().refreshNow();
    await vi.waitFor(() => expect(fake.inputsTo('courses.list')).toHaveLength(2));
    expect(fake.inputsTo('courses.list')[1]).toEqual({ page: 1, pageSize: 100, refresh: true });

    // Another kind does not concern this list; its own kind does.
    fresh = true;
    fake.emit('cache.updated', { kinds: ['quizzes'] });
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.waitFor(() => expect(list.getState().total).toBe(2));
    expect(fake.inputsTo('courses.list')).toHaveLength(3);
    expect(fake.inputsTo('courses.list')[2]).toEqual({ page: 1, pageSize: 100 });
  });

  it('with nothing cached, waits for main’s fetch and fills in on cache.updated', async () => {
    let ready = false;
    fake.handle('courses.list', ({ page = 1 }) => (ready ? coursePage(page, 5) : nothingCached(null)));
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().requested).toEqual({ 1: 'waiting' }));
    expect(list.getState().status).toBe('loading');

    ready = true;
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    expect(paged.rowCount(list.getState())).toBe(5);
    expect(list.getState().requested).toEqual({});
  });

  it('offline with nothing cached says why, and reads again by itself once back online', async () => {
    let online = false;
    fake.handle('courses.list', ({ page = 1 }) =>
      online ? coursePage(page, 2) : nothingCached('The server cannot be reached.'),
    );
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().offlineReason).toBe('The server cannot be reached.'));
    expect(list.getState().status).toBe('ready');
    expect(list.getState().requested).toEqual({ 1: 'failed' });
    expect(paged.rowCount(list.getState())).toBe(0);

    const status = (state: 'online' | 'offline') => ({
      state,
      since: '2026-05-01T12:00:00.000Z',
      lastCheckedAt: null,
      message: null,
      outbox: { count: 0, queued: 0, sending: 0, failed: 0, conflicts: 0, deletedOnServer: 0 },
      writesRefused: [],
    });
    // Still offline: nothing to read.
    fake.emit('sync.status', status('offline'));
    await settle();
    expect(fake.inputsTo('courses.list')).toHaveLength(1);

    online = true;
    fake.emit('sync.status', status('online'));
    await vi.waitFor(() => expect(list.getState().offlineReason).toBeNull());
    expect(paged.rowCount(list.getState())).toBe(2);
    expect(fake.inputsTo('courses.list')).toHaveLength(2);

    // Online again while nothing says "offline": no re-read.
    fake.emit('sync.status', status('online'));
    await settle();
    expect(fake.inputsTo('courses.list')).toHaveLength(2);
  });

  it('a failed first page is an error; a failed later page keeps the rows and marks only that page', async () => {
    let failing = true;
    fake.handle('courses.list', ({ page = 1 }) => {
      if (page === 1 && failing) throw refuse('API_FORBIDDEN', 'Forbidden.');
      if (page === 2) throw refuse('API_SERVER_ERROR', 'Server error.');
      return coursePage(page, 150);
    });
    const errors = await import('./errors.ts');
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().status).toBe('error'));
    expect(errors.errorCode(list.getState().error)).toBe('Forbidden');
    expect(errors.describeError(list.getState().error, { subject: 'theCourses' })).toContain(
      'This key is not allowed to open the courses.',
    );

    // "Try again" re-reads; the first page arrives, the second fails on its own.
    failing = false;
    list.getState().reread();
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    list.getState().ensureRange(100, 120);
    await vi.waitFor(() => expect(list.getState().requested).toEqual({ 2: 'failed' }));
    expect(list.getState().status).toBe('ready');
    expect(list.getState().pages[1]).toHaveLength(100);
  });

  it('drops a late answer for a query that is no longer shown', async () => {
    const slow = deferred<CoursePage>();
    fake.handle('courses.list', ({ search }) => (search === 'old' ? slow.promise : coursePage(1, 7)));
    const list = courses.useCourseList;
    list.getState().setQuery({ ...QUERY, search: 'old' });
    list.getState().setQuery({ ...QUERY, search: 'new' });
    await vi.waitFor(() => expect(list.getState().total).toBe(7));
    slow.resolve(coursePage(1, 999));
    await settle();
    expect(list.getState().total).toBe(7);
    expect(list.getState().query).toEqual({ ...QUERY, search: 'new' });
  });

  it('backs off from re-reads that change nothing, until the user asks', async () => {
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, 3));
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const reads = () => fake.inputsTo('courses.list').length;

    // Three bursts that change nothing: each re-reads once (bursts coalesce), then it goes quiet.
    for (let burst = 1; burst <= 3; burst++) {
      fake.emit('cache.updated', { kinds: ['courses'] });
      fake.emit('cache.updated', { kinds: ['courses'] });
      await vi.advanceTimersByTimeAsync(1_200);
      expect(reads()).toBe(1 + burst);
    }
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(reads()).toBe(4);

    // The quiet spell ends after 20 s, and the change named during it is read then, once.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads()).toBe(5);
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(reads()).toBe(6);

    // Quiet again (one more idle re-read makes three in a row); "Refresh" lifts it at once.
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(reads()).toBe(6);
    list.getState().refreshNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(7);
    fake.emit('cache.updated', { kinds: ['courses'] });
    await vi.advanceTimersByTimeAsync(1_200);
    expect(reads()).toBe(8);
    // "Refresh" also dropped the read that waited for the quiet spell's end.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(reads()).toBe(8);
  });

  it('forgets everything on a workspace switch, and rows deleted in the session stay marked', async () => {
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, 3));
    const list = courses.useCourseList;
    list.getState().setQuery(QUERY);
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    list.getState().markDeleted(uuid(2));
    list.getState().setQuery({ ...QUERY, search: 'x' });
    await vi.waitFor(() => expect(list.getState().status).toBe('ready'));
    expect(list.getState().deleted.has(uuid(2))).toBe(true);

    const reset = await import('./reset.ts');
    reset.forgetWorkspaceData();
    expect(list.getState()).toMatchObject({ query: null, pages: {}, total: null, status: 'idle' });
    expect(list.getState().deleted.size).toBe(0);
  });
});
