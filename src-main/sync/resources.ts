// Main process / plain Node. What can be drafted: per resource, the fields a draft may hold, the
// request-body schemas (the API client's own, from src-shared, so the limits are the reference's), and
// whether the server can update it after creation.
import type { z } from 'zod';
import * as schemas from '../../src-shared/api/schemas.ts';
import type { FieldErrorItem } from './errors.ts';
import type { DraftOperation, ResourceKind } from '../../src-shared/index.ts';

export type { DraftOperation, ResourceKind };

/** Where a resource lives: lessons need their course and section. */
export interface DraftParent {
  courseId?: string;
  sectionId?: string;
}

interface ResourceSpec {
  /** Fields a create draft may hold. */
  createFields: readonly string[];
  /** Fields an update draft may change (the PATCH body); empty = no update on the server. */
  updateFields: readonly string[];
  createBody: z.ZodType;
  updateBody: z.ZodType | null;
  needsParent: readonly (keyof DraftParent)[];
}

const ASSESSMENT_UPDATE = [
  'title',
  'description',
  'questions',
  'source',
  'type',
  'organization_strategy',
  'seat_layout',
  'duration_hours',
  'duration_minutes',
  'status',
  // In the reference's Limits table (decimal string); the sandbox accepts it on writes.
  'total_points',
] as const;

const LESSON_FIELDS = ['title', 'description', 'text_content', 'lesson_type', 'order', 'video_upload_id'] as const;
/** ASSUMPTIONS.md "Course structure". */
const SECTION_FIELDS = ['title', 'description', 'order'] as const;
const COURSE_FIELDS = [
  'name',
  'description',
  'requirements',
  'level',
  'category_ids',
  'preview_video_upload_id',
] as const;

export const RESOURCES: Readonly<Record<ResourceKind, ResourceSpec>> = {
  assessment: {
    createFields: [...ASSESSMENT_UPDATE, 'course_id'],
    updateFields: ASSESSMENT_UPDATE,
    createBody: schemas.assessmentCreateBody,
    updateBody: schemas.assessmentUpdateBody,
    needsParent: [],
  },
  assignment: {
    // The reference names two further nested create fields without saying what they are; the
    // response carries course_id / class_id / submission_date, so those are accepted in a draft.
    createFields: [
      'title',
      'description',
      'questions',
      'duration_hours',
      'duration_minutes',
      'status',
      'total_points',
      'course_id',
      'class_id',
      'submission_date',
    ],
    updateFields: [],
    createBody: schemas.assignmentCreateBody,
    updateBody: null,
    needsParent: [],
  },
  lesson: {
    createFields: LESSON_FIELDS,
    updateFields: LESSON_FIELDS,
    createBody: schemas.lessonCreateBody,
    updateBody: schemas.lessonUpdateBody,
    needsParent: ['courseId', 'sectionId'],
  },
  section: {
    createFields: SECTION_FIELDS,
    updateFields: SECTION_FIELDS,
    createBody: schemas.sectionCreateBody,
    updateBody: schemas.sectionUpdateBody,
    needsParent: ['courseId'],
  },
  // A course is only ever updated from Lectern (no create operation is assumed).
  course: {
    createFields: [],
    updateFields: COURSE_FIELDS,
    createBody: schemas.courseUpdateBody,
    updateBody: schemas.courseUpdateBody,
    needsParent: [],
  },
};

export function allowedFields(resource: ResourceKind, operation: DraftOperation): readonly string[] {
  const spec = RESOURCES[resource];
  if (operation === 'delete') return [];
  return operation === 'create' ? spec.createFields : spec.updateFields;
}

/** Fields in `patch` a draft of this kind may not hold. */
export function unknownFields(
  resource: ResourceKind,
  operation: DraftOperation,
  patch: Record<string, unknown>,
): string[] {
  const allowed = allowedFields(resource, operation);
  return Object.keys(patch).filter((field) => !allowed.includes(field));
}

/** Checks a body against the reference's limits before it is queued (works offline). */
export function validateBody(
  resource: ResourceKind,
  operation: DraftOperation,
  body: Record<string, unknown>,
): FieldErrorItem[] {
  const spec = RESOURCES[resource];
  const schema = operation === 'create' ? spec.createBody : spec.updateBody;
  if (!schema) return [{ field: '', code: 'invalid', message: 'This resource cannot be changed after it is created.' }];
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    code: zodCodeToFieldCode(issue.code, issue.message),
    message: issue.message,
  }));
}

/** Same vocabulary as the server's 422 items, so the form treats both alike. */
function zodCodeToFieldCode(code: string, message: string): string {
  if (code === 'too_small') return /expected.*string|character/i.test(message) ? 'min_length' : 'min_value';
  if (code === 'too_big') return /expected.*string|character/i.test(message) ? 'max_length' : 'max_value';
  if (code === 'invalid_value') return 'invalid_choice';
  if (code === 'invalid_type' && /received undefined/.test(message)) return 'required';
  return 'invalid';
}

/** A short label for draft lists. */
export function draftTitle(values: Record<string, unknown>): string {
  const title = values.title ?? values.name;
  return typeof title === 'string' && title.trim() !== '' ? title : 'Untitled';
}
