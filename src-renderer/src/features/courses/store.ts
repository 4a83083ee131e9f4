/**
 * Renderer. Courses: the paged list with its filters and the categories for the filter. The one
 * course whose detail is open (its sections and lessons) is read by features/lessons (`useCourseDetail`).
 */
import type { Category, ContentStatus, Course } from '../../../../src-shared/index.ts';
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
