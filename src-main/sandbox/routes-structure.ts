// Main process / plain Node. The course structure (ASSUMPTIONS.md "Course structure: sections and
// course details"): create, update and delete sections, and update a course (its details, its
// categories and its preview video). With `noStructure` every one of them answers 405 (api-route.ts),
// as a server that does not offer them.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addApiRoute } from './api-route.ts';
import type { ApiCall } from './api-route.ts';
import { findCourse, findCourseRow, findSectionRow, ownedCourseId, sectionResource } from './catalog-repo.ts';
import { linksFor } from './context.ts';
import type { SandboxContext } from './context.ts';
import { notFound, stateRefused, validationError } from './envelope.ts';
import { courseUpdateBody, sectionCreateBody, sectionUpdateBody } from './request-schemas.ts';
import { checkCompletedVideo, need, ok, placeAt } from './route-helpers.ts';
import { fieldError, parseBody } from './validation.ts';

const SECTIONS = '/courses/:course_id/sections';

export function registerStructureRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const { sql, clock } = ctx;
  const sectionsOf = (courseId: string) => ({ table: 'sections', parent: 'course_id', parentId: courseId }) as const;
  const sectionOut = (call: ApiCall, courseId: string, id: string) => {
    const row = findSectionRow(sql, call.principal.owner, courseId, id);
    if (row === undefined) throw notFound();
    return sectionResource(sql, row, linksFor(ctx, call.origin));
  };
  const courseOut = (call: ApiCall, id: string) => {
    const course = findCourse(sql, call.principal.owner, id, linksFor(ctx, call.origin));
    if (course === undefined) throw notFound();
    return course;
  };

  addApiRoute(api, ctx, {
    method: 'POST',
    url: SECTIONS,
    permission: 'learning.add_section',
    create: true,
    structure: true,
    handler: (call) => {
      const courseId = need(call.params.course_id);
      if (!ownedCourseId(sql, call.principal.owner, courseId)) throw notFound();
      const body = parseBody(sectionCreateBody, call.body);
      const id = randomUUID();
      sql.transaction(() => {
        const now = clock.now();
        const last = sql.get<{ top: number | null }>(
          'SELECT max(ord) AS top FROM sections WHERE course_id = ?',
          courseId,
        );
        sql.run(
          'INSERT INTO sections (id, course_id, title, description, ord, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?)',
          id,
          courseId,
          body.title,
          body.description ?? '',
          (last?.top ?? 0) + 1,
          now,
          now,
        );
        if (body.order !== undefined) placeAt(sql, sectionsOf(courseId), id, body.order);
      });
      return { status: 201, data: sectionOut(call, courseId, id) };
    },
  });

  addApiRoute(api, ctx, {
    method: 'PATCH',
    url: `${SECTIONS}/:id`,
    permission: 'learning.change_section',
    structure: true,
    handler: (call) => {
      const courseId = need(call.params.course_id);
      const id = need(call.params.id);
      const current = findSectionRow(sql, call.principal.owner, courseId, id);
      if (current === undefined) throw notFound();
      const body = parseBody(sectionUpdateBody, call.body);
      sql.transaction(() => {
        sql.run(
          'UPDATE sections SET title = ?, description = ?, updated = ? WHERE id = ?',
          body.title ?? current.title,
          body.description ?? current.description,
          clock.now(),
          id,
        );
        if (body.order !== undefined) placeAt(sql, sectionsOf(courseId), id, body.order);
      });
      return ok(sectionOut(call, courseId, id));
    },
  });

  addApiRoute(api, ctx, {
    method: 'DELETE',
    url: `${SECTIONS}/:id`,
    permission: 'learning.delete_section',
    structure: true,
    handler: (call) => {
      const courseId = need(call.params.course_id);
      const id = need(call.params.id);
      if (findSectionRow(sql, call.principal.owner, courseId, id) === undefined) throw notFound();
      // A section that still holds lessons is refused (422, the state-refusal row; catalogue.ts):
      // deleting it would silently delete its lessons.
      if (sql.get('SELECT 1 AS found FROM lessons WHERE section_id = ? LIMIT 1', id) !== undefined) {
        throw stateRefused();
      }
      sql.transaction(() => {
        sql.run('DELETE FROM sections WHERE id = ?', id);
        // The others close the gap: positions stay 1..n.
        const rest = sql.all<{ id: string }>('SELECT id FROM sections WHERE course_id = ? ORDER BY ord, seq', courseId);
        rest.forEach((row, index) => sql.run('UPDATE sections SET ord = ? WHERE id = ?', index + 1, row.id));
      });
      return ok(null);
    },
  });

  addApiRoute(api, ctx, {
    method: 'PATCH',
    url: '/courses/:id',
    permission: 'learning.change_course',
    structure: true,
    handler: (call) => {
      const id = need(call.params.id);
      const current = findCourseRow(sql, call.principal.owner, id);
      if (current === undefined) throw notFound();
      const body = parseBody(courseUpdateBody, call.body);
      const categoryIds = body.category_ids === undefined ? undefined : [...new Set(body.category_ids)];
      if (body.category_ids !== undefined) checkCategories(call, body.category_ids);
      checkCompletedVideo(sql, call.principal.owner, body.preview_video_upload_id, 'preview_video_upload_id');
      sql.transaction(() => {
        sql.run(
          'UPDATE courses SET name = ?, description = ?, requirements = ?, level = ?, updated = ? WHERE id = ?',
          body.name ?? current.name,
          body.description ?? current.description,
          body.requirements ?? current.requirements,
          body.level ?? current.level,
          clock.now(),
          id,
        );
        if (categoryIds !== undefined) {
          sql.run('DELETE FROM course_categories WHERE course_id = ?', id);
          for (const categoryId of categoryIds) {
            sql.run('INSERT INTO course_categories (course_id, category_id) VALUES (?, ?)', id, categoryId);
          }
        }
        if (body.preview_video_upload_id !== undefined) {
          sql.run('UPDATE courses SET preview_video_upload_id = ? WHERE id = ?', body.preview_video_upload_id, id);
          ctx.videos.beginPreview(id, body.preview_video_upload_id);
        }
      });
      return ok(courseOut(call, id));
    },
  });

  /** 422 on `category_ids.N` for an id that names none of this owner's categories. */
  function checkCategories(call: ApiCall, sent: string[]): void {
    const known = new Set(
      sql.all<{ id: string }>('SELECT id FROM categories WHERE owner = ?', call.principal.owner).map((row) => row.id),
    );
    const errors = sent.flatMap((categoryId, index) =>
      known.has(categoryId) ? [] : [fieldError(`category_ids.${index}`, 'invalid', 'No category with this id.')],
    );
    if (errors.length > 0) throw validationError(errors);
  }
}
