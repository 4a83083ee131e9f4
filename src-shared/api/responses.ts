// Shared (every process; pure zod). The response shapes of the Learning Content External API
// (envelopes, page objects, resources), each resource a table read by the policy in reading.ts:
// strict where the app acts, shown (tolerated, reported as contract deviations) elsewhere. Written
// field by field from learning-content-external-api.md and ASSUMPTIONS.md.
//
// Each shape is built the first time it is asked for, then kept: the API client loads this file at
// its first answer and builds only what its operations read (a course push's plan: the course, its
// sections with their lessons, the envelopes and page object; not assessments, seats or upload
// sessions). schemas.ts re-exports all of it with the app's reading of every resource, built at
// its load, for the forms, the IPC contract and the sandbox; the shapes are the same objects.
import { z } from 'zod';
import { part, partList, resource, shown, shownEnum, slice, strict } from './reading.ts';
import type { Shape } from './reading.ts';
import {
  ASSESSMENT_TYPES,
  CONTENT_STATUSES,
  COURSE_LEVELS,
  LEARNER_STATUSES,
  ORGANIZATION_STRATEGIES,
  SEAT_LAYOUTS,
  SOURCES,
} from './enums.ts';
import { date, dateTime, int, openEnum, totalPoints, uuid } from './scalars.ts';

/** `make`'s value, made at the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

// ---------- envelopes ----------
// Which fields are strict and which only shown: see reading.ts (the policy) and the tables below.

export const fieldError = z.looseObject({ field: z.string(), code: z.string(), message: z.string() });
export type FieldError = { field: string; code: string; message: string };

/** Success envelope around a given `data` shape: `status`, `success`, `data`, `errors` are strict. */
export function envelopeShape<R extends z.ZodType, T extends z.ZodType>(data: Shape<R, T>) {
  const fields = <D extends z.ZodType>(d: D) => ({
    status: strict(int),
    success: strict(z.literal(true)),
    code: shown(z.string()),
    message: shown(z.string()),
    data: strict(d),
    errors: strict(z.array(z.unknown())),
  });
  return { reference: resource(fields(data.reference)).reference, reading: resource(fields(data.reading)).reading };
}

/** Success envelope (the app's reading) around a given `data` schema. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return envelopeShape({ reference: data, reading: data }).reading;
}

/** The `data` of a delete's envelope (ASSUMPTIONS.md: 200 with null data, or 204). */
export const noData = { reference: z.null(), reading: z.null() } as const;

/** Error envelope: `success` false, `data` null, `errors` items `{field, code, message}`. */
export const errorEnvelope = z.looseObject({
  status: int,
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  data: z.null(),
  errors: z.array(fieldError),
});

/** The paginator's table (schemas.ts exports its reading as `paginator`). */
export const paginatorShape = once(() =>
  resource({
    count: strict(int),
    page: shown(int),
    page_size: shown(int),
    total_pages: shown(int),
    next: strict(z.string().nullable()),
    next_page_number: shown(int.nullable()),
    previous: strict(z.string().nullable()),
    previous_page_number: shown(int.nullable()),
  }),
);
export type Paginator = z.infer<ReturnType<typeof paginatorShape>['reading']>;

/** Page object: the paginator's links and count and the `results` array are strict. */
export function pageShape<R extends z.ZodType, T extends z.ZodType>(item: Shape<R, T>) {
  return {
    reference: z.looseObject({ paginator: paginatorShape().reference, results: z.array(item.reference) }),
    reading: z.looseObject({ paginator: paginatorShape().reading, results: z.array(item.reading) }),
  };
}
export function pageOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ paginator: paginatorShape().reading, results: z.array(item) });
}
export type Page<T> = { paginator: Paginator; results: T[] };

// ---------- resources (reading.ts: strict / shown / shownEnum / part) ----------

const categoryShape = once(() =>
  resource({
    id: strict(uuid),
    name: shown(z.string()),
    created_datetime: shown(dateTime),
    updated_datetime: shown(dateTime),
  }),
);

const locationShape = once(() =>
  resource({
    id: strict(uuid),
    name: shown(z.string()),
    description: shown(z.string()),
    address: shown(z.string()),
    capacity: shown(int),
    created_datetime: shown(dateTime),
    updated_datetime: shown(dateTime),
  }),
);

const groupShape = once(() =>
  resource({
    id: strict(uuid),
    name: shown(z.string()),
    description: shown(z.string()),
    learner_ids: shown(z.string()),
    learners: shown(z.string()),
  }),
);

const learnerSummaryShape = once(() =>
  resource({
    id: strict(uuid),
    staff_id: shown(uuid),
    user_id: shown(uuid),
    full_name: shown(z.string().nullable()),
    email: shown(z.string().nullable()),
    status: shownEnum(LEARNER_STATUSES),
  }),
);

const seatShape = once(() =>
  resource({
    id: strict(uuid),
    seat_number: shown(z.string()),
    location_id: shown(uuid),
    location: part(locationShape()),
    learner_id: shown(uuid),
    learner: part(learnerSummaryShape()),
  }),
);

