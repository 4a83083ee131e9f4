// Main process / plain Node. Typed errors of the API client. Every error is one class under
// `ApiError`, carries only plain data (no `cause` objects, no headers, never the API key) and
// converts to the `{ code, message, details }` shape that crosses IPC.
import type { FieldError } from '../../src-shared/api/schemas.ts';

export type ApiErrorKind =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'Validation'
  | 'RateLimited'
  | 'ServerError'
  | 'Network'
  | 'Timeout'
  | 'ContractError'
  | 'UnsupportedOperation'
  | 'Cancelled';

/** Stable codes for the IPC `{code}` field, one per kind, so the renderer can switch on them. */
export const IPC_CODES = {
  BadRequest: 'API_BAD_REQUEST',
  Unauthorized: 'API_UNAUTHORIZED',
  Forbidden: 'API_FORBIDDEN',
  NotFound: 'API_NOT_FOUND',
  Conflict: 'API_CONFLICT',
  Validation: 'API_VALIDATION',
  RateLimited: 'API_RATE_LIMITED',
  ServerError: 'API_SERVER_ERROR',
  Network: 'API_NETWORK',
  Timeout: 'API_TIMEOUT',
  ContractError: 'API_CONTRACT',
  UnsupportedOperation: 'API_UNSUPPORTED_OPERATION',
  Cancelled: 'API_CANCELLED',
} as const satisfies Record<ApiErrorKind, string>;

export interface ApiErrorInit {
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  /** The envelope's machine code (e.g. REQUEST_FAILED), or a client code for local failures. */
  code: string;
  message: string;
  method: string;
  /** URL path only: never a query string, never a host with credentials. */
  path: string;
  /** Catalogue id of the operation, e.g. `assessments.get`. */
  operation?: string | null;
  /** Number of attempts made when the error was raised. */
  attempts?: number;
}

export interface ApiErrorJson {
  name: string;
  kind: ApiErrorKind;
  status: number | null;
  code: string;
  message: string;
  method: string;
  path: string;
  operation: string | null;
  attempts: number;
  errors: FieldError[];
  [extra: string]: unknown;
}

export interface IpcError {
  code: string;
  message: string;
  details: ApiErrorJson;
}

export abstract class ApiError extends Error {
  abstract readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string;
  readonly method: string;
  readonly path: string;
  readonly operation: string | null;
  attempts: number;
  /** Field items of the error envelope (always empty except for Validation). */
  readonly errors: FieldError[];

  constructor(init: ApiErrorInit, errors: FieldError[] = []) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.operation = init.operation ?? null;
    this.attempts = init.attempts ?? 1;
    this.errors = errors;
  }

  /** Whether repeating the same request may succeed (the retry loop still checks method safety). */
  get transient(): boolean {
    return false;
  }

  /** Extra, kind-specific plain fields. */
  protected extra(): Record<string, unknown> {
    return {};
  }

  toJSON(): ApiErrorJson {
    return {
      name: this.name,
      kind: this.kind,
      status: this.status,
      code: this.code,
      message: this.message,
      method: this.method,
      path: this.path,
      operation: this.operation,
      attempts: this.attempts,
      errors: this.errors.map((e) => ({ field: e.field, code: e.code, message: e.message })),
      ...this.extra(),
    };
  }

  toIpcError(): IpcError {
    return { code: IPC_CODES[this.kind], message: this.message, details: this.toJSON() };
  }
}

