// Main process / plain Node. zod schemas of every request body the sandbox accepts (strict objects:
// an unknown field is a 422 `unknown_field`). Limits are the reference's Limits table; fields that the
// reference does not name are the ASSUMPTIONS.md ones, plus the few sandbox extensions marked below.
// The API client may import these to validate before sending.
import { z } from 'zod';
import { int32, isoDate, text, totalPoints, uuidString } from './validation.ts';

export const STATUS_VALUES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export const SOURCE_VALUES = ['MANUAL_CREATION', 'AI_GENERATED', 'DOCUMENT_EXTRACTION'] as const;
export const ASSESSMENT_TYPE_VALUES = ['VIRTUAL', 'PHYSICAL'] as const;
export const ORGANIZATION_STRATEGY_VALUES = ['SINGLE_CANDIDATE', 'GROUP'] as const;
export const SEAT_LAYOUT_VALUES = ['CIRCLE', 'GRID', 'L', 'U', 'RECTANGLE'] as const;
export const COURSE_LEVEL_VALUES = ['beginner', 'intermediate', 'advanced'] as const;
export const LEARNER_STATUS_VALUES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'COMPLETED'] as const;
/** Open enums in the reference (only the first value is shown there); the sandbox's full lists. */
export const LESSON_TYPE_VALUES = ['VIDEO', 'TEXT', 'DOCUMENT', 'IMAGE', 'QUIZ'] as const;
export const UPLOAD_TYPE_VALUES = ['VIDEO', 'IMAGE', 'DOCUMENT'] as const;
export const UPLOAD_STATUS_VALUES = ['INITIATED', 'COMPLETED', 'ABORTED', 'EXPIRED'] as const;
export const QUIZ_STATUS_VALUES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;

/** S3's limits: 10,000 parts of at most 5 GiB, objects up to 5 TiB. */
export const MAX_FILE_SIZE = 5 * 1024 ** 4;
export const MAX_PARTS = 10_000;
export const MAX_SIGN_BATCH = 1000;

const title = () => text(1, 255);
const description = () => text(1);
/** Question objects: their shape is not shown in the reference, so any JSON object is kept as is. */
const questions = () => z.array(z.record(z.string(), z.unknown()));

const assessmentFields = {
  title: title().optional(),
  description: description().optional(),
  questions: questions().optional(),
  source: z.enum(SOURCE_VALUES).optional(),
  type: z.enum(ASSESSMENT_TYPE_VALUES).optional(),
  organization_strategy: z.enum(ORGANIZATION_STRATEGY_VALUES).optional(),
  seat_layout: z.enum(SEAT_LAYOUT_VALUES).optional(),
  duration_hours: int32().optional(),
  duration_minutes: int32().optional(),
  status: z.enum(STATUS_VALUES).optional(),
  /** In the reference's Limits table; accepted wherever assessments and assignments are written. */
  total_points: totalPoints().optional(),
};

/** PATCH /assessments/{id} (documented fields; none required). */
export const assessmentUpdateBody = z.strictObject(assessmentFields);

/** POST /assessments (assumed): the update fields plus required course_id, title, description. */
export const assessmentCreateBody = z.strictObject({
  ...assessmentFields,
  course_id: uuidString(),
  title: title(),
  description: description(),
});

/** POST /assignments (documented fields; title and description required as for assessments). */
export const assignmentCreateBody = z.strictObject({
  title: title(),
  description: description(),
  questions: questions().optional(),
  duration_hours: int32().optional(),
  duration_minutes: int32().optional(),
  status: z.enum(STATUS_VALUES).optional(),
  total_points: totalPoints().optional(),
  // Sandbox extensions (the reference's two unnamed nested fields are unknown): which course and
  // learning class the assignment belongs to, and its date. Defaults: the tenant's first course and class.
  course_id: uuidString().optional(),
  class_id: uuidString().optional(),
  submission_date: isoDate().optional(),
});

const lessonFields = {
  title: title(),
  description: z.string().optional(),
  text_content: z.string().optional(),
  lesson_type: z.enum(LESSON_TYPE_VALUES).optional(),
  order: int32().optional(),
  /** uuid of a COMPLETED upload session; null removes the lesson's video. */
  video_upload_id: uuidString().nullable().optional(),
};

/** POST /courses/{course_id}/sections/{section_id}/lessons (assumed). */
export const lessonCreateBody = z.strictObject(lessonFields);
/** PATCH …/lessons/{id} (assumed): any of the create fields. */
export const lessonUpdateBody = z.strictObject({ ...lessonFields, title: title().optional() });

const sectionFields = {
  title: title(),
  description: z.string().optional(),
  /** The 1-based position among the course's sections (ASSUMPTIONS.md); absent: last. */
  order: int32().optional(),
};

/** POST /courses/{course_id}/sections (assumed, ASSUMPTIONS.md "Course structure"). */
export const sectionCreateBody = z.strictObject(sectionFields);
/** PATCH /courses/{course_id}/sections/{id} (assumed): any of the create fields. */
export const sectionUpdateBody = z.strictObject({ ...sectionFields, title: title().optional() });

/** PATCH /courses/{id} (assumed): `category_ids` replaces the course's categories; a preview video
 * must be a COMPLETED VIDEO upload (null removes it). */
export const courseUpdateBody = z.strictObject({
  name: title().optional(),
  description: z.string().optional(),
  requirements: z.string().optional(),
  level: z.enum(COURSE_LEVEL_VALUES).optional(),
  category_ids: z.array(uuidString()).max(1000).optional(),
  preview_video_upload_id: uuidString().nullable().optional(),
});

/** POST /uploads (assumed). */
export const uploadCreateBody = z.strictObject({
  upload_type: z.enum(UPLOAD_TYPE_VALUES),
  file_name: text(1, 255),
  content_type: text(1, 255).regex(/^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;.*)?$/),
  file_size: z.int().min(1).max(MAX_FILE_SIZE),
});

/** POST /uploads/{id}/sign-parts (documented): part numbers >= 1 (and <= total_parts, checked per session). */
export const signPartsBody = z.strictObject({
  part_numbers: z.array(z.int().min(1)).min(1).max(MAX_SIGN_BATCH),
});

/** POST /uploads/{id}/complete (assumed body): every part, ascending. */
export const completeUploadBody = z.strictObject({
  parts: z.array(z.strictObject({ part_number: z.int().min(1), etag: text(1, 255) })).max(MAX_PARTS),
});

export type AssessmentUpdateBody = z.output<typeof assessmentUpdateBody>;
export type AssessmentCreateBody = z.output<typeof assessmentCreateBody>;
export type AssignmentCreateBody = z.output<typeof assignmentCreateBody>;
export type LessonCreateBody = z.output<typeof lessonCreateBody>;
export type LessonUpdateBody = z.output<typeof lessonUpdateBody>;
export type UploadCreateBody = z.output<typeof uploadCreateBody>;
export type SectionCreateBody = z.output<typeof sectionCreateBody>;
export type CourseUpdateBody = z.output<typeof courseUpdateBody>;
export type CompleteUploadBody = z.output<typeof completeUploadBody>;