const courseFields = once(() => ({
  id: strict(uuid),
  name: shown(z.string()),
  level: shownEnum(COURSE_LEVELS),
  description: shown(z.string()),
  source: shownEnum(SOURCES, { nullable: true }),
  // The reference calls this "optional prerequisites": absent is no deviation.
  requirements: shown(z.string().optional()),
  status: shownEnum(CONTENT_STATUSES),
  categories: partList(categoryShape()),
  has_enrollments: shown(z.boolean()),
  quizzes_count: shown(int),
  cover_image_url: shown(z.string()),
  preview_video_url: shown(z.string()),
  preview_video_status: shown(z.string()),
  preview_video_ready: shown(z.string()),
  preview_video_error: shown(z.string().nullable()),
  preview_video_has_subtitles: shown(z.boolean()),
  preview_video_playback_endpoint: shown(z.string().nullable()),
  instructors: shown(z.string()),
  overall_duration_seconds: shown(int),
  created_datetime: shown(dateTime),
  updated_datetime: shown(dateTime),
}));
const courseShape = once(() => resource(courseFields()));

const assessmentShape = once(() =>
  resource({
    id: strict(uuid),
    title: shown(z.string()),
    description: shown(z.string()),
    source: shownEnum(SOURCES, { nullable: true }),
    type: shownEnum(ASSESSMENT_TYPES, { nullable: true }),
    organization_strategy: shownEnum(ORGANIZATION_STRATEGIES, { nullable: true }),
    seat_layout: shownEnum(SEAT_LAYOUTS, { nullable: true }),
    duration_hours: shown(int),
    duration_minutes: shown(int),
    status: shownEnum(CONTENT_STATUSES),
    total_points: shown(totalPoints),
    questions_count: shown(z.string()),
    start_datetime: shown(dateTime.nullable()),
    submission_date: shown(date.nullable()),
    deadline_datetime: shown(dateTime.nullable()),
    locked_datetime: shown(dateTime.nullable()),
    results_released_datetime: shown(dateTime.nullable()),
    maximum_attempts: shown(z.string()),
    effective_auto_release_result: shown(z.string()),
    effective_camera_proctoring_enabled: shown(z.string()),
    course_id: strict(uuid),
    course: part(courseShape()),
    locations: partList(locationShape()),
    groups: partList(groupShape()),
    seats: partList(seatShape()),
    passing_score_percent: shown(z.number().nullable()),
    passing_score_points: shown(z.number().nullable()),
    created_datetime: shown(dateTime),
    // Drafts compare against it to detect a conflicting edit.
    updated_datetime: strict(dateTime),
    questions: shown(z.string()),
  }),
);

const learningClassShape = once(() => resource({ id: strict(uuid), name: shown(z.string()), status: shown(openEnum) }));

const assignmentShape = once(() =>
  resource({
    id: strict(uuid),
    title: shown(z.string()),
    description: shown(z.string()),
    duration_hours: shown(int),
    duration_minutes: shown(int),
    status: shownEnum(CONTENT_STATUSES),
    total_points: shown(z.string()),
    submission_date: shown(date),
    class_id: shown(uuid),
    learning_class: part(learningClassShape()),
    course_id: strict(uuid),
    course: part(courseShape()),
    questions_count: shown(z.string()),
    created_datetime: shown(dateTime),
    updated_datetime: strict(dateTime),
    questions: shown(z.string()),
  }),
);

const contentMediaShape = once(() =>
  resource({
    id: strict(uuid),
    media_type: shown(openEnum),
    position: shown(int),
    file_name: shown(z.string()),
    content_type: shown(z.string()),
    duration_seconds: shown(int),
    image_url: shown(z.string()),
    video_url: shown(z.string()),
    video_status: shown(z.string()),
    video_ready: shown(z.string()),
    video_error: shown(z.string()),
    video_has_subtitles: shown(z.string()),
    video_playback_endpoint: shown(z.string()),
  }),
);

const quizLessonShape = once(() =>
  resource({
    id: strict(uuid),
    title: shown(z.string()),
    lesson_type: shown(openEnum),
    duration_seconds: shown(int),
    order: shown(int),
    section_id: strict(uuid),
    course_id: strict(uuid),
  }),
);

const quizShape = once(() =>
  resource({
    id: strict(uuid),
    lesson_id: strict(uuid),
    lesson: part(quizLessonShape()),
    status: shown(openEnum),
    total_points: shown(z.string()),
    created_datetime: shown(dateTime),
    updated_datetime: shown(dateTime),
  }),
);

