/**
 * Renderer. The course whose detail is open, with its sections and their lessons: the course
 * detail screen shows it and the lesson actions and editor change and read it. It lives with the
 * lessons so that features/courses uses the lessons (their list in a section) and not both ways.
 */
import type { Course, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createCachedRead } from '../../lib/cached-read.ts';

export interface CourseDetail {
  course: Course;
  sections: Section[];
}

export const useCourseDetail = createCachedRead<CourseDetail, string>({
  kinds: ['course', 'sections'],
  fetch: (id) => call((b) => b.courses.get({ id })),
});

/** The shell's read of the course page the app opened on, holding the store started until the page takes it. */
let opening: { courseId: string; stop: () => void } | null = null;

/**
 * The opening course page's read, before the page mounts. The store is started with it, so it
 * follows main's cache from this read on and the page, taking it over, need not read it again.
 */
export function startOpeningCourseRead(courseId: string): void {
  opening?.stop();
  const held = { courseId, stop: useCourseDetail.start() };
  opening = held;
  useCourseDetail.getState().load(courseId);
  // Moved elsewhere before the page mounted: nobody takes it, the shell lets go.
  window.addEventListener(
    'hashchange',
    () => {
      if (opening === held) takeOpeningCourseRead(courseId);
    },
    { once: true },
  );
}

/**
 * The page lets the shell's hold go once it holds the store itself; true when the shell read this
 * course for it (its copy is as new as main's cache), false when the page must read it now.
 */
export function takeOpeningCourseRead(courseId: string): boolean {
  const held = opening;
  opening = null;
  held?.stop();
  return held?.courseId === courseId;
}
