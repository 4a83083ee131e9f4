// Main process / plain Node. Small helpers shared by the route modules.
import type { ApiCall, ApiResult } from './api-route.ts';
import type { SandboxContext } from './context.ts';
import { notFound, validationError } from './envelope.ts';
import type { FieldError } from './envelope.ts';
import { queryValue } from './pagination.ts';
import { STATUS_VALUES } from './request-schemas.ts';
import type { Sql, SqlValue } from './sql.ts';
import { findUpload } from './uploads-repo.ts';
import { fieldError, UUID_PATTERN } from './validation.ts';

export function ok(data: unknown): ApiResult {
  return { status: 200, data };
}

export function count(ctx: SandboxContext, text: string, params: SqlValue[]): number {
  return Number(ctx.sql.get<{ n: number }>(text, ...params)?.n ?? 0);
}

export function pageLinks(call: ApiCall): { origin: string; requestUrl: string } {
  return { origin: call.origin, requestUrl: call.request.url };
}

/** `status` (DRAFT/PUBLISHED/ARCHIVED) and a uuid filter such as `category` or `course_id`; bad values → 422. */
export function readFilters(query: unknown, idName: string): { status?: string; id?: string } {
  const status = queryValue(query, 'status');
  const id = queryValue(query, idName);
  const errors: FieldError[] = [];
  if (status !== undefined && !(STATUS_VALUES as readonly string[]).includes(status)) {
    errors.push(fieldError('status', 'invalid_choice', `"${status}" is not a valid choice.`));
  }
  if (id !== undefined && !UUID_PATTERN.test(id)) errors.push(fieldError(idName, 'invalid', 'Must be a valid UUID.'));
  if (errors.length > 0) throw validationError(errors);
  return { status, id: id?.toLowerCase() };
}

/** Route parameters are always present once the route matched; this narrows the type. */
export function need(value: string | undefined): string {
  if (value === undefined) throw notFound();
  return value;
}

export function throwNotFound(): never {
  throw notFound();
}

/** 422 on `field` unless the id names this owner's COMPLETED VIDEO upload (the reference's upload
 * flow rule); null and absent pass (null removes a video). */
export function checkCompletedVideo(sql: Sql, owner: string, uploadId: string | null | undefined, field: string): void {
  if (uploadId === undefined || uploadId === null) return;
  const upload = findUpload(sql, uploadId, owner);
  if (upload === undefined) throw validationError([fieldError(field, 'invalid', 'No upload session with this id.')]);
  if (upload.status !== 'COMPLETED') {
    throw validationError([
      fieldError(field, 'invalid', 'The upload session must be completed before it is referenced.'),
    ]);
  }
  if (upload.upload_type !== 'VIDEO') {
    throw validationError([fieldError(field, 'invalid', 'The upload session is not a VIDEO upload.')]);
  }
}

/** Puts a row at 1-based `position` among its siblings (ASSUMPTIONS.md, lessons and sections alike):
 * the ones from there on move down one place, and the siblings are numbered 1..n again, so positions
 * and `order` values stay the same thing after moves and deletes. */
export function placeAt(
  sql: Sql,
  siblings: { table: 'lessons' | 'sections'; parent: 'section_id' | 'course_id'; parentId: string },
  id: string,
  position: number,
): void {
  const { table, parent, parentId } = siblings;
  const others = sql
    .all<{ id: string }>(`SELECT id FROM ${table} WHERE ${parent} = ? AND id != ? ORDER BY ord, seq`, parentId, id)
    .map((row) => row.id);
  others.splice(Math.max(0, Math.min(others.length, position - 1)), 0, id);
  others.forEach((rowId, index) => sql.run(`UPDATE ${table} SET ord = ? WHERE id = ?`, index + 1, rowId));
}