const lessonShape = once(() =>
  resource({
    id: strict(uuid),
    title: shown(z.string()),
    description: shown(z.string()),
    source: shownEnum(SOURCES, { nullable: true }),
    lesson_type: shown(openEnum),
    order: shown(int),
    text_content: shown(z.string()),
    video_content_url: shown(z.string()),
    video_url: shown(z.string()),
    video_status: shown(z.string()),
    video_ready: shown(z.string()),
    video_error: shown(z.string()),
    video_has_subtitles: shown(z.string()),
    video_playback_endpoint: shown(z.string()),
    video_caption: shown(z.string()),
    duration_seconds: shown(int),
    document_url: shown(z.string()),
    document_name: shown(z.string()),
    image_url: shown(z.string()),
    image_name: shown(z.string()),
    content_media: partList(contentMediaShape()),
    // Shape of a resource item is not shown: any object.
    resources: shown(z.array(z.looseObject({}))),
    // A lesson that is not a quiz has no quiz to show; null is the only sensible reading.
    quiz: part(quizShape(), { nullable: true }),
    created_datetime: shown(dateTime),
    updated_datetime: strict(dateTime),
  }),
);

const sectionFields = once(() => ({
  id: strict(uuid),
  title: shown(z.string()),
  description: shown(z.string()),
  order: shown(int),
  lessons: partList(lessonShape()),
  created_datetime: shown(dateTime),
  updated_datetime: shown(dateTime),
}));
const sectionShape = once(() => resource(sectionFields()));

/** A section as a course push's plan reads it (catalogue `sections.outline`): ids, titles, order,
 * a lesson's text and whether it has a video. Nothing else of the answer is read (reading.ts slice). */
const sectionOutlineShape = once(() =>
  slice({
    id: strict(uuid),
    title: shown(z.string()),
    order: shown(int),
    lessons: partList(
      slice({
        id: strict(uuid),
        title: shown(z.string()),
        order: shown(int),
        text_content: shown(z.string()),
        video_content_url: shown(z.string()),
        video_url: shown(z.string()),
        video_status: shown(z.string()),
      }),
    ),
  }),
);

/** A course or section as the operations that give the app its draft base read it (retrieve course,
 * list and retrieve sections, the structure writes): `updated_datetime` decides conflicts, so it is
 * strict there (ASSUMPTIONS.md "Reading responses"); course lists and nested copies only show it. */
const draftedCourseShape = once(() => resource({ ...courseFields(), updated_datetime: strict(dateTime) }));
const draftedSectionShape = once(() => resource({ ...sectionFields(), updated_datetime: strict(dateTime) }));

const uploadSessionShape = once(() =>
  resource({
    id: strict(uuid),
    upload_type: shown(openEnum),
    file_name: shown(z.string()),
    content_type: shown(z.string()),
    file_size: shown(int),
    status: strict(openEnum),
    part_size: strict(int),
    total_parts: strict(int),
    is_multipart: shown(z.string()),
    // Values that cannot exist before the session completes are allowed to be null.
    multipart_upload_id: shown(z.string().nullable()),
    expires_datetime: shown(dateTime),
    completed_datetime: shown(dateTime.nullable()),
    created_datetime: shown(dateTime),
    updated_datetime: shown(dateTime),
    asset_url: shown(z.string().nullable()),
    asset_url_expires_in: shown(z.string().nullable()),
  }),
);

const presignedPartShape = once(() => resource({ part_number: strict(int), url: strict(z.string()) }));
const uploadedPartShape = once(() =>
  resource({ part_number: strict(int), etag: strict(z.string()), size: strict(int) }),
);
const signPartsShape = once(() => ({
  reference: z.looseObject({ presigned_urls: z.array(presignedPartShape().reference) }),
  reading: z.looseObject({ presigned_urls: z.array(presignedPartShape().reading) }),
}));
const listPartsShape = once(() => ({
  reference: z.looseObject({ parts: z.array(uploadedPartShape().reference) }),
  reading: z.looseObject({ parts: z.array(uploadedPartShape().reading) }),
}));

/**
 * Both schemas of every response resource: `reference` (the reference exactly) and `reading`. Each
 * property is built when first read (then kept), so a caller pays only for the resources it reads.
 */
export const shapes = {
  get category() {
    return categoryShape();
  },
  get location() {
    return locationShape();
  },
  get group() {
    return groupShape();
  },
  get learnerSummary() {
    return learnerSummaryShape();
  },
  get seat() {
    return seatShape();
  },
  get course() {
    return courseShape();
  },
  get assessment() {
    return assessmentShape();
  },
  get learningClass() {
    return learningClassShape();
  },
  get assignment() {
    return assignmentShape();
  },
  get contentMedia() {
    return contentMediaShape();
  },
  get quizLesson() {
    return quizLessonShape();
  },
  get quiz() {
    return quizShape();
  },
  get lesson() {
    return lessonShape();
  },
  get section() {
    return sectionShape();
  },
  get draftedCourse() {
    return draftedCourseShape();
  },
  get draftedSection() {
    return draftedSectionShape();
  },
  get sectionOutline() {
    return sectionOutlineShape();
  },
  get uploadSession() {
    return uploadSessionShape();
  },
  get presignedPart() {
    return presignedPartShape();
  },
  get uploadedPart() {
    return uploadedPartShape();
  },
  get signPartsData() {
    return signPartsShape();
  },
  get listPartsData() {
    return listPartsShape();
  },
};
