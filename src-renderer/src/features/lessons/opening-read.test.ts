/**
 * The course page the app opened on (a reload of a course page): the shell's read of it, started
 * before the page mounts, is the page's first read. The store follows main's cache from that read
 * on, so the page taking it over reads nothing again, while a change of main's cache meanwhile is
 * read. Main is a fake behind `window.lectern`; the store and the bridge are the real ones.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { installFakeMain, removeFakeMain, settle, type FakeMain } from '../../../test-support/fake-main.ts';
import type * as OutlineModule from './outline.ts';

const COURSE = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
let fake: FakeMain;
let outline: typeof OutlineModule;

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  fake.handle('courses.get', ({ id }) => ({
    data: { course: { id, name: 'Site safety', categories: [] }, sections: [] },
    fetchedAt: '2026-05-01T12:00:00.000Z',
    stale: false,
    offlineReason: null,
  }));
  outline = await import('./outline.ts');
});

afterEach(() => {
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

it('the page opened on takes the shell’s read over without reading the course again', async () => {
  const { useCourseDetail, startOpeningCourseRead, takeOpeningCourseRead } = outline;
  startOpeningCourseRead(COURSE);
  await vi.waitFor(() => expect(useCourseDetail.getState().status).toBe('ready'));
  expect(useCourseDetail.users()).toBe(1);

  // The page mounts: it holds the store, takes the shell's read, and loads without forcing a read.
  const stopPage = useCourseDetail.start();
  const opened = takeOpeningCourseRead(COURSE);
  useCourseDetail.getState().load(COURSE, { force: !opened });
  await settle();
  expect(opened).toBe(true);
  expect(fake.inputsTo('courses.get')).toHaveLength(1);
  expect(useCourseDetail.users()).toBe(1);

  // Taken once: the same page opened again later reads its course again.
  expect(takeOpeningCourseRead(COURSE)).toBe(false);
  stopPage();
  expect(useCourseDetail.users()).toBe(0);
});

it('a change of main’s cache after the shell’s read, before the page mounts, is read', async () => {
  const { useCourseDetail, startOpeningCourseRead } = outline;
  startOpeningCourseRead(COURSE);
  await vi.waitFor(() => expect(useCourseDetail.getState().status).toBe('ready'));
  await vi.waitFor(() => expect(fake.listenerCount('cache.updated')).toBeGreaterThan(0));
  fake.emit('cache.updated', { kinds: ['sections'] });
  await vi.waitFor(() => expect(fake.inputsTo('courses.get')).toHaveLength(2));
});

it('another course’s page is not given the shell’s read, and the shell lets go of it', async () => {
  const { useCourseDetail, startOpeningCourseRead, takeOpeningCourseRead } = outline;
  startOpeningCourseRead(COURSE);
  expect(takeOpeningCourseRead(OTHER)).toBe(false);
  expect(useCourseDetail.users()).toBe(0);
});

it('moving elsewhere before the page mounted lets the shell’s hold go', async () => {
  const { useCourseDetail, startOpeningCourseRead } = outline;
  startOpeningCourseRead(COURSE);
  expect(useCourseDetail.users()).toBe(1);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  expect(useCourseDetail.users()).toBe(0);
});
