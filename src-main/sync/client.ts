// Main process / plain Node. The narrow slice of the API client (src-main/api) the sync engine
// uses. The real client fits it structurally; tests may pass anything with the same shape. Which
// call sends which kind of draft is resource-behaviour.ts.
import type { AssessmentQuery, CourseQuery, ListQuery } from '../api/index.ts';
import type { Fields } from './merge.ts';

export interface PageLike<T = Fields> {
  paginator: {
    count: number;
    page?: number | undefined;
    page_size?: number | undefined;
    total_pages?: number | undefined;
    next: string | null;
  };
  results: T[];
}

export interface CallOptions {
  signal?: AbortSignal;
}
export interface CreateOptions {
  idempotencyKey: string;
  signal?: AbortSignal;
}

export interface SyncApiClient {
  categories: { list(query?: ListQuery): Promise<PageLike> };
  courses: {
    list(query?: CourseQuery): Promise<PageLike>;
    get(id: string, options?: CallOptions): Promise<Fields>;
    update(id: string, body: Fields, options?: CallOptions): Promise<Fields>;
  };
  sections: {
    pages(courseId: string, query?: ListQuery): AsyncIterable<PageLike>;
    get(courseId: string, id: string, options?: CallOptions): Promise<Fields>;
    create(courseId: string, body: Fields, options: CreateOptions): Promise<Fields>;
    update(courseId: string, id: string, body: Fields, options?: CallOptions): Promise<Fields>;
    delete(courseId: string, id: string, options?: CallOptions): Promise<void>;
  };
  lessons: {
    get(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<Fields>;
    create(courseId: string, sectionId: string, body: Fields, options: CreateOptions): Promise<Fields>;
    update(courseId: string, sectionId: string, id: string, body: Fields, options?: CallOptions): Promise<Fields>;
    delete(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<void>;
  };
  quizzes: { list(query?: ListQuery): Promise<PageLike> };
  assessments: {
    list(query?: AssessmentQuery): Promise<PageLike>;
    get(id: string, options?: CallOptions): Promise<Fields>;
    create(body: Fields, options: CreateOptions): Promise<Fields>;
    update(id: string, body: Fields, options?: CallOptions): Promise<Fields>;
  };
  assignments: { create(body: Fields, options: CreateOptions): Promise<Fields> };
}
