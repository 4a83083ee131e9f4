// Main process / plain Node. Read-only catalogue: categories, courses, sections and quizzes
// (documented lists plus the assumed course operations of ASSUMPTIONS.md).
import type { FastifyInstance } from 'fastify';
import { addApiRoute } from './api-route.ts';
import {
  categoryResource,
  COURSE_SELECT,
  courseResource,
  findCourse,
  findSectionRow,
  ownedCourseId,
  QUIZ_SELECT,
  quizResource,
  sectionResource,
} from './catalog-repo.ts';
import type { CategoryRow, CourseRow, QuizRow, SectionRow } from './catalog-repo.ts';
import { linksFor } from './context.ts';
import type { SandboxContext } from './context.ts';
import { notFound } from './envelope.ts';
import { paginate, readPageQuery, searchCondition } from './pagination.ts';
import type { SqlValue } from './sql.ts';
import { count, need, ok, pageLinks, readFilters, throwNotFound } from './route-helpers.ts';

export function registerCatalogRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const { sql } = ctx;

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/categories',
    permission: 'learning.view_category',
    handler: (call) => {
      const query = readPageQuery(call.query);
      const search = searchCondition(['name'], query.terms);
      const where = `owner = ? AND ${search.sql}`;
      const params: SqlValue[] = [call.principal.owner, ...search.params];
      return ok(
        paginate({
          query,
          count: count(ctx, `SELECT count(*) AS n FROM categories WHERE ${where}`, params),
          load: (limit, offset) =>
            sql
              .all<CategoryRow>(
                `SELECT * FROM categories WHERE ${where} ORDER BY name, seq LIMIT ? OFFSET ?`,
                ...params,
                limit,
                offset,
              )
              .map(categoryResource),
          ...pageLinks(call),
        }),
      );
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/courses',
    permission: 'learning.view_course',
    handler: (call) => {
      const query = readPageQuery(call.query);
      const search = searchCondition(['c.name', 'c.description'], query.terms);
      const clauses = ['c.owner = ?', search.sql];
      const params: SqlValue[] = [call.principal.owner, ...search.params];
      const filters = readFilters(call.query, 'category');
      if (filters.status !== undefined) {
        clauses.push('c.status = ?');
        params.push(filters.status);
      }
      if (filters.id !== undefined) {
        clauses.push('EXISTS (SELECT 1 FROM course_categories cc WHERE cc.course_id = c.id AND cc.category_id = ?)');
        params.push(filters.id);
      }
      const where = clauses.join(' AND ');
      return ok(
        paginate({
          query,
          count: count(ctx, `SELECT count(*) AS n FROM courses c WHERE ${where}`, params),
          load: (limit, offset) =>
            sql
              .all<CourseRow>(
                `${COURSE_SELECT} WHERE ${where} ORDER BY c.seq LIMIT ? OFFSET ?`,
                ...params,
                limit,
                offset,
              )
              .map((row) => courseResource(sql, row, linksFor(ctx, call.origin))),
          ...pageLinks(call),
        }),
      );
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/courses/:id',
    permission: 'learning.view_course',
    handler: (call) =>
      ok(findCourse(sql, call.principal.owner, need(call.params.id), linksFor(ctx, call.origin)) ?? throwNotFound()),
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/courses/:course_id/sections',
    permission: 'learning.view_section',
    handler: (call) => {
      const courseId = need(call.params.course_id);
      if (!ownedCourseId(sql, call.principal.owner, courseId)) throw notFound();
      const query = readPageQuery(call.query);
      const search = searchCondition(['title', 'description'], query.terms);
      const where = `course_id = ? AND ${search.sql}`;
      const params: SqlValue[] = [courseId, ...search.params];
      const links = linksFor(ctx, call.origin);
      return ok(
        paginate({
          query,
          count: count(ctx, `SELECT count(*) AS n FROM sections WHERE ${where}`, params),
          load: (limit, offset) =>
            sql
              .all<SectionRow>(
                `SELECT * FROM sections WHERE ${where} ORDER BY ord, seq LIMIT ? OFFSET ?`,
                ...params,
                limit,
                offset,
              )
              .map((row) => sectionResource(sql, row, links)),
          ...pageLinks(call),
        }),
      );
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/courses/:course_id/sections/:id',
    permission: 'learning.view_section',
    handler: (call) => {
      const row = findSectionRow(sql, call.principal.owner, need(call.params.course_id), need(call.params.id));
      if (row === undefined) throw notFound();
      return ok(sectionResource(sql, row, linksFor(ctx, call.origin)));
    },
  });

  addApiRoute(api, ctx, {
    method: 'GET',
    url: '/quizzes',
    permission: 'learning.view_quiz',
    handler: (call) => {
      const query = readPageQuery(call.query);
      const search = searchCondition(['l.title'], query.terms);
      const where = `q.owner = ? AND ${search.sql}`;
      const params: SqlValue[] = [call.principal.owner, ...search.params];
      return ok(
        paginate({
          query,
          count: count(
            ctx,
            `SELECT count(*) AS n FROM quizzes q JOIN lessons l ON l.id = q.lesson_id WHERE ${where}`,
            params,
          ),
          load: (limit, offset) =>
            sql
              .all<QuizRow>(`${QUIZ_SELECT} WHERE ${where} ORDER BY q.seq LIMIT ? OFFSET ?`, ...params, limit, offset)
              .map(quizResource),
          ...pageLinks(call),
        }),
      );
    },
  });
}
