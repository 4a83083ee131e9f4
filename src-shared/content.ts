/**
 * Shared (every process). Content as the screens read it: the API's resources (the client's own
 * schemas), the limits and enums the forms enforce, list queries and command palette hits.
 */
import { z } from 'zod';
import * as api from './api/schemas.ts';
import { PageQuery, Uuid } from './common.ts';

export const ApiResources = {
  category: api.category,
  course: api.course,
  section: api.section,
  lesson: api.lesson,
  quiz: api.quiz,
  assessment: api.assessment,
  assignment: api.assignment,
};
export type Course = z.infer<typeof api.course>;
export type Category = z.infer<typeof api.category>;
export type Section = z.infer<typeof api.section>;
export type Lesson = z.infer<typeof api.lesson>;
export type Quiz = z.infer<typeof api.quiz>;
export type Assessment = z.infer<typeof api.assessment>;
/** A status the app sends as a filter (the reference's list; a server may answer others). */
export type ContentStatus = (typeof api.CONTENT_STATUSES)[number];

/** Limits the renderer's forms enforce as the user types (the same schemas the client sends). */
export const FormSchemas = {
  assessmentUpdate: api.assessmentUpdateBody,
  assignmentCreate: api.assignmentCreateBody,
};
export const Enums = {
  sources: api.SOURCES,
  assessmentTypes: api.ASSESSMENT_TYPES,
  organizationStrategies: api.ORGANIZATION_STRATEGIES,
  seatLayouts: api.SEAT_LAYOUTS,
  statuses: api.CONTENT_STATUSES,
  courseLevels: api.COURSE_LEVELS,
} as const;
export const MAX_DURATION = api.MAX_INT32;

export const CourseListQuery = PageQuery.extend({
  category: Uuid.optional(),
  status: z.enum(api.CONTENT_STATUSES).optional(),
}).strict();
export const CourseDetailSchema = z.object({ course: api.course, sections: z.array(api.section) });
export const AssessmentListQuery = PageQuery.extend({
  courseId: Uuid.optional(),
  status: z.enum(api.CONTENT_STATUSES).optional(),
}).strict();

export const PaletteSearchInput = z
  .object({ text: z.string().max(200), limit: z.int().min(1).max(50).optional() })
  .strict();
export const PaletteHitSchema = z.object({
  kind: z.enum(['course', 'section', 'lesson', 'assessment', 'quiz']),
  id: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  courseId: z.string().nullable(),
  sectionId: z.string().nullable(),
  /** A quiz's lesson (the quiz opens there). */
  lessonId: z.string().nullable().optional(),
});
export type PaletteHit = z.infer<typeof PaletteHitSchema>;
export const PalettePrepareSchema = z.object({ reading: z.int().min(0) }).strict();
/** The server's own search (courses, assessments, quizzes): `offline` = not asked, `failed` = no list answered. */
export const PaletteServerSearchSchema = z
  .object({ state: z.enum(['done', 'offline', 'failed']), hits: z.array(PaletteHitSchema) })
  .strict();
export type PaletteServerSearch = z.infer<typeof PaletteServerSearchSchema>;
