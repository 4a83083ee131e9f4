// Shared (every process; pure zod). Request bodies of the Learning Content External API, checked
// exactly (full enums strict) before the client sends them; the renderer's forms use the same ones.
import { z } from 'zod';
import { COURSE_LEVELS } from './enums.ts';
import {
  assessmentType,
  contentStatus,
  duration,
  MAX_INT32,
  openEnum,
  organizationStrategy,
  seatLayout,
  source,
  totalPoints,
  uuid,
} from './scalars.ts';

const title = z.string().min(1).max(255);
const description = z.string().min(1);
/** Shape of a question object is not shown: any object. */
const questions = z.array(z.looseObject({}));

/** PATCH /assessments/{id}. Which fields are required is not shown: all optional. Further nested
 * fields exist whose names are not shown, so unknown keys pass through. */
export const assessmentUpdateBody = z.looseObject({
  title: title.optional(),
  description: description.optional(),
  questions: questions.optional(),
  source: source.optional(),
  type: assessmentType.optional(),
  organization_strategy: organizationStrategy.optional(),
  seat_layout: seatLayout.optional(),
  duration_hours: duration.optional(),
  duration_minutes: duration.optional(),
  status: contentStatus.optional(),
  /** Not in the update table, but the Limits table gives its format for these operations. */
  total_points: totalPoints.optional(),
});

/** POST /assessments (assumed): the update fields plus required `course_id`, `title`, `description`. */
export const assessmentCreateBody = assessmentUpdateBody.extend({
  course_id: uuid,
  title,
  description,
});

/** POST /assignments: two further nested fields exist whose names are not shown (pass through). */
export const assignmentCreateBody = z.looseObject({
  title,
  description,
  questions: questions.optional(),
  duration_hours: duration.optional(),
  duration_minutes: duration.optional(),
  status: contentStatus.optional(),
  total_points: totalPoints.optional(),
});

/** POST /courses/{course_id}/sections/{section_id}/lessons (assumed). */
export const lessonCreateBody = z.object({
  title,
  description: z.string().optional(),
  /** The lesson's text (plain text; a TEXT lesson's body). */
  text_content: z.string().optional(),
  lesson_type: openEnum.optional(),
  order: z.int().min(0).max(MAX_INT32).optional(),
  /** uuid of a COMPLETED upload session (null clears the video on update). */
  video_upload_id: uuid.nullable().optional(),
});

/** PATCH .../lessons/{id} (assumed): any of the create fields. */
export const lessonUpdateBody = lessonCreateBody.partial();

/** POST /courses/{course_id}/sections (assumed, ASSUMPTIONS.md "Course structure"): `order` is the
 * 1-based position among the course's sections (absent: last), limited like a lesson's. */
export const sectionCreateBody = z.object({
  title,
  description: z.string().optional(),
  order: z.int().min(0).max(MAX_INT32).optional(),
});

/** PATCH /courses/{course_id}/sections/{id} (assumed): any of `title`, `description`, `order`. */
export const sectionUpdateBody = sectionCreateBody.partial();

/** PATCH /courses/{id} (assumed): any of these. `category_ids` replaces the course's categories;
 * `preview_video_upload_id` names a COMPLETED upload session (null removes the preview video). */
export const courseUpdateBody = z.object({
  name: title.optional(),
  description: z.string().optional(),
  requirements: z.string().optional(),
  level: z.enum(COURSE_LEVELS).optional(),
  category_ids: z.array(uuid).optional(),
  preview_video_upload_id: uuid.nullable().optional(),
});

/** POST /uploads (assumed). */
export const uploadCreateBody = z.object({
  upload_type: openEnum,
  file_name: z.string().min(1).max(255),
  content_type: z.string().min(1),
  file_size: z.int().min(1),
});

/** POST /uploads/{id}/sign-parts. */
export const signPartsBody = z.object({ part_numbers: z.array(z.int().min(1)) });

/** POST /uploads/{id}/complete (body assumed): every part, ascending. */
const completePart = z.object({ part_number: z.int().min(1), etag: z.string().min(1) });
export const completeUploadBody = z.object({ parts: z.array(completePart) });

export type AssessmentUpdateBody = z.input<typeof assessmentUpdateBody>;
export type AssessmentCreateBody = z.input<typeof assessmentCreateBody>;
export type AssignmentCreateBody = z.input<typeof assignmentCreateBody>;
export type LessonCreateBody = z.input<typeof lessonCreateBody>;
export type LessonUpdateBody = z.input<typeof lessonUpdateBody>;
export type SectionCreateBody = z.input<typeof sectionCreateBody>;
export type SectionUpdateBody = z.input<typeof sectionUpdateBody>;
export type CourseUpdateBody = z.input<typeof courseUpdateBody>;
export type UploadCreateBody = z.input<typeof uploadCreateBody>;
export type CompletePart = z.input<typeof completePart>;
export type CompleteUploadBody = z.input<typeof completeUploadBody>;
