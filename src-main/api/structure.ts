// Main process / plain Node. Client methods for the course structure (ASSUMPTIONS.md "Course
// structure"): create, update and delete sections, update a course. A server may not offer them:
// a 405, or a 404 while what the request names can still be retrieved, becomes the typed
// OperationNotOfferedError (catalogue.ts STRUCTURE_OPERATIONS says how each one is checked).
import { catalogue, STRUCTURE_OPERATIONS } from './catalogue.ts';
import type { StructureOperationId } from './catalogue.ts';
import type { CallInput, Core } from './core.ts';
import { NotFoundError, OperationNotOfferedError, isApiError } from './errors.ts';
import type { ApiError } from './errors.ts';
import type * as S from '../../src-shared/api/schemas.ts';

interface Options {
  signal?: AbortSignal | undefined;
}
interface CreateOptions extends Options {
  idempotencyKey: string;
}

export interface StructureMethods {
  sections: {
    create(courseId: string, body: S.SectionCreateBody, options: CreateOptions): Promise<S.DraftedSection>;
    update(courseId: string, id: string, body: S.SectionUpdateBody, options?: Options): Promise<S.DraftedSection>;
    /** A section that still holds lessons may be refused with 409 or 422 (SECTION_NOT_EMPTY_STATUSES). */
    delete(courseId: string, id: string, options?: Options): Promise<void>;
  };
  courses: {
    update(id: string, body: S.CourseUpdateBody, options?: Options): Promise<S.DraftedCourse>;
  };
}

/** The sentence shown when a server lacks the operation, e.g. "This server does not let Lectern create sections." */
export function notOfferedSentence(operation: StructureOperationId): string {
  return `This server does not let Lectern ${STRUCTURE_OPERATIONS[operation].doing}.`;
}

export function structureMethods(core: Core): StructureMethods {
  const c = catalogue;

  /** Runs one structure operation; a 405, or a 404 while its course (or section) still exists, is "not offered". */
  async function guarded<T>(
    operation: StructureOperationId,
    input: CallInput,
    names: { courseId: string; sectionId?: string },
  ): Promise<T> {
    try {
      return await core.call<T>(c[operation], input);
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 405) throw notOffered(error, operation);
      if (error.status !== 404) throw error;
      await stillRetrievable(operation, names, input.signal, error);
      throw notOffered(error, operation);
    }
  }

  /** Resolves when what the request names still exists; throws NotFound when it is gone, or the
   * check's own error when it could not be made (a lost network is a wait, not a verdict). */
  async function stillRetrievable(
    operation: StructureOperationId,
    names: { courseId: string; sectionId?: string },
    signal: AbortSignal | undefined,
    original: ApiError,
  ): Promise<void> {
    try {
      if (STRUCTURE_OPERATIONS[operation].probe === 'section' && names.sectionId !== undefined) {
        await core.call(c['sections.get'], { params: { course_id: names.courseId, id: names.sectionId }, signal });
      } else {
        await core.call(c['courses.get'], { params: { id: names.courseId }, signal });
      }
    } catch (probeError) {
      if (isApiError(probeError) && probeError.kind === 'NotFound') {
        throw original.kind === 'NotFound' ? original : new NotFoundError(plain(original));
      }
      throw probeError;
    }
  }

  return {
    sections: {
      create: (courseId, body, o) =>
        guarded(
          'sections.create',
          { params: { course_id: courseId }, body, idempotencyKey: o.idempotencyKey, signal: o.signal },
          { courseId },
        ),
      update: (courseId, id, body, o) =>
        guarded(
          'sections.update',
          { params: { course_id: courseId, id }, body, signal: o?.signal },
          { courseId, sectionId: id },
        ),
      delete: async (courseId, id, o) => {
        await guarded(
          'sections.delete',
          { params: { course_id: courseId, id }, signal: o?.signal },
          { courseId, sectionId: id },
        );
      },
    },
    courses: {
      update: (id, body, o) => guarded('courses.update', { params: { id }, body, signal: o?.signal }, { courseId: id }),
    },
  };
}

function plain(error: ApiError) {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    method: error.method,
    path: error.path,
    operation: error.operation,
    attempts: error.attempts,
  };
}

function notOffered(error: ApiError, operation: StructureOperationId): OperationNotOfferedError {
  return new OperationNotOfferedError(
    { ...plain(error), code: 'OPERATION_NOT_OFFERED', message: notOfferedSentence(operation) },
    operation,
  );
}
