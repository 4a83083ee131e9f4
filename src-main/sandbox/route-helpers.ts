// Main process / plain Node. Small helpers shared by the route modules.
import type { ApiCall, ApiResult } from './api-route.ts';
import type { SandboxContext } from './context.ts';
import { notFound, validationError } from './envelope.ts';
import type { FieldError } from './envelope.ts';
import { queryValue } from './pagination.ts';
import { STATUS_VALUES } from './request-schemas.ts';
import type { SqlValue } from './sql.ts';
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
