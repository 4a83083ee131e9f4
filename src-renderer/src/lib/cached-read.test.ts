/**
 * The cached read, through the assessment the editor opens: main's cached copy at once with its
 * age, the fresh one after `cache.updated`, offline and back online, and errors beside the data.
 * Main is a fake behind `window.lectern`; the store and the bridge module are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../src-shared/index.ts';
import type * as AssessmentsStore from '../features/assessments/store.ts';
import {
  deferred,
  installFakeMain,
  refuse,
  removeFakeMain,
  settle,
  type FakeMain,
  type Reply,
} from '../../test-support/fake-main.ts';

type AssessmentsModule = typeof AssessmentsStore;
type AssessmentRead = Reply<'assessments.get'>;

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const COURSE = '00000000-0000-4000-8000-0000000000c0';

let fake: FakeMain;
let store: AssessmentsModule;

function copy(title: string, meta: Partial<Omit<AssessmentRead, 'data'>> = {}, id = A): AssessmentRead {
  return {
    // The course and the people lists are parts the server may leave out.
    data: {
      id,
      title,
      course_id: COURSE,
      updated_datetime: '2026-04-01T10:00:00Z',
      course: undefined,
      locations: undefined,
      groups: undefined,
      seats: undefined,
    },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason: null,
    ...meta,
  };
}

function nothing(offlineReason: string | null): AssessmentRead {
  return { data: null, fetchedAt: null, stale: false, offlineReason };
}

function status(state: SyncStatus['state']): SyncStatus {
  return {
    state,
    since: '2026-05-01T12:00:00.000Z',
    lastCheckedAt: null,
    message: null,
    outbox: { count: 0, queued: 0, sending: 0, failed: 0, conflicts: 0, deletedOnServer: 0 },
    writesRefused: [],
  };
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  store = await import('../features/assessments/store.ts');
  // Started as the editor starts it; it subscribes once the bridge has arrived.
  store.useAssessment.start();
  await vi.waitFor(() => expect(fake.listenerCount('sync.status')).toBeGreaterThan(0));
});

afterEach(() => {
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('cached read', () => {
  it('shows the cached copy with its age at once, then the fresh one when cache.updated names its kind', async () => {
    let answer = copy('Old title', { fetchedAt: '2026-04-30T08:00:00.000Z', stale: true });
    fake.handle('assessments.get', () => answer);
    const read = store.useAssessment;
    read.getState().load(A);
    expect(read.getState().status).toBe('loading');
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));
    expect(read.getState()).toMatchObject({
      data: { title: 'Old title' },
      fetchedAt: '2026-04-30T08:00:00.000Z',
      stale: true,
      offlineReason: null,
    });

    answer = copy('New title', { fetchedAt: '2026-05-01T12:00:00.000Z' });
    fake.emit('cache.updated', { kinds: ['courses'] });
    fake.emit('cache.updated', { kinds: ['assessment'] });
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('New title'));
    expect(read.getState().stale).toBe(false);
    expect(read.getState().fetchedAt).toBe('2026-05-01T12:00:00.000Z');
    // Opening asks main for the server's copy too; a re-read after the event only reads the cache.
    expect(fake.inputsTo('assessments.get')).toEqual([{ id: A, refresh: true }, { id: A }]);
  });

  it('a forced load while the same opening read is on its way waits for that read (the app started it early)', async () => {
    const first = deferred<AssessmentRead>();
    fake.handle('assessments.get', () => first.promise);
    const read = store.useAssessment;
    read.getState().load(A);
    read.getState().load(A, { force: true });
    first.resolve(copy('Read once'));
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));
    expect(read.getState().data?.title).toBe('Read once');
    expect(fake.inputsTo('assessments.get')).toHaveLength(1);

    // Once that read is answered, forcing reads again.
    fake.handle('assessments.get', () => copy('Read again'));
    read.getState().load(A, { force: true });
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('Read again'));
    expect(fake.inputsTo('assessments.get')).toHaveLength(2);
  });

  it('with nothing cached it waits for main, and fills in on cache.updated', async () => {
    let answer = nothing(null);
    fake.handle('assessments.get', () => answer);
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().status).toBe('waiting'));
    expect(read.getState().data).toBeNull();

    answer = copy('Arrived');
    fake.emit('cache.updated', { kinds: ['assessment'] });
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));
    expect(read.getState().data?.title).toBe('Arrived');
  });

  it('offline: says why, keeps the copy it had, and reads again once back online', async () => {
    let answer = copy('Kept', { stale: true });
    fake.handle('assessments.get', () => answer);
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('Kept'));

    answer = nothing('You are offline.');
    fake.emit('cache.updated', { kinds: ['assessment'] });
    await vi.waitFor(() => expect(read.getState().offlineReason).toBe('You are offline.'));
    expect(read.getState().status).toBe('ready');
    expect(read.getState().data?.title).toBe('Kept');

    fake.emit('sync.status', status('unreachable'));
    await settle();
    expect(fake.inputsTo('assessments.get')).toHaveLength(2);

    answer = copy('Fresh');
    fake.emit('sync.status', status('online'));
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('Fresh'));
    expect(read.getState().offlineReason).toBeNull();
    expect(fake.inputsTo('assessments.get')).toHaveLength(3);

    // Online while nothing says "offline": nothing to read again.
    fake.emit('sync.status', status('online'));
    await settle();
    expect(fake.inputsTo('assessments.get')).toHaveLength(3);
  });

  it('offline with nothing cached is shown as ready-but-empty, not as waiting forever', async () => {
    fake.handle('assessments.get', () => nothing('The server cannot be reached.'));
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().offlineReason).toBe('The server cannot be reached.'));
    expect(read.getState().status).toBe('ready');
    expect(read.getState().data).toBeNull();
  });

  it('an error keeps the data shown beside it; with no data it is the error state, and Retry reads again', async () => {
    let fail = false;
    fake.handle('assessments.get', () => {
      if (fail) throw refuse('API_NETWORK', 'fetch failed');
      return copy('Shown');
    });
    const errors = await import('./errors.ts');
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));

    fail = true;
    read.getState().reread();
    await vi.waitFor(() => expect(read.getState().error).not.toBeNull());
    expect(read.getState().status).toBe('ready');
    expect(read.getState().data?.title).toBe('Shown');
    expect(errors.isOfflineError(read.getState().error)).toBe(true);

    read.getState().load(B);
    await vi.waitFor(() => expect(read.getState().status).toBe('error'));
    expect(read.getState().data).toBeNull();

    // Loading the same param again after an error is a retry, not a no-op.
    fail = false;
    read.getState().load(B);
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));
    expect(read.getState().error).toBeNull();
  });

  it('the same param is not read twice unless forced; a late answer for another param is dropped', async () => {
    const slow = deferred<AssessmentRead>();
    fake.handle('assessments.get', ({ id }) => (id === A ? slow.promise : copy('B', {}, B)));
    const read = store.useAssessment;
    read.getState().load(A);
    read.getState().load(A);
    read.getState().load(B);
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('B'));
    slow.resolve(copy('A'));
    await settle();
    expect(read.getState()).toMatchObject({ param: B, data: { title: 'B' } });
    expect(fake.inputsTo('assessments.get').map((i) => i.id)).toEqual([A, B]);

    read.getState().load(B, { force: true });
    await vi.waitFor(() => expect(fake.inputsTo('assessments.get')).toHaveLength(3));
  });

  it('patch changes only what is shown, until the next read; a workspace switch forgets it', async () => {
    fake.handle('assessments.get', () => copy('Server'));
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().status).toBe('ready'));
    read.getState().patch((a) => ({ ...a, title: 'Local' }));
    expect(read.getState().data?.title).toBe('Local');
    read.getState().reread();
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('Server'));

    const reset = await import('./reset.ts');
    reset.forgetWorkspaceData();
    expect(read.getState()).toMatchObject({ param: null, data: null, status: 'idle' });
  });

  it('patchWhile: a read begun before the change and answered during it is dropped, then read again', async () => {
    let title = 'Before';
    const slow = deferred<AssessmentRead>();
    let reads = 0;
    fake.handle('assessments.get', () => (++reads === 2 ? slow.promise : copy(title)));
    const read = store.useAssessment;
    read.getState().load(A);
    await vi.waitFor(() => expect(read.getState().data?.title).toBe('Before'));
    read.getState().reread(); // on the wire: answered with what main had before the change
    await vi.waitFor(() => expect(reads).toBe(2));
    const work = deferred<void>();
    read.getState().patchWhile((a) => ({ ...a, title: 'Local' }), work.promise);
    slow.resolve(copy('Before'));
    await settle();
    expect(read.getState().data?.title).toBe('Local');
    title = 'Local';
    work.resolve();
    await vi.waitFor(() => expect(reads).toBe(3));
    await settle();
    expect(read.getState().data?.title).toBe('Local');
  });
});
