// Main process / plain Node. The reference's response envelope and its error table, word for word.
// Every API response (success or error) is built here so the six fields can never drift.

export type FieldErrorCode =
  | 'required'
  | 'invalid'
  | 'min_length'
  | 'max_length'
  | 'min_value'
  | 'max_value'
  | 'invalid_choice'
  | 'null'
  | 'unknown_field';

export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: string;
}

export interface Envelope {
  status: number;
  success: boolean;
  code: string;
  message: string;
  data: unknown;
  errors: FieldError[];
}

/** The "Statuses returned by every endpoint" table: code REQUEST_FAILED and these messages. */
export const ERROR_MESSAGES = {
  400: 'Bad request.',
  401: 'Missing or invalid API key.',
  403: 'Permission denied, inactive service provider, or unsupported key mode.',
  404: 'Resource not found.',
  409: 'Idempotency conflict or request already in progress.',
  422: 'Validation failed.',
  429: 'Rate limit exceeded.',
  500: 'Internal server error.',
} as const;

/** Not in the reference's table: a server that lacks an operation (ASSUMPTIONS.md "Course structure"). */
const OTHER_MESSAGES = { 405: 'Method not allowed.' } as const;

export type ErrorStatus = keyof typeof ERROR_MESSAGES | keyof typeof OTHER_MESSAGES;

export const REQUEST_FAILED = 'REQUEST_FAILED';
export const AUTHENTICATION_FAILED = 'AUTHENTICATION_FAILED';
export const VALIDATION_ERROR = 'VALIDATION_ERROR';
export const SUCCESS = 'SUCCESS';

export interface ApiErrorOptions {
  code?: string;
  message?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** Thrown anywhere in a handler or hook; the error handler turns it into the error envelope. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly errors: FieldError[];
  readonly headers: Record<string, string>;
  constructor(status: ErrorStatus, options: ApiErrorOptions = {}) {
    super(options.message ?? { ...ERROR_MESSAGES, ...OTHER_MESSAGES }[status]);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code ?? REQUEST_FAILED;
    this.errors = options.errors ?? [];
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (): ApiError => new ApiError(400);
export const notFound = (): ApiError => new ApiError(404);
export const forbidden = (): ApiError => new ApiError(403);
export const conflict = (): ApiError => new ApiError(409);
export const internalError = (): ApiError => new ApiError(500);
/** 405: this server does not offer the operation (`--no-structure`). */
export const methodNotAllowed = (): ApiError => new ApiError(405);
/** 401 when the Authorization header is missing or not `Bearer <key>`. */
export const missingKey = (): ApiError =>
  new ApiError(401, { headers: { 'www-authenticate': 'Bearer realm="learning"' } });
/** 401 when a well-formed key is not known (the reference's AUTHENTICATION_FAILED form). */
export const authenticationFailed = (): ApiError =>
  new ApiError(401, {
    code: AUTHENTICATION_FAILED,
    message: 'Authentication failed.',
    headers: { 'www-authenticate': 'Bearer realm="learning", error="invalid_token"' },
  });
/** 422 without field items: the request is well-formed but the resource's state refuses it. */
export const stateRefused = (): ApiError => new ApiError(422);
/** 422 with field items (the reference's VALIDATION_ERROR form). */
export const validationError = (errors: FieldError[]): ApiError =>
  new ApiError(422, { code: VALIDATION_ERROR, message: 'Some fields contain invalid values.', errors });
export const rateLimited = (retryAfterSeconds: number): ApiError =>
  new ApiError(429, { headers: { 'retry-after': String(retryAfterSeconds) } });

const SUCCESS_MESSAGES: Record<number, string> = { 200: 'OK.', 201: 'Created.' };

export function successEnvelope(status: 200 | 201, data: unknown): Envelope {
  return { status, success: true, code: SUCCESS, message: SUCCESS_MESSAGES[status] ?? 'OK.', data, errors: [] };
}

export function errorEnvelope(error: ApiError): Envelope {
  return {
    status: error.status,
    success: false,
    code: error.code,
    message: error.message,
    data: null,
    errors: error.errors.map((item) => ({ field: item.field, code: item.code, message: item.message })),
  };
}
