// Main process / plain Node. Lessons (assumed retrieve/create/update, documented delete). A lesson can
// reference a COMPLETED VIDEO upload session through `video_upload_id`; every lesson has one quiz.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { addApiRoute } from './api-route.ts';
import type { ApiCall } from './api-route.ts';
import { findLessonRow, findSectionRow, lessonResource } from './catalog-repo.ts';
import type { SectionRow } from './catalog-repo.ts';
import { linksFor } from './context.ts';
import type { SandboxContext } from './context.ts';
import { notFound } from './envelope.ts';
import { lessonCreateBody, lessonUpdateBody } from './request-schemas.ts';
import { checkCompletedVideo, need, ok, placeAt } from './route-helpers.ts';
import { parseBody } from './validation.ts';

const LESSONS = '/courses/:course_id/sections/:section_id/lessons';

export function registerLessonRoutes(api: FastifyInstance, ctx: SandboxContext): void {
  const { sql, clock } = ctx;

  const section = (call: ApiCall): SectionRow => {
    const row = findSectionRow(sql, call.principal.owner, need(call.params.course_id), need(call.params.section_id));
    if (row === undefined) throw notFound();
    return row;
  };
  const lessonOut = (call: ApiCall, sectionId: string, lessonId: string) => {
    const row = findLessonRow(sql, sectionId, lessonId);
    if (row === undefined) throw notFound();
    return lessonResource(row, linksFor(ctx, call.origin));
  };
  const checkVideo = (call: ApiCall, uploadId: string | null | undefined): void =>
    checkCompletedVideo(sql, call.principal.owner, uploadId, 'video_upload_id');
  const lessonsOf = (sectionId: string) => ({ table: 'lessons', parent: 'section_id', parentId: sectionId }) as const;

  addApiRoute(api, ctx, {
    method: 'GET',
    url: `${LESSONS}/:id`,
    permission: 'learning.view_lesson',
    handler: (call) => ok(lessonOut(call, section(call).id, need(call.params.id))),
  });

  addApiRoute(api, ctx, {
    method: 'POST',
    url: LESSONS,
    permission: 'learning.add_lesson',
    create: true,
    handler: (call) => {
      const parent = section(call);
      const body = parseBody(lessonCreateBody, call.body);
      checkVideo(call, body.video_upload_id);
      const id = randomUUID();
      sql.transaction(() => {
        const now = clock.now();
        const last = sql.get<{ top: number | null }>(
          'SELECT max(ord) AS top FROM lessons WHERE section_id = ?',
          parent.id,
        );
        const order = (last?.top ?? 0) + 1;
        sql.run(
          `INSERT INTO lessons (id, course_id, section_id, title, description, source, lesson_type, ord, text_content,
             duration_seconds, video_upload_id, video_caption, document_url, document_name, image_url, image_name,
             resources, created, updated)
           VALUES (?, ?, ?, ?, ?, 'MANUAL_CREATION', ?, ?, ?, 0, ?, '', '', '', '', '', '[]', ?, ?)`,
          id,
          parent.course_id,
          parent.id,
          body.title,
          body.description ?? '',
          body.lesson_type ?? 'VIDEO',
          order,
          body.text_content ?? '',
          body.video_upload_id ?? null,
          now,
          now,
        );
        if (body.order !== undefined) placeAt(sql, lessonsOf(parent.id), id, body.order);
        sql.run(
          `INSERT INTO quizzes (id, owner, lesson_id, status, total_points, created, updated)
           VALUES (?, ?, ?, 'DRAFT', '0.00', ?, ?)`,
          randomUUID(),
          call.principal.owner,
          id,
          now,
          now,
        );
        if (body.video_upload_id) ctx.videos.begin(id, body.video_upload_id);
      });
      return { status: 201, data: lessonOut(call, parent.id, id) };
    },
  });

  addApiRoute(api, ctx, {
    method: 'PATCH',
    url: `${LESSONS}/:id`,
    permission: 'learning.change_lesson',
    handler: (call) => {
      const parent = section(call);
      const id = need(call.params.id);
      const current = findLessonRow(sql, parent.id, id);
      if (current === undefined) throw notFound();
      const body = parseBody(lessonUpdateBody, call.body);
      checkVideo(call, body.video_upload_id);
      sql.transaction(() => {
        sql.run(
          `UPDATE lessons SET title = ?, description = ?, text_content = ?, lesson_type = ?, video_upload_id = ?,
             updated = ? WHERE id = ?`,
          body.title ?? current.title,
          body.description ?? current.description,
          body.text_content ?? current.text_content,
          body.lesson_type ?? current.lesson_type,
          body.video_upload_id === undefined ? current.video_upload_id : body.video_upload_id,
          clock.now(),
          id,
        );
        if (body.order !== undefined) placeAt(sql, lessonsOf(parent.id), id, body.order);
        if (body.video_upload_id !== undefined) ctx.videos.begin(id, body.video_upload_id);
      });
      return ok(lessonOut(call, parent.id, id));
    },
  });

  addApiRoute(api, ctx, {
    method: 'DELETE',
    url: `${LESSONS}/:id`,
    permission: 'learning.delete_lesson',
    handler: (call) => {
      const parent = section(call);
      const changes = sql.run('DELETE FROM lessons WHERE id = ? AND section_id = ?', need(call.params.id), parent.id);
      if (changes === 0) throw notFound();
      return ok(null);
    },
  });
}