export class BadRequestError extends ApiError {
  readonly kind = 'BadRequest' as const;
  override name = 'BadRequestError';
}
export class UnauthorizedError extends ApiError {
  readonly kind = 'Unauthorized' as const;
  override name = 'UnauthorizedError';
}
export class ForbiddenError extends ApiError {
  readonly kind = 'Forbidden' as const;
  override name = 'ForbiddenError';
}
export class NotFoundError extends ApiError {
  readonly kind = 'NotFound' as const;
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  readonly kind = 'Conflict' as const;
  override name = 'ConflictError';
}
export class ValidationError extends ApiError {
  readonly kind = 'Validation' as const;
  override name = 'ValidationError';
  /** The envelope's field items: `{field, code, message}`. */
  get fieldErrors(): FieldError[] {
    return this.errors;
  }
}
export class RateLimitedError extends ApiError {
  readonly kind = 'RateLimited' as const;
  override name = 'RateLimitedError';
  /** Seconds from the `Retry-After` header, or null when the server sent none. */
  readonly retryAfterSeconds: number | null;
  constructor(init: ApiErrorInit, retryAfterSeconds: number | null) {
    super(init);
    this.retryAfterSeconds = retryAfterSeconds;
  }
  override get transient(): boolean {
    return true;
  }
  protected override extra(): Record<string, unknown> {
    return { retryAfterSeconds: this.retryAfterSeconds };
  }
}
export class ServerError extends ApiError {
  readonly kind = 'ServerError' as const;
  override name = 'ServerError';
  override get transient(): boolean {
    return true;
  }
}
export class NetworkError extends ApiError {
  readonly kind = 'Network' as const;
  override name = 'NetworkError';
  /** True when the connection was never established, so the server cannot have seen the request. */
  readonly notSent: boolean;
  /** The socket's or TLS layer's code (ECONNREFUSED, ERR_TLS_CERT_ALTNAME_INVALID…), for the sentence
   * (`connectionSentence`) and the "Details" shown under it. */
  readonly systemCode: string | null;
  constructor(init: ApiErrorInit, notSent: boolean, systemCode: string | null = null) {
    super(init);
    this.notSent = notSent;
    this.systemCode = systemCode;
  }
  override get transient(): boolean {
    // Even a certificate problem may be a captive portal that goes away: a lost network is a wait.
    return true;
  }
  protected override extra(): Record<string, unknown> {
    return { notSent: this.notSent, systemCode: this.systemCode };
  }
}
export class TimeoutError extends ApiError {
  readonly kind = 'Timeout' as const;
  override name = 'TimeoutError';
  /** Which limit fired: connect, headers, body, or the overall deadline. */
  readonly phase: 'connect' | 'headers' | 'body' | 'deadline';
  constructor(init: ApiErrorInit, phase: TimeoutError['phase']) {
    super(init);
    this.phase = phase;
  }
  override get transient(): boolean {
    return this.phase !== 'deadline';
  }
  protected override extra(): Record<string, unknown> {
    return { phase: this.phase };
  }
}
export class ContractError extends ApiError {
  readonly kind = 'ContractError' as const;
  override name = 'ContractError';
  /** Where the response broke its schema, e.g. `data.results[3].status` (`$` = the whole body). */
  readonly jsonPath: string;
  /** What the schema expected there, e.g. `one of "DRAFT" | "PUBLISHED" | "ARCHIVED"`. */
  readonly expected: string;
  /** A short description of what arrived (type and a truncated value). */
  readonly received: string;
  constructor(init: ApiErrorInit, where: { jsonPath: string; expected: string; received: string }) {
    super(init);
    this.jsonPath = where.jsonPath;
    this.expected = where.expected;
    this.received = where.received;
  }
  protected override extra(): Record<string, unknown> {
    return { jsonPath: this.jsonPath, expected: this.expected, received: this.received };
  }
}
export class UnsupportedOperationError extends ApiError {
  readonly kind = 'UnsupportedOperation' as const;
  override name = 'UnsupportedOperationError';
}
/**
 * ASSUMPTIONS.md "Course structure": this server lacks one of the operations offered only where a
 * server has them (405, or 404 while what it names can still be retrieved). `capability` is the
 * catalogue's operation id; the message is the sentence the app and CLI show.
 */
export class OperationNotOfferedError extends UnsupportedOperationError {
  override name = 'OperationNotOfferedError';
  readonly capability: string;
  constructor(init: ApiErrorInit, capability: string) {
    super(init);
    this.capability = capability;
  }
  protected override extra(): Record<string, unknown> {
    return { capability: this.capability };
  }
}
export function isOperationNotOffered(value: unknown): value is OperationNotOfferedError {
  return value instanceof OperationNotOfferedError;
}
export class CancelledError extends ApiError {
  readonly kind = 'Cancelled' as const;
  override name = 'CancelledError';
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The typed error for an HTTP status that arrived with a valid error envelope. */
export function errorForStatus(init: ApiErrorInit, errors: FieldError[], retryAfterSeconds: number | null): ApiError {
  const s = init.status ?? 0;
  if (s === 401) return new UnauthorizedError(init);
  if (s === 403) return new ForbiddenError(init);
  if (s === 404) return new NotFoundError(init);
  if (s === 409) return new ConflictError(init);
  if (s === 422) return new ValidationError(init, errors);
  if (s === 429) return new RateLimitedError(init, retryAfterSeconds);
  if (s >= 500) return new ServerError(init);
  return new BadRequestError(init, errors);
}

/** Exit code the CLI uses for an error: 3 API answered, 4 unreachable/timeout, 5 contract. */
export function exitCodeFor(error: ApiError): number {
  switch (error.kind) {
    case 'Network':
    case 'Timeout':
      return 4;
    case 'ContractError':
      return 5;
    case 'Cancelled':
      return 130;
    default:
      return 3;
  }
}
