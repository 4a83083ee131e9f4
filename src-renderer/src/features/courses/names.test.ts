/**
 * The one source of course names: the course pickers (new assessment, the quiz filter, the upload
 * target) share one read of every course page, and rows get their course and section names from
 * the same store. Main is a fake behind `window.lectern`; the store and the bridge are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  installFakeMain,
  refuse,
  removeFakeMain,
  type FakeMain,
  type Reply,
} from '../../../test-support/fake-main.ts';
import type * as NamesModule from './names.ts';
import type * as ResetModule from '../../lib/reset.ts';

let fake: FakeMain;
let names: typeof NamesModule;
let reset: typeof ResetModule;

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** Page `page` of the given course names, two a page, as main's cache answers it. */
function coursePage(page: number, all: (string | null)[], offlineReason: string | null = null): Reply<'courses.list'> {
  const pageSize = 2;
  const last = Math.ceil(all.length / pageSize);
  const results = all.slice((page - 1) * pageSize, page * pageSize).map((name, i) => ({
    id: uuid((page - 1) * pageSize + i + 1),
    categories: [],
    ...(name === null ? {} : { name }),
  }));
  return {
    data: {
      paginator: {
        count: all.length,
        next: page < last ? `https://lms.example/courses?page=${page + 1}` : null,
        previous: page > 1 ? `https://lms.example/courses?page=${page - 1}` : null,
      },
      results,
    },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason,
  };
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  names = await import('./names.ts');
  reset = await import('../../lib/reset.ts');
});

afterEach(() => {
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('course names', () => {
  it('pickers on two screens share one read of every page, in the server’s order', async () => {
    const courses = ['Zoology', 'Algebra', null];
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, courses));
    const store = names.useCourseNames;

    const stopNewAssessment = store.start();
    const stopUploads = store.start();
    await vi.waitFor(() => expect(store.getState().choicesStatus).toBe('ready'));

    expect(fake.inputsTo('courses.list').map((input) => input.page)).toEqual([1, 2]);
    expect(store.getState().choices).toEqual([
      { id: uuid(1), name: 'Zoology' },
      { id: uuid(2), name: 'Algebra' },
      { id: uuid(3), name: 'Untitled course' },
    ]);
    expect(store.getState().choicesOffline).toBe(false);
    stopNewAssessment();
    stopUploads();
  });

  it('opening a picker again reads again, showing the list it had meanwhile', async () => {
    let courses = ['Algebra'];
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, courses));
    const store = names.useCourseNames;
    const stop = store.start();
    await vi.waitFor(() => expect(store.getState().choices).toHaveLength(1));
    stop();

    const held = deferred<Reply<'courses.list'>>();
    fake.handle('courses.list', () => held.promise);
    const stopAgain = store.start();
    await vi.waitFor(() => expect(fake.inputsTo('courses.list')).toHaveLength(2));
    expect(store.getState()).toMatchObject({ choicesStatus: 'ready', choices: [{ id: uuid(1), name: 'Algebra' }] });

    courses = ['Algebra', 'Biology'];
    held.resolve(coursePage(1, courses));
    await vi.waitFor(() => expect(store.getState().choices.map((c) => c.name)).toEqual(['Algebra', 'Biology']));
    stopAgain();
  });

  it('says when the list is the copy last seen, and keeps a failed read’s typed error', async () => {
    fake.handle('courses.list', ({ page = 1 }) => coursePage(page, ['Algebra'], 'You are offline.'));
    const store = names.useCourseNames;
    const stop = store.start();
    await vi.waitFor(() => expect(store.getState().choicesStatus).toBe('ready'));
    expect(store.getState().choicesOffline).toBe(true);
    stop();

    reset.forgetWorkspaceData();
    expect(store.getState()).toMatchObject({ choices: [], choicesStatus: 'idle', choicesOffline: false });
    fake.handle('courses.list', () => {
      throw refuse('API_FORBIDDEN', 'Forbidden.');
    });
    const stopAgain = store.start();
    await vi.waitFor(() => expect(store.getState().choicesStatus).toBe('error'));
    expect(store.getState().choicesError).toMatchObject({ code: 'API_FORBIDDEN' });
    stopAgain();
  });

  it('rows get course and section names by id, each course read once', async () => {
    const course = uuid(7);
    const section = uuid(70);
    fake.handle('courses.get', ({ id }) => ({
      data: {
        course: { id, name: 'Algebra', categories: [] },
        sections: [{ id: section, title: 'Week 1', order: 1, lessons: [] }],
      },
      fetchedAt: '2026-05-01T12:00:00.000Z',
      stale: false,
      offlineReason: null,
    }));
    const store = names.useCourseNames;
    store.getState().ensure([course, course]);
    store.getState().ensure([course]);
    await vi.waitFor(() =>
      expect(store.getState().courses[course]).toEqual({ name: 'Algebra', sections: { [section]: 'Week 1' } }),
    );
    expect(fake.inputsTo('courses.get')).toEqual([{ id: course }]);
    // Rows ask for names without starting the store: no course list is read for them.
    expect(fake.inputsTo('courses.list')).toEqual([]);
  });
});
