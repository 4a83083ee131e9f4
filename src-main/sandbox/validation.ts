// Main process / plain Node. Turns zod issues into the API's 422 field items: one item per failing
// field, dotted paths (`parts.2.etag`), codes from ASSUMPTIONS.md, DRF-style messages.
import { z } from 'zod';
import { ApiError, badRequest, validationError } from './envelope.ts';
import type { FieldError, FieldErrorCode } from './envelope.ts';

export const MAX_INT32 = 2147483647;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** "up to 8 integer digits, optional sign, up to 2 decimals" (DRF DecimalField(max_digits=10, decimal_places=2)). */
export const TOTAL_POINTS_PATTERN = /^[+-]?(?:\d{1,8}(?:\.\d{0,2})?|\.\d{1,2})$/;

/** Custom checks carry their code here, so the mapper does not have to guess. */
interface CodedParams {
  fieldCode: FieldErrorCode;
}

const DEFAULT_MESSAGES: Record<FieldErrorCode, string> = {
  required: 'This field is required.',
  invalid: 'Enter a valid value.',
  min_length: 'Ensure this field is not too short.',
  max_length: 'Ensure this field is not too long.',
  min_value: 'Ensure this value is not too small.',
  max_value: 'Ensure this value is not too large.',
  invalid_choice: 'This is not a valid choice.',
  null: 'This field may not be null.',
  unknown_field: 'Unknown field.',
};

export function fieldError(field: string, code: FieldErrorCode, message?: string): FieldError {
  return { field, code, message: message ?? DEFAULT_MESSAGES[code] };
}

/**
 * A string whose length is counted in characters (code points), like Django does, not UTF-16 units;
 * 255 emoji are a valid 255-character title.
 */
export function text(min: number, max?: number) {
  return z.string().check((ctx) => {
    const length = [...ctx.value].length;
    if (length < min) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        params: { fieldCode: 'min_length' } satisfies CodedParams,
        message: min === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${min} characters.`,
      });
    } else if (max !== undefined && length > max) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        params: { fieldCode: 'max_length' } satisfies CodedParams,
        message: `Ensure this field has no more than ${max} characters.`,
      });
    }
  });
}

export const int32 = (min = 0) => z.int().min(min).max(MAX_INT32);
export const uuidString = () =>
  z
    .string()
    .regex(UUID_PATTERN)
    .transform((value) => value.toLowerCase());
export const totalPoints = () => z.string().regex(TOTAL_POINTS_PATTERN);
export const isoDate = () =>
  z.string().refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), {
    message: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  });

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Parses a JSON body with a strict zod object schema or throws the 400/422 the API answers. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  // No body at all (no Content-Type, no bytes) validates as an empty object: missing fields are 422s.
  const input = body === undefined ? {} : body;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw badRequest();
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw validationError(toFieldErrors(result.error.issues, input));
}

export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  const items: FieldError[] = [];
  const seen = new Set<string>();
  const add = (item: FieldError): void => {
    if (seen.has(item.field)) return;
    seen.add(item.field);
    items.push(item);
  };
  for (const issue of issues) {
    const base = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(fieldError([...base, key].join('.'), 'unknown_field'));
      continue;
    }
    const field = base.join('.') || 'non_field_errors';
    const value = valueAt(input, issue.path);
    if (value.absent) add(fieldError(field, 'required'));
    else if (value.value === null) add(fieldError(field, 'null'));
    else add(describe(field, issue, value.value));
  }
  return items;
}

function describe(field: string, issue: z.core.$ZodIssue, value: unknown): FieldError {
  switch (issue.code) {
    case 'custom': {
      const params = issue.params as Partial<CodedParams> | undefined;
      return fieldError(field, params?.fieldCode ?? 'invalid', issue.message);
    }
    case 'too_small': {
      const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
      return numeric
        ? fieldError(field, 'min_value', `Ensure this value is greater than or equal to ${String(issue.minimum)}.`)
        : fieldError(field, 'min_length', `Ensure this field has at least ${String(issue.minimum)} items.`);
    }
    case 'too_big': {
      const numeric = issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint';
      if (numeric && issue.origin === 'int' && Number(issue.maximum) > MAX_INT32) {
        // z.int()'s own safe-integer bound fired first; report the field's real limit.
        return fieldError(field, 'max_value', `Ensure this value is less than or equal to ${MAX_INT32}.`);
      }
      return numeric
        ? fieldError(field, 'max_value', `Ensure this value is less than or equal to ${String(issue.maximum)}.`)
        : fieldError(field, 'max_length', `Ensure this field has no more than ${String(issue.maximum)} items.`);
    }
    case 'invalid_value':
      return fieldError(field, 'invalid_choice', `"${String(value)}" is not a valid choice.`);
    case 'invalid_type':
      return fieldError(field, 'invalid', invalidTypeMessage(issue.expected));
    default:
      return fieldError(field, 'invalid', issue.message);
  }
}

function invalidTypeMessage(expected: string): string {
  if (expected === 'int' || expected === 'number') return 'A valid integer is required.';
  if (expected === 'string') return 'Not a valid string.';
  if (expected === 'array') return 'Expected a list of items.';
  if (expected === 'object' || expected === 'record') return 'Expected a dictionary of items.';
  return 'Enter a valid value.';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): { absent: boolean; value: unknown } {
  let current: unknown = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return { absent: true, value: undefined };
    const record = current as Record<PropertyKey, unknown>;
    if (!Object.hasOwn(record, key)) return { absent: true, value: undefined };
    current = record[key];
  }
  return { absent: current === undefined, value: current };
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
