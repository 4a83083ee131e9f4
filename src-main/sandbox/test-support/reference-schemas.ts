// Main process / tests only. The reference's resources as strict zod schemas, written from
// learning-content-external-api.md (not from the server code): every field present, no extra field,
// null only where the reference says "or null". The conformance suite checks every response with these.
import { z } from 'zod';

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const dateTime = z.iso.datetime({ offset: true });
const date = z.iso.date();
const status = z.enum(['DRAFT', 'PUBLISHED', 'ARCHIVED']);
const source = z.enum(['MANUAL_CREATION', 'AI_GENERATED', 'DOCUMENT_EXTRACTION']);

export const category = z.strictObject({
  id: uuid,
  name: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const course = z.strictObject({
  id: uuid,
  name: z.string(),
  level: z.enum(['beginner', 'intermediate', 'advanced']),
  description: z.string(),
  source: source.nullable(),
  requirements: z.string(),
  status,
  categories: z.array(category),
  has_enrollments: z.boolean(),
  quizzes_count: z.int(),
  cover_image_url: z.string(),
  preview_video_url: z.string(),
  preview_video_status: z.string(),
  preview_video_ready: z.string(),
  preview_video_error: z.string().nullable(),
  preview_video_has_subtitles: z.boolean(),
  preview_video_playback_endpoint: z.string().nullable(),
  instructors: z.string(),
  overall_duration_seconds: z.int(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const location = z.strictObject({
  id: uuid,
  name: z.string(),
  description: z.string(),
  address: z.string(),
  capacity: z.int(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const group = z.strictObject({
  id: uuid,
  name: z.string(),
  description: z.string(),
  learner_ids: z.string(),
  learners: z.string(),
});

export const learner = z.strictObject({
  id: uuid,
  staff_id: uuid,
  user_id: uuid,
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED', 'COMPLETED']),
});

export const seat = z.strictObject({
  id: uuid,
  seat_number: z.string(),
  location_id: uuid,
  location,
  learner_id: uuid,
  learner,
});

export const assessment = z.strictObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  source: source.nullable(),
  type: z.enum(['VIRTUAL', 'PHYSICAL']).nullable(),
  organization_strategy: z.enum(['SINGLE_CANDIDATE', 'GROUP']).nullable(),
  seat_layout: z.enum(['CIRCLE', 'GRID', 'L', 'U', 'RECTANGLE']).nullable(),
  duration_hours: z.int(),
  duration_minutes: z.int(),
  status,
  total_points: z.string().regex(/^-?\d{0,8}(?:\.\d{0,2})?$/),
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

export const assignment = z.strictObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  duration_hours: z.int(),
  duration_minutes: z.int(),
  status,
  total_points: z.string(),
  submission_date: date,
  class_id: uuid,
  learning_class: z.strictObject({ id: uuid, name: z.string(), status: z.string() }),
  course_id: uuid,
  course,
  questions_count: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
  questions: z.string(),
});

export const quiz = z.strictObject({
  id: uuid,
  lesson_id: uuid,
  lesson: z.strictObject({
    id: uuid,
    title: z.string(),
    lesson_type: z.string(),
    duration_seconds: z.int(),
    order: z.int(),
    section_id: uuid,
    course_id: uuid,
  }),
  status: z.string(),
  total_points: z.string(),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const contentMedia = z.strictObject({
  id: uuid,
  media_type: z.string(),
  position: z.int(),
  file_name: z.string(),
  content_type: z.string(),
  duration_seconds: z.int(),
  image_url: z.string(),
  video_url: z.string(),
  video_status: z.string(),
  video_ready: z.string(),
  video_error: z.string(),
  video_has_subtitles: z.string(),
  video_playback_endpoint: z.string(),
});

export const lesson = z.strictObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  source,
  lesson_type: z.string(),
  order: z.int(),
  text_content: z.string(),
  video_content_url: z.string(),
  video_url: z.string(),
  video_status: z.string(),
  video_ready: z.string(),
  video_error: z.string(),
  video_has_subtitles: z.string(),
  video_playback_endpoint: z.string(),
  video_caption: z.string(),
  duration_seconds: z.int(),
  document_url: z.string(),
  document_name: z.string(),
  image_url: z.string(),
  image_name: z.string(),
  content_media: z.array(contentMedia),
  resources: z.array(z.record(z.string(), z.unknown())),
  quiz,
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const section = z.strictObject({
  id: uuid,
  title: z.string(),
  description: z.string(),
  order: z.int(),
  lessons: z.array(lesson),
  created_datetime: dateTime,
  updated_datetime: dateTime,
});

export const uploadSession = z.strictObject({
  id: uuid,
  upload_type: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  file_size: z.int(),
  status: z.string(),
  part_size: z.int(),
  total_parts: z.int(),
  is_multipart: z.string(),
  multipart_upload_id: z.string(),
  expires_datetime: dateTime,
  completed_datetime: dateTime,
  created_datetime: dateTime,
  updated_datetime: dateTime,
  asset_url: z.string(),
  asset_url_expires_in: z.string(),
});

export const presignedPart = z.strictObject({ part_number: z.int(), url: z.string() });
export const uploadedPart = z.strictObject({ part_number: z.int(), etag: z.string(), size: z.int() });

export const fieldItem = z.strictObject({ field: z.string(), code: z.string(), message: z.string() });

export function envelope<T extends z.ZodType>(data: T) {
  return z.strictObject({
    status: z.int(),
    success: z.literal(true),
    code: z.string(),
    message: z.string(),
    data,
    errors: z.array(fieldItem).length(0),
  });
}

export const errorEnvelope = z.strictObject({
  status: z.int(),
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldItem),
});

export function page<T extends z.ZodType>(item: T) {
  return z.strictObject({
    paginator: z.strictObject({
      count: z.int(),
      page: z.int(),
      page_size: z.int(),
      total_pages: z.int(),
      next: z.url().nullable(),
      next_page_number: z.int().nullable(),
      previous: z.url().nullable(),
      previous_page_number: z.int().nullable(),
    }),
    results: z.array(item),
  });
}

/** Parses or throws with the zod issues (their paths point at the offending field). */
export function conform<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`Response does not conform: ${JSON.stringify(result.error.issues.slice(0, 5))}`);
  return result.data;
}

/** `data` of sign-parts and of list parts. */
export const strictPresigned = z.strictObject({ presigned_urls: z.array(presignedPart) });
export const strictPartList = z.strictObject({ parts: z.array(uploadedPart) });
