// Main process / plain Node. Assessment and Assignment rows and their resource shapes (tenant-only).
import { findCourse } from './catalog-repo.ts';
import { parseJsonArray } from './sql.ts';
import type { Sql } from './sql.ts';

export interface AssessmentRow {
  id: string;
  owner: string;
  course_id: string;
  title: string;
  description: string;
  source: string | null;
  type: string | null;
  organization_strategy: string | null;
  seat_layout: string | null;
  duration_hours: number;
  duration_minutes: number;
  status: string;
  total_points: string;
  questions: string;
  start_datetime: string | null;
  submission_date: string | null;
  deadline_datetime: string | null;
  locked_datetime: string | null;
  results_released_datetime: string | null;
  maximum_attempts: number;
  auto_release_result: number;
  camera_proctoring_enabled: number;
  passing_score_percent: number | null;
  passing_score_points: number | null;
  locations: string;
  groups_json: string;
  seats: string;
  created: string;
  updated: string;
}

export interface AssignmentRow {
  id: string;
  owner: string;
  course_id: string;
  class_id: string;
  title: string;
  description: string;
  duration_hours: number;
  duration_minutes: number;
  status: string;
  total_points: string;
  submission_date: string;
  questions: string;
  created: string;
  updated: string;
  class_name: string;
  class_status: string;
}

/** Per-request cache: a page of 100 assessments of one course serializes that course once. */
export type CourseCache = Map<string, unknown>;

function courseOf(sql: Sql, owner: string, courseId: string, cache: CourseCache): unknown {
  if (!cache.has(courseId)) cache.set(courseId, findCourse(sql, owner, courseId) ?? null);
  return cache.get(courseId);
}

export function assessmentResource(sql: Sql, row: AssessmentRow, cache: CourseCache = new Map()) {
  const questions = parseJsonArray(row.questions);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    source: row.source,
    type: row.type,
    organization_strategy: row.organization_strategy,
    seat_layout: row.seat_layout,
    duration_hours: row.duration_hours,
    duration_minutes: row.duration_minutes,
    status: row.status,
    total_points: row.total_points,
    questions_count: String(questions.length),
    start_datetime: row.start_datetime,
    submission_date: row.submission_date,
    deadline_datetime: row.deadline_datetime,
    locked_datetime: row.locked_datetime,
    results_released_datetime: row.results_released_datetime,
    maximum_attempts: String(row.maximum_attempts),
    effective_auto_release_result: row.auto_release_result ? 'true' : 'false',
    effective_camera_proctoring_enabled: row.camera_proctoring_enabled ? 'true' : 'false',
    course_id: row.course_id,
    course: courseOf(sql, row.owner, row.course_id, cache),
    locations: parseJsonArray(row.locations),
    groups: parseJsonArray(row.groups_json),
    seats: parseJsonArray(row.seats),
    passing_score_percent: row.passing_score_percent,
    passing_score_points: row.passing_score_points,
    created_datetime: row.created,
    updated_datetime: row.updated,
    // The reference types `questions` in responses as a string: the list travels as JSON text.
    questions: JSON.stringify(questions),
  };
}

export const ASSIGNMENT_SELECT = `SELECT a.*, k.name AS class_name, k.status AS class_status
  FROM assignments a JOIN learning_classes k ON k.id = a.class_id`;

export function assignmentResource(sql: Sql, row: AssignmentRow) {
  const questions = parseJsonArray(row.questions);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    duration_hours: row.duration_hours,
    duration_minutes: row.duration_minutes,
    status: row.status,
    total_points: row.total_points,
    submission_date: row.submission_date,
    class_id: row.class_id,
    learning_class: { id: row.class_id, name: row.class_name, status: row.class_status },
    course_id: row.course_id,
    course: findCourse(sql, row.owner, row.course_id) ?? null,
    questions_count: String(questions.length),
    created_datetime: row.created,
    updated_datetime: row.updated,
    questions: JSON.stringify(questions),
  };
}

/** "12.5" → "12.50", "+3" → "3.00": the decimal string as DRF renders DecimalField(decimal_places=2). */
export function normalizePoints(value: string): string {
  const fixed = Number(value).toFixed(2);
  return fixed === '-0.00' ? '0.00' : fixed;
}

/** Total of the questions' numeric `points` (the question shape is open; others count as 0). */
export function pointsOfQuestions(questions: readonly Record<string, unknown>[]): string {
  let cents = 0;
  for (const question of questions) {
    const points = Number(question.points);
    if (Number.isFinite(points)) cents += Math.round(points * 100);
  }
  return normalizePoints(String(cents / 100));
}
