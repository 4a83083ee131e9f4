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
