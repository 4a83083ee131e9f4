// Shared (every process; pure zod): the sandbox, the IPC contract and the renderer's forms use it.
// zod schemas for every envelope, page object, resource and request body of the Learning Content
// External API, written field by field from learning-content-external-api.md and ASSUMPTIONS.md.
// Responses are read by the policy in reading.ts: each resource is a table (responses.ts) saying
// which fields are strict (the app acts on them) and which are only shown (tolerated, reported as
// contract deviations); this file builds the app's reading of every one at its load. Scalars and
// enums are in scalars.ts, request bodies in bodies.ts. The API client takes its shapes from
// responses.ts, which builds each only when an operation first reads it.
import type { z } from 'zod';
import { paginatorShape, shapes } from './responses.ts';

export {
  envelopeShape,
  errorEnvelope,
  fieldError,
  noData,
  pageOf,
  pageShape,
  shapes,
  successEnvelope,
  type FieldError,
  type Page,
  type Paginator,
} from './responses.ts';

export const paginator = paginatorShape().reading;

// The app's reading of each resource (what the client returns, the cache holds and IPC carries).
export const category = shapes.category.reading;
export const location = shapes.location.reading;
export const group = shapes.group.reading;
export const learnerSummary = shapes.learnerSummary.reading;
export const seat = shapes.seat.reading;
export const course = shapes.course.reading;
export const assessment = shapes.assessment.reading;
export const learningClass = shapes.learningClass.reading;
export const assignment = shapes.assignment.reading;
export const contentMedia = shapes.contentMedia.reading;
export const quizLesson = shapes.quizLesson.reading;
export const quiz = shapes.quiz.reading;
export const lesson = shapes.lesson.reading;
export const section = shapes.section.reading;
export const draftedCourse = shapes.draftedCourse.reading;
export const draftedSection = shapes.draftedSection.reading;
export const uploadSession = shapes.uploadSession.reading;
export const presignedPart = shapes.presignedPart.reading;
export const uploadedPart = shapes.uploadedPart.reading;
export const signPartsData = shapes.signPartsData.reading;
export const listPartsData = shapes.listPartsData.reading;

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
/** A course or section with the `updated_datetime` drafts compare (draftedCourseShape, responses.ts). */
export type DraftedCourse = z.infer<typeof draftedCourse>;
export type DraftedSection = z.infer<typeof draftedSection>;
/** A section as a course push's plan reads it: only the fields a plan uses (catalogue `sections.outline`). */
export type SectionOutline = z.infer<(typeof shapes)['sectionOutline']['reading']>;
export type UploadSession = z.infer<typeof uploadSession>;
export type PresignedPart = z.infer<typeof presignedPart>;
export type UploadedPart = z.infer<typeof uploadedPart>;

// Re-exported so `schemas` stays one namespace for its callers.
export * from './enums.ts';
export * from './scalars.ts';
export * from './bodies.ts';
