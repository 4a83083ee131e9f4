/**
 * Renderer. Courses: the paged list with its filters, the categories for the filter, and the one
 * course whose detail is open (with its sections and lessons). Lesson actions: features/lessons.
 */
import type { Category, ContentStatus, Course, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createCachedRead } from '../../lib/cached-read.ts';
import { createPagedList, pageInput } from '../../lib/paged-list.ts';

export type { ContentStatus };

export interface CourseQuery {
  search: string;
  category: string | null;
  status: ContentStatus | null;
}

export const DEFAULT_COURSE_QUERY: CourseQuery = { search: '', category: null, status: null };

export const useCourseList = createPagedList<Course, CourseQuery>({
  kinds: ['courses'],
  fetchPage: (query, page, pageSize, refresh) =>
    call((b) =>
      b.courses.list({
        ...pageInput(page, pageSize, refresh, query.search),
        ...(query.category ? { category: query.category } : {}),
        ...(query.status ? { status: query.status } : {}),
      }),
    ),
});

export const useCategories = createCachedRead<Category[], 'all'>({
  kinds: ['categories'],
  fetch: () => call((b) => b.categories.list()),
});

export interface CourseDetail {
  course: Course;
  sections: Section[];
}

export const useCourseDetail = createCachedRead<CourseDetail, string>({
  kinds: ['course', 'sections'],
  fetch: (id) => call((b) => b.courses.get({ id })),
});
