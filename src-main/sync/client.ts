// Main process / plain Node. The narrow slice of the API client (src-main/api) the sync engine
// uses. The real client fits it structurally; tests may pass anything with the same shape.
import type { AssessmentQuery, CourseQuery, ListQuery } from '../api/index.ts';
import type { Fields } from './merge.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import { SyncServiceError } from './errors.ts';

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

/** Per-resource remote operations the outbox needs, over the client. */
export interface Remote {
  get(resource: ResourceKind, parent: DraftParent, id: string, signal?: AbortSignal): Promise<Fields>;
  create(
    resource: ResourceKind,
    parent: DraftParent,
    body: Fields,
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<Fields>;
  update(resource: ResourceKind, parent: DraftParent, id: string, patch: Fields, signal?: AbortSignal): Promise<Fields>;
  delete(resource: ResourceKind, parent: DraftParent, id: string, signal?: AbortSignal): Promise<void>;
}

function lessonParent(parent: DraftParent): { courseId: string; sectionId: string } {
  if (!parent.courseId || !parent.sectionId) {
    throw new SyncServiceError('DRAFT_PARENT_REQUIRED', 'A lesson draft needs its course and section.');
  }
  return { courseId: parent.courseId, sectionId: parent.sectionId };
}

function courseOf(parent: DraftParent): string {
  if (!parent.courseId) throw new SyncServiceError('DRAFT_PARENT_REQUIRED', 'A section draft needs its course.');
  return parent.courseId;
}

function unsupported(resource: ResourceKind, what: string): never {
  throw new SyncServiceError('NOT_EDITABLE', `Lectern cannot ${what} a ${resource}.`);
}

export function createRemote(client: SyncApiClient): Remote {
  return {
    get(resource, parent, id, signal) {
      if (resource === 'assessment') return client.assessments.get(id, { signal });
      if (resource === 'section') return client.sections.get(courseOf(parent), id, { signal });
      if (resource === 'course') return client.courses.get(id, { signal });
      if (resource === 'lesson') {
        const p = lessonParent(parent);
        return client.lessons.get(p.courseId, p.sectionId, id, { signal });
      }
      return unsupported(resource, 'read back');
    },
    create(resource, parent, body, idempotencyKey, signal) {
      if (resource === 'assessment') return client.assessments.create(body, { idempotencyKey, signal });
      if (resource === 'assignment') return client.assignments.create(body, { idempotencyKey, signal });
      if (resource === 'section') return client.sections.create(courseOf(parent), body, { idempotencyKey, signal });
      if (resource === 'course') return unsupported(resource, 'create');
      const p = lessonParent(parent);
      return client.lessons.create(p.courseId, p.sectionId, body, { idempotencyKey, signal });
    },
    update(resource, parent, id, patch, signal) {
      if (resource === 'assessment') return client.assessments.update(id, patch, { signal });
      if (resource === 'section') return client.sections.update(courseOf(parent), id, patch, { signal });
      if (resource === 'course') return client.courses.update(id, patch, { signal });
      if (resource === 'lesson') {
        const p = lessonParent(parent);
        return client.lessons.update(p.courseId, p.sectionId, id, patch, { signal });
      }
      return unsupported(resource, 'update');
    },
    delete(resource, parent, id, signal) {
      if (resource === 'section') return client.sections.delete(courseOf(parent), id, { signal });
      if (resource === 'lesson') {
        const p = lessonParent(parent);
        return client.lessons.delete(p.courseId, p.sectionId, id, { signal });
      }
      return unsupported(resource, 'delete');
    },
  };
}
