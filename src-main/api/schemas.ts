// Main process / plain Node (also importable by the sandbox and the renderer's forms).
// zod schemas for every envelope, page object, resource and request body of the Learning Content
// External API, written field by field from learning-content-external-api.md and ASSUMPTIONS.md.
// Full enums of the reference are strict; the "open" enums accept any string; unknown response
// fields pass through (z.looseObject) so a newer server does not break an older app.
import { z } from 'zod';
import { isDateText, isDateTimeText, isUuidText } from './formats.ts';

// ---------- scalars ----------

/** Identifiers are UUID strings: 8-4-4-4-12 hex digits, any version (as z.guid(), checked faster). */
export const uuid = z.string().refine(isUuidText, 'string in uuid format');
/** ISO 8601 date-time with `Z` or an offset, any sub-second precision (as z.iso.datetime({ offset: true })). */
export const dateTime = z.string().refine(isDateTimeText, 'string in date-time format');
/** `YYYY-MM-DD`. */
export const date = z.string().refine(isDateText, 'string in date format (YYYY-MM-DD)');
export const int = z.int();
/** Decimal string: optional sign, up to 8 integer digits, up to 2 decimals (DRF DecimalField(10, 2)). */
export const TOTAL_POINTS_PATTERN = /^-?\d{0,8}(?:\.\d{0,2})?$/;
export const totalPoints = z
  .string()
  .regex(TOTAL_POINTS_PATTERN, 'decimal string: up to 8 integer digits and 2 decimals');
/** Request limits shared by assessment update/create and assignment create. */
export const MAX_INT32 = 2147483647;
export const duration = z.int().min(0).max(MAX_INT32);

// ---------- enums ----------

export const SOURCES = ['MANUAL_CREATION', 'AI_GENERATED', 'DOCUMENT_EXTRACTION'] as const;
export const ASSESSMENT_TYPES = ['VIRTUAL', 'PHYSICAL'] as const;
export const ORGANIZATION_STRATEGIES = ['SINGLE_CANDIDATE', 'GROUP'] as const;
export const SEAT_LAYOUTS = ['CIRCLE', 'GRID', 'L', 'U', 'RECTANGLE'] as const;
export const CONTENT_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export const COURSE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const LEARNER_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED', 'COMPLETED'] as const;

export const source = z.enum(SOURCES);
export const assessmentType = z.enum(ASSESSMENT_TYPES);
export const organizationStrategy = z.enum(ORGANIZATION_STRATEGIES);
export const seatLayout = z.enum(SEAT_LAYOUTS);
export const contentStatus = z.enum(CONTENT_STATUSES);
export const courseLevel = z.enum(COURSE_LEVELS);
export const learnerStatus = z.enum(LEARNER_STATUSES);

/** Open enums (ASSUMPTIONS.md): any string is accepted and shown; these are the values known so far. */
export const KNOWN_LESSON_TYPES = ['VIDEO'] as const;
export const KNOWN_MEDIA_TYPES = ['VIDEO'] as const;
export const KNOWN_UPLOAD_TYPES = ['VIDEO'] as const;
export const KNOWN_UPLOAD_STATUSES = ['INITIATED', 'COMPLETED', 'ABORTED', 'EXPIRED'] as const;
export const KNOWN_QUIZ_STATUSES = ['DRAFT'] as const;
export const KNOWN_LEARNING_CLASS_STATUSES = ['ACTIVE'] as const;
export const openEnum = z.string();

// ---------- envelopes ----------

export const fieldError = z.looseObject({ field: z.string(), code: z.string(), message: z.string() });
export type FieldError = { field: string; code: string; message: string };

/** Success envelope around a given `data` schema. All six fields are required. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({
    status: int,
    success: z.literal(true),
    code: z.string(),
    message: z.string(),
    data,
    errors: z.array(z.unknown()),
  });
}

/** Error envelope: `success` false, `data` null, `errors` items `{field, code, message}`. */
export const errorEnvelope = z.looseObject({
  status: int,
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldError),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export const paginator = z.looseObject({
  count: int,
  page: int,
  page_size: int,
  total_pages: int,
  next: z.string().nullable(),
  next_page_number: int.nullable(),
  previous: z.string().nullable(),
  previous_page_number: int.nullable(),
});
export type Paginator = z.infer<typeof paginator>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ paginator, results: z.array(item) });
}
export type Page<T> = { paginator: Paginator; results: T[] };

// ---------- resources ----------

