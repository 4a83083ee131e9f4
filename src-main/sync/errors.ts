// Main process / plain Node. Errors of the sync engine, and how API client errors are stored on
// drafts and outbox rows (plain data only: they are written to SQLite and cross IPC).

import { DiskFullError, localFaultOf } from '../platform/index.ts';

export interface FieldErrorItem {
  field: string;
  code: string;
  message: string;
}

/** A failure as stored on a draft / outbox row. Never holds headers, bodies or the API key. */
export interface SyncError {
  /** Stable code, e.g. API_VALIDATION, API_NOT_FOUND, API_NETWORK, DRAFT_INVALID. */
  code: string;
  /** The API client's error kind ('Validation', 'NotFound', 'Network', …) or 'Local'. */
  kind: string;
  message: string;
  status: number | null;
  /** 422 field errors, `field` being the body field's name (the form field of the same name). */
  fieldErrors: FieldErrorItem[];
}

/** What the outbox worker does after an error. */
export type ErrorDisposition =
  | 'offline' // network / timeout: stop draining, keep the item queued, tell connectivity
  | 'key-rejected' // 401: stop draining, keep queued
  | 'transient' // 5xx, 429, 409 in progress: back off and try again
  | 'not-found' // 404: the resource is gone (deleted on the server)
  | 'permanent'; // validation, forbidden, bad request, unsupported: the user must act

interface ErrorLike {
  kind?: unknown;
  code?: unknown;
  message?: unknown;
  status?: unknown;
  errors?: unknown;
  fieldErrors?: unknown;
  notSent?: unknown;
  attempts?: unknown;
}

/** The client's error kind, read structurally so fakes and the real client fit alike. */
export function errorKind(error: unknown): string {
  const kind = (error as ErrorLike | null)?.kind;
  return typeof kind === 'string' ? kind : 'Unknown';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toSyncError(error: unknown): SyncError {
  const e = (error ?? {}) as ErrorLike;
  const kind = errorKind(error);
  const rawFields = Array.isArray(e.fieldErrors) ? e.fieldErrors : Array.isArray(e.errors) ? e.errors : [];
  const fieldErrors = rawFields
    .filter((f): f is Record<string, unknown> => typeof f === 'object' && f !== null)
    .map((f) => ({ field: text(f.field), code: text(f.code), message: text(f.message) }));
  return {
    code:
      ipcCodeOf(error) ??
      (isKeyUnavailable(error) ? String(e.code) : null) ??
      (kind === 'Unknown' ? 'SYNC_INTERNAL' : `API_${kind.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}`),
    kind,
    message: typeof e.message === 'string' ? e.message : 'The request failed.',
    status: typeof e.status === 'number' ? e.status : null,
    fieldErrors,
  };
}

function ipcCodeOf(error: unknown): string | null {
  const candidate = error as { toIpcError?: () => { code?: unknown } } | null;
  if (typeof candidate?.toIpcError !== 'function') return null;
  try {
    const code = candidate.toIpcError().code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

/**
 * The workspace's key could not be read on this computer: the keychain is locked, gone or stuck,
 * or holds no key. Nothing was sent; the work waits, like being offline, until the key can be read.
 */
export function isKeyUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'KEYCHAIN_UNAVAILABLE' || code === 'KEYCHAIN_TIMEOUT' || code === 'NO_KEY';
}

export function dispositionOf(error: unknown): ErrorDisposition {
  if (isKeyUnavailable(error)) return 'offline';
  switch (errorKind(error)) {
    case 'Network':
    case 'Timeout':
      return 'offline';
    case 'Unauthorized':
      return 'key-rejected';
    case 'ServerError':
    case 'RateLimited':
    case 'Conflict':
    case 'ContractError': // a response we could not read: the write may have happened; retry is safe
      return 'transient';
    case 'NotFound':
      return 'not-found';
    default:
      return 'permanent';
  }
}

/**
 * After a failed create: could the server have created the resource? Only a definite refusal
 * (4xx other than 409) or a connection that was never established rules it out.
 */
export function mayHaveReachedServer(error: unknown): boolean {
  const e = (error ?? {}) as ErrorLike;
  const kind = errorKind(error);
  if (kind === 'Network') return !(e.notSent === true && (typeof e.attempts !== 'number' || e.attempts <= 1));
  return ![
    'Validation',
    'BadRequest',
    'Forbidden',
    'NotFound',
    'Unauthorized',
    'RateLimited',
    'UnsupportedOperation',
  ].includes(kind);
}

/** Errors of the sync service itself; `code` + `message` + `details` cross IPC as they are. */
export class SyncServiceError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;
  constructor(code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'SyncServiceError';
    this.code = code;
    this.details = details;
  }
  toIpcError(): { code: string; message: string; details?: unknown } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function draftNotFound(draftId: string): SyncServiceError {
  return new SyncServiceError('DRAFT_NOT_FOUND', 'This draft no longer exists.', { draftId });
}

export function draftLocked(draftId: string, state: string, reason: string): SyncServiceError {
  return new SyncServiceError('DRAFT_LOCKED', reason, { draftId, state });
}

export function draftInvalid(fieldErrors: FieldErrorItem[]): SyncServiceError {
  return new SyncServiceError('DRAFT_INVALID', 'Some fields contain invalid values.', { fieldErrors });
}

export function serviceClosed(): SyncServiceError {
  return new SyncServiceError('SYNC_CLOSED', 'This profile was closed.');
}

/**
 * A machine fault met while writing the profile's database `file`, as the sync service's typed
 * error: a full disk says which folder and that the edit is still in the form; a database another
 * Lectern keeps busy says so. Anything else is returned unchanged.
 */
export function syncLocalFault(error: unknown, file: string): unknown {
  const fault = localFaultOf(error, file);
  if (fault instanceof DiskFullError) {
    return new SyncServiceError(
      'DISK_FULL',
      `The disk holding ${fault.folder} is full, so this edit was not saved; it is still in the form. ` +
        'Free some space on that disk and Lectern saves it again (nothing saved before was lost).',
      { folder: fault.folder },
    );
  }
  return fault ?? error;
}
