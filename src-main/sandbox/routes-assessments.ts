// Main process / plain Node. Assessments (documented retrieve/update/delete, assumed list/create) and
// assignment create. Tenant-only: a service-provider key gets 403 on all of them.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addApiRoute } from './api-route.ts';
import {
  ASSIGNMENT_SELECT,
  assessmentResource,
  assignmentResource,
  normalizePoints,
  pointsOfQuestions,
} from './assessments-repo.ts';
import type { AssessmentRow, AssignmentRow } from './assessments-repo.ts';
import { ownedCourseId } from './catalog-repo.ts';
import type { SandboxContext } from './context.ts';
import { notFound, validationError } from './envelope.ts';
import { paginate, readPageQuery, searchCondition } from './pagination.ts';
import { assessmentCreateBody, assessmentUpdateBody, assignmentCreateBody } from './request-schemas.ts';
import { count, need, ok, pageLinks, readFilters } from './route-helpers.ts';
import type { SqlValue } from './sql.ts';
import { fieldError, parseBody } from './validation.ts';

export function registerAssessmentRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const { sql, clock } = ctx;
  const tenantOnly = true;

  const findRow = (owner: string, id: string): AssessmentRow => {
    const row = sql.get<AssessmentRow>('SELECT * FROM assessments WHERE id = ? AND owner = ?', id, owner);
    if (row === undefined) throw notFound();
    return row;
  };

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/assessments',
    permission: 'learning.view_assessment',
    tenantOnly,
    handler: (call) => {
      const query = readPageQuery(call.query);
      const search = searchCondition(['title', 'description'], query.terms);
      const clauses = ['owner = ?', search.sql];
      const params: SqlValue[] = [call.principal.owner, ...search.params];
      const filters = readFilters(call.query, 'course_id');
      if (filters.status !== undefined) {
        clauses.push('status = ?');
        params.push(filters.status);
      }
      if (filters.id !== undefined) {
        clauses.push('course_id = ?');
        params.push(filters.id);
      }
      const where = clauses.join(' AND ');
      const cache = new Map<string, unknown>();
      return ok(
        paginate({
          query,
          count: count(ctx, `SELECT count(*) AS n FROM assessments WHERE ${where}`, params),
          load: (limit, offset) =>
            sql
              .all<AssessmentRow>(
                `SELECT * FROM assessments WHERE ${where} ORDER BY seq LIMIT ? OFFSET ?`,
                ...params,
                limit,
                offset,
              )
              .map((row) => assessmentResource(sql, row, cache)),
          ...pageLinks(call),
        }),
      );
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/assessments/:id',
    permission: 'learning.view_assessment',
    tenantOnly,
    handler: (call) => ok(assessmentResource(sql, findRow(call.principal.owner, need(call.params.id)))),
  });

  addApiRoute(api, ctx, {
    method: 'POST',
    url: '/assessments',
    permission: 'learning.add_assessment',
    tenantOnly,
    create: true,
    handler: (call) => {
      const body = parseBody(assessmentCreateBody, call.body);
      if (!ownedCourseId(sql, call.principal.owner, body.course_id)) {
        throw validationError([fieldError('course_id', 'invalid', 'No course with this id.')]);
      }
      const questions = body.questions ?? [];
      const id = randomUUID();
      const now = clock.now();
      sql.run(
        `INSERT INTO assessments (id, owner, course_id, title, description, source, type, organization_strategy,
           seat_layout, duration_hours, duration_minutes, status, total_points, questions, maximum_attempts,
           auto_release_result, camera_proctoring_enabled, locations, groups_json, seats, created, updated)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, 0, '[]', '[]', '[]', ?, ?)`,
        id,
        call.principal.owner,
        body.course_id,
        body.title,
        body.description,
        body.source ?? 'MANUAL_CREATION',
        body.type ?? null,
        body.organization_strategy ?? null,
        body.seat_layout ?? null,
        body.duration_hours ?? 0,
        body.duration_minutes ?? 0,
        body.status ?? 'DRAFT',
        body.total_points === undefined ? pointsOfQuestions(questions) : normalizePoints(body.total_points),
        JSON.stringify(questions),
        now,
        now,
      );
      return { status: 201, data: assessmentResource(sql, findRow(call.principal.owner, id)) };
    },
  });

  addApiRoute(api, ctx, {
    method: 'PATCH',
    url: '/assessments/:id',
    permission: 'learning.change_assessment',
    tenantOnly,
    handler: (call) => {
      const current = findRow(call.principal.owner, need(call.params.id));
      const body = parseBody(assessmentUpdateBody, call.body);
      sql.run(
        `UPDATE assessments SET title = ?, description = ?, source = ?, type = ?, organization_strategy = ?,
           seat_layout = ?, duration_hours = ?, duration_minutes = ?, status = ?, total_points = ?, questions = ?,
           updated = ?
         WHERE id = ?`,
        body.title ?? current.title,
        body.description ?? current.description,
        body.source ?? current.source,
        body.type ?? current.type,
        body.organization_strategy ?? current.organization_strategy,
        body.seat_layout ?? current.seat_layout,
        body.duration_hours ?? current.duration_hours,
        body.duration_minutes ?? current.duration_minutes,
        body.status ?? current.status,
        body.total_points === undefined ? current.total_points : normalizePoints(body.total_points),
        body.questions === undefined ? current.questions : JSON.stringify(body.questions),
        clock.now(),
        current.id,
      );
      return ok(assessmentResource(sql, findRow(call.principal.owner, current.id)));
    },
  });

  addApiRoute(api, ctx, {
    method: 'DELETE',
    url: '/assessments/:id',
    permission: 'learning.delete_assessment',
    tenantOnly,
    handler: (call) => {
      const current = findRow(call.principal.owner, need(call.params.id));
      sql.run('DELETE FROM assessments WHERE id = ?', current.id);
      return ok(null);
    },
  });

  addApiRoute(api, ctx, {
    method: 'POST',
    url: '/assignments',
    permission: 'learning.add_assignment',
    tenantOnly,
    create: true,
    handler: (call) => {
      const body = parseBody(assignmentCreateBody, call.body);
      const owner = call.principal.owner;
      const courseId =
        body.course_id ??
        sql.get<{ id: string }>('SELECT id FROM courses WHERE owner = ? ORDER BY seq LIMIT 1', owner)?.id;
      if (courseId === undefined) {
        throw validationError([
          fieldError('course_id', 'required', 'This workspace has no course; name one with course_id.'),
        ]);
      }
      if (!ownedCourseId(sql, owner, courseId))
        throw validationError([fieldError('course_id', 'invalid', 'No course with this id.')]);
      const classId = body.class_id ?? defaultClassId(owner);
      if (!sql.get('SELECT 1 AS found FROM learning_classes WHERE id = ? AND owner = ?', classId, owner)) {
        throw validationError([fieldError('class_id', 'invalid', 'No learning class with this id.')]);
      }
      const questions = body.questions ?? [];
      const id = randomUUID();
      const now = clock.now();
      sql.run(
        `INSERT INTO assignments (id, owner, course_id, class_id, title, description, duration_hours, duration_minutes,
           status, total_points, submission_date, questions, created, updated)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        id,
        owner,
        courseId,
        classId,
        body.title,
        body.description,
        body.duration_hours ?? 0,
        body.duration_minutes ?? 0,
        body.status ?? 'DRAFT',
        body.total_points === undefined ? pointsOfQuestions(questions) : normalizePoints(body.total_points),
        body.submission_date ?? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
        JSON.stringify(questions),
        now,
        now,
      );
      const row = sql.get<AssignmentRow>(`${ASSIGNMENT_SELECT} WHERE a.id = ?`, id);
      return { status: 201, data: row === undefined ? null : assignmentResource(sql, row) };
    },
  });

  /** The workspace's first learning class, created on demand for an empty sandbox. */
  const defaultClassId = (owner: string): string => {
    const existing = sql.get<{ id: string }>(
      'SELECT id FROM learning_classes WHERE owner = ? ORDER BY name LIMIT 1',
      owner,
    );
    if (existing !== undefined) return existing.id;
    const id = randomUUID();
    sql.run(
      "INSERT INTO learning_classes (id, owner, name, status) VALUES (?, ?, 'Default class', 'ACTIVE')",
      id,
      owner,
    );
    return id;
  };
}