export const category = z.looseObject({
  id: uuid,
  name: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const location = z.looseObject({
  id: uuid,
  name: z.string(),
  description: z.string(),
  address: z.string(),
  capacity: int,
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const group = z.looseObject({
  id: uuid,
  name: z.string(),
  description: z.string(),
  learner_ids: z.string(),
  learners: z.string(),
});

export const learnerSummary = z.looseObject({
  id: uuid,
  staff_id: uuid,
  user_id: uuid,
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  status: learnerStatus,
});

export const seat = z.looseObject({
  id: uuid,
  seat_number: z.string(),
  location_id: uuid,
  location,
  learner_id: uuid,
  learner: learnerSummary,
});

export const course = z.looseObject({
  id: uuid,
  name: z.string(),
  level: courseLevel,
  description: z.string(),
  source: source.nullable(),
  // The reference calls this "optional prerequisites": the only course field allowed to be absent.
  requirements: z.string().optional(),
  status: contentStatus,
  categories: z.array(category),
  has_enrollments: z.boolean(),
  quizzes_count: int,
  cover_image_url: z.string(),
  preview_video_url: z.string(),
  preview_video_status: z.string(),
  preview_video_ready: z.string(),
  preview_video_error: z.string().nullable(),
  preview_video_has_subtitles: z.boolean(),
  preview_video_playback_endpoint: z.string().nullable(),
  instructors: z.string(),
  overall_duration_seconds: int,
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const assessment = z.looseObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  source: source.nullable(),
  type: assessmentType.nullable(),
  organization_strategy: organizationStrategy.nullable(),
  seat_layout: seatLayout.nullable(),
  duration_hours: int,
  duration_minutes: int,
  status: contentStatus,
  total_points: totalPoints,
  questions_count: z.string(),
  start_datetime: dateTime.nullable(),
  submission_date: date.nullable(),
  deadline_datetime: dateTime.nullable(),
  locked_datetime: dateTime.nullable(),
  results_released_datetime: dateTime.nullable(),
  maximum_attempts: z.string(),
  effective_auto_release_result: z.string(),
  effective_camera_proctoring_enabled: z.string(),
  course_id: uuid,
  course,
  locations: z.array(location),
  groups: z.array(group),
  seats: z.array(seat),
  passing_score_percent: z.number().nullable(),
  passing_score_points: z.number().nullable(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
  questions: z.string(),
});

export const learningClass = z.looseObject({ id: uuid, name: z.string(), status: openEnum });

export const assignment = z.looseObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  duration_hours: int,
  duration_minutes: int,
  status: contentStatus,
  total_points: z.string(),
  submission_date: date,
  class_id: uuid,
  learning_class: learningClass,
  course_id: uuid,
  course,
  questions_count: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
  questions: z.string(),
});

export const contentMedia = z.looseObject({
  id: uuid,
  media_type: openEnum,
  position: int,
  file_name: z.string(),
  content_type: z.string(),
  duration_seconds: int,
  image_url: z.string(),
  video_url: z.string(),
  video_status: z.string(),
  video_ready: z.string(),
  video_error: z.string(),
  video_has_subtitles: z.string(),
  video_playback_endpoint: z.string(),
});

export const quizLesson = z.looseObject({
  id: uuid,
  title: z.string(),
  lesson_type: openEnum,
  duration_seconds: int,
  order: int,
  section_id: uuid,
  course_id: uuid,
});

export const quiz = z.looseObject({
  id: uuid,
  lesson_id: uuid,
  lesson: quizLesson,
  status: openEnum,
  total_points: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const lesson = z.looseObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  source: source.nullable(),
  lesson_type: openEnum,
  order: int,
  text_content: z.string(),
  video_content_url: z.string(),
  video_url: z.string(),
  video_status: z.string(),
  video_ready: z.string(),
  video_error: z.string(),
  video_has_subtitles: z.string(),
  video_playback_endpoint: z.string(),
  video_caption: z.string(),
  duration_seconds: int,
  document_url: z.string(),
  document_name: z.string(),
  image_url: z.string(),
  image_name: z.string(),
  content_media: z.array(contentMedia),
  // Shape of a resource item is not shown: any object.
  resources: z.array(z.looseObject({})),
  // A lesson that is not a quiz has no quiz to show; null is the only sensible reading.
  quiz: quiz.nullable(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const section = z.looseObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  order: int,
  lessons: z.array(lesson),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const uploadSession = z.looseObject({
  id: uuid,
  upload_type: openEnum,
  file_name: z.string(),
  content_type: z.string(),
  file_size: int,
  status: openEnum,
  part_size: int,
  total_parts: int,
  is_multipart: z.string(),
  // Values that cannot exist before the session completes are allowed to be null.
  multipart_upload_id: z.string().nullable(),
  expires_datetime: dateTime,
  completed_datetime: dateTime.nullable(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
  asset_url: z.string().nullable(),
  asset_url_expires_in: z.string().nullable(),
});

export const presignedPart = z.looseObject({ part_number: int, url: z.string() });
export const uploadedPart = z.looseObject({ part_number: int, etag: z.string(), size: int });
export const signPartsData = z.looseObject({ presigned_urls: z.array(presignedPart) });
export const listPartsData = z.looseObject({ parts: z.array(uploadedPart) });

export type Category = z.infer<typeof category>;
export type Location = z.infer<typeof location>;
export type Group = z.infer<typeof group>;
export type LearnerSummary = z.infer<typeof learnerSummary>;
export type Seat = z.infer<typeof seat>;
export type Course = z.infer<typeof course>;
export type Assessment = z.infer<typeof assessment>;
export type LearningClass = z.infer<typeof learningClass>;
export type Assignment = z.infer<typeof assignment>;
export type ContentMedia = z.infer<typeof contentMedia>;
export type Quiz = z.infer<typeof quiz>;
export type Lesson = z.infer<typeof lesson>;
export type Section = z.infer<typeof section>;
export type UploadSession = z.infer<typeof uploadSession>;
export type PresignedPart = z.infer<typeof presignedPart>;
export type UploadedPart = z.infer<typeof uploadedPart>;

// ---------- request bodies ----------

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
export const completePart = z.object({ part_number: z.int().min(1), etag: z.string().min(1) });
export const completeUploadBody = z.object({ parts: z.array(completePart) });

export type AssessmentUpdateBody = z.input<typeof assessmentUpdateBody>;
export type AssessmentCreateBody = z.input<typeof assessmentCreateBody>;
export type AssignmentCreateBody = z.input<typeof assignmentCreateBody>;
export type LessonCreateBody = z.input<typeof lessonCreateBody>;
export type LessonUpdateBody = z.input<typeof lessonUpdateBody>;
export type UploadCreateBody = z.input<typeof uploadCreateBody>;
export type SignPartsBody = z.input<typeof signPartsBody>;
export type CompletePart = z.input<typeof completePart>;
export type CompleteUploadBody = z.input<typeof completeUploadBody>;
