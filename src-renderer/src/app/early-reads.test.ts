/**
 * The opening list screen's first read after a reload: read once, followed from then on, and not
 * read again when the screen mounts and starts its list. Main is a fake behind `window.lectern`;
 * the stores, the bridge module and early-reads are the real ones.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { installFakeMain, refuse, removeFakeMain, settle, type FakeMain } from '../../test-support/fake-main.ts';

let fake: FakeMain;

const page = <T>(results: T[]) => ({
  data: {
    paginator: { count: results.length, next: null, previous: null, total_pages: 1 },
    results,
  },
  fetchedAt: '2026-05-01T12:00:00.000Z',
  stale: false,
  offlineReason: null,
});

beforeEach(() => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('courses.list', () =>
    page([{ id: '00000000-0000-4000-8000-000000000001', name: 'Course 1', categories: [] }]),
  );
  fake.handle('quizzes.list', () => page([]));
});

afterEach(() => {
  removeFakeMain();
  window.location.hash = '';
  expect(fake.problems).toEqual([]);
});

async function openOn(hash: string) {
  window.location.hash = hash;
  const early = await import('./early-reads.ts');
  const courses = await import('../features/courses/store.ts');
  const quizzes = await import('../features/quizzes/store.ts');
  await early.startOpeningRead();
  return { early, useCourseList: courses.useCourseList, useQuizList: quizzes.useQuizList };
}

it('the courses list read at the start is not read again when the screen starts it', async () => {
  const { early, useCourseList } = await openOn('#/courses');
  await vi.waitFor(() => expect(useCourseList.getState().status).toBe('ready'));
  expect(fake.inputsTo('courses.list')).toHaveLength(1);
  expect(useCourseList.users()).toBe(1);

  // The screen mounts: it starts its list, then the shell lets go of it.
  const stopScreen = useCourseList.start();
  early.releaseOpeningRead();
  await settle();
  expect(fake.inputsTo('courses.list')).toHaveLength(1);
  expect(useCourseList.users()).toBe(1);

  stopScreen();
  expect(useCourseList.users()).toBe(0);
  expect(fake.listenerCount('cache.updated')).toBe(0);
});

it('a cache change after the first read, before the screen mounts, is read', async () => {
  const { useCourseList } = await openOn('#/courses');
  await vi.waitFor(() => expect(useCourseList.getState().status).toBe('ready'));
  await vi.waitFor(() => expect(fake.listenerCount('cache.updated')).toBeGreaterThan(0));
  fake.emit('cache.updated', { kinds: ['courses'] });
  await vi.waitFor(() => expect(fake.inputsTo('courses.list')).toHaveLength(2));
});

it('the quizzes list too; and the shell lets go when no screen took it', async () => {
  const { early, useQuizList } = await openOn('#/quizzes');
  await vi.waitFor(() => expect(useQuizList.getState().status).toBe('ready'));
  const stopScreen = useQuizList.start();
  await settle();
  expect(fake.inputsTo('quizzes.list')).toHaveLength(1);
  stopScreen();
  expect(useQuizList.users()).toBe(1);
  early.releaseOpeningRead();
  expect(useQuizList.users()).toBe(0);
});

it('the workspaces are read at the opening, once, though the shell starts their store again', async () => {
  fake.handle('workspaces.list', () => ({ profiles: [], activeId: null }));
  const early = await import('./early-reads.ts');
  const { useWorkspaces } = await import('../features/workspaces/index.ts');
  // Settles once they are in.
  await early.startWorkspacesRead();
  expect(useWorkspaces.getState().status).toBe('ready');
  useWorkspaces.start();
  await settle();
  expect(fake.inputsTo('workspaces.list')).toHaveLength(1);
});

it('the first render does not wait forever when the workspaces cannot be read', async () => {
  fake.handle('workspaces.list', () => {
    throw refuse('BRIDGE_UNAVAILABLE', 'Main is not reachable.');
  });
  const early = await import('./early-reads.ts');
  const { useWorkspaces } = await import('../features/workspaces/index.ts');
  await early.startWorkspacesRead();
  expect(useWorkspaces.getState().status).toBe('error');
});
