/**
 * Renderer. Typed errors from main become sentences an instructor can act on. Every screen goes
 * through `describeError`, so one code always reads the same way. Where main already wrote a
 * message for users (keychain, bridge, notices), that message is shown as it is.
 */
import type { KeyMode } from '../../../src-shared/index.ts';
import { connectionSentence, isTlsProblem } from '../../../src-shared/connection-words.ts';
import { BridgeError } from '../bridge.ts';

export type { KeyMode };

export interface ErrorContext {
  /** What the screen was about, in plain words: "assessments", "this course", "the lesson". */
  subject?: string;
  /** The active profile's key mode, to explain a 403 properly. */
  keyMode?: KeyMode | null;
}

/** The API client's kinds, by IPC code and by kind name (drafts store `{code, kind}`). */
const KIND_BY_CODE: Record<string, string> = {
  API_BAD_REQUEST: 'BadRequest',
  API_UNAUTHORIZED: 'Unauthorized',
  API_FORBIDDEN: 'Forbidden',
  API_NOT_FOUND: 'NotFound',
  API_CONFLICT: 'Conflict',
  API_VALIDATION: 'Validation',
  API_RATE_LIMITED: 'RateLimited',
  API_SERVER_ERROR: 'ServerError',
  API_NETWORK: 'Network',
  API_TIMEOUT: 'Timeout',
  API_CONTRACT: 'ContractError',
  API_UNSUPPORTED_OPERATION: 'UnsupportedOperation',
  API_CANCELLED: 'Cancelled',
};

export interface ErrorParts {
  code: string;
  kind: string | null;
  message: string;
  details: unknown;
}

/** Reads `{code, message, details}` (BridgeError, IPC error, draft SyncError) or anything thrown. */
export function errorParts(error: unknown): ErrorParts {
  if (error instanceof BridgeError) {
    return {
      code: error.code,
      kind: kindOf(error.code, error.details),
      message: error.message,
      details: error.details,
    };
  }
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; kind?: unknown; message?: unknown; details?: unknown };
    const code = typeof e.code === 'string' ? e.code : 'UNKNOWN';
    const kind = typeof e.kind === 'string' ? e.kind : kindOf(code, e.details);
    const message = typeof e.message === 'string' ? e.message : '';
    return { code, kind, message, details: e.details ?? error };
  }
  return { code: 'UNKNOWN', kind: null, message: typeof error === 'string' ? error : '', details: undefined };
}

function kindOf(code: string, details: unknown): string | null {
  const fromDetails = (details as { kind?: unknown } | null | undefined)?.kind;
  if (typeof fromDetails === 'string') return fromDetails;
  return KIND_BY_CODE[code] ?? (Object.values(KIND_BY_CODE).includes(code) ? code : null);
}

export function errorCode(error: unknown): string {
  const { code, kind } = errorParts(error);
  return kind ?? code;
}

/** True when the failure means "no connection" rather than "the server said no". */
export function isOfflineError(error: unknown): boolean {
  const kind = errorCode(error);
  return kind === 'Network' || kind === 'Timeout' || kind === 'BRIDGE_UNAVAILABLE';
}

/** One sentence (sometimes two) for the user. */
export function describeError(error: unknown, context: ErrorContext = {}): string {
  const { code, kind, message } = errorParts(error);
  const subject = context.subject ?? 'this';
  // A write the key may not make: main says which kind of change, in the user's words.
  if (code === 'WRITE_REFUSED' && message) return message;
  switch (kind ?? code) {
    case 'Unauthorized':
      return 'The server did not accept this workspace’s API key. Replace the key under Workspaces.';
    case 'Forbidden':
      if (context.keyMode === 'service-provider') {
        return `This key can’t see ${subject} — it is a service-provider key.`;
      }
      return `This key is not allowed to open ${subject}. Ask your administrator for the learning permissions, or check that the learning module is enabled.`;
    case 'NotFound':
      return `The server no longer has ${subject}. It may have been deleted elsewhere.`;
    case 'Conflict':
      return 'The server is still working on an identical request. Try again in a moment.';
    case 'Validation':
      return 'The server rejected some fields. They are marked below.';
    case 'RateLimited':
      return 'The server asked Lectern to slow down. It will try again shortly.';
    case 'ServerError':
      return 'The server had a problem answering. Try again in a little while.';
    case 'Network': {
      // A certificate problem is not "offline": say what is wrong with the server instead.
      const systemCode = systemCodeOf(error);
      if (isTlsProblem(systemCode)) return connectionSentence(systemCode);
      return 'You are offline or the server cannot be reached. Lectern shows what it has saved locally.';
    }
    case 'Timeout':
      return 'The server took too long to answer. It may be overloaded or unreachable.';
    case 'ContractError':
      return 'The server answered in a form Lectern does not understand. This server may be a newer version.';
    case 'UnsupportedOperation':
      return 'This is not available on this server.';
    case 'BadRequest':
      return 'The server could not understand the request.';
    case 'Cancelled':
      return 'Cancelled.';
    case 'INVALID_INPUT':
      return `Some values are not in the expected form${issuesSuffix(error)}.`;
    case 'DRAFT_INVALID':
      return 'Some fields contain invalid values. They are marked below.';
    case 'BRIDGE_UNAVAILABLE':
      return message || 'Lectern’s background process is not reachable.';
    case 'INTERNAL':
      return message || 'Something went wrong inside Lectern. The details were written to the log.';
    case 'UNKNOWN':
      return message || 'Something went wrong.';
    default:
      // KEYCHAIN_UNAVAILABLE, DRAFT_LOCKED, NOT_AVAILABLE, …: main writes these for users.
      return message || 'Something went wrong.';
  }
}

/** The socket's or TLS layer's code a connection failure carries (main's NetworkError, workspace errors). */
export function systemCodeOf(error: unknown): string | null {
  const code = (errorParts(error).details as { systemCode?: unknown } | null | undefined)?.systemCode;
  return typeof code === 'string' ? code : null;
}

/**
 * The technical side of a failure, for a "Details" disclosure under the sentence: the raw code and
 * what main wrote for engineers. Null when there is nothing more than the sentence already says.
 */
export function errorDetail(error: unknown): string | null {
  const { code, message, details } = errorParts(error);
  const d = (details ?? {}) as {
    systemCode?: unknown;
    technical?: unknown;
    status?: unknown;
    method?: unknown;
    path?: unknown;
  };
  const parts: string[] = [];
  if (typeof d.systemCode === 'string') parts.push(d.systemCode);
  else if (typeof d.status === 'number') parts.push(`HTTP ${d.status}`);
  if (typeof d.method === 'string' && typeof d.path === 'string') parts.push(`${d.method} ${d.path}`);
  if (typeof d.technical === 'string' && d.technical !== '') parts.push(d.technical);
  if (parts.length === 0) return null;
  return [code, ...parts].filter((p, i, all) => p !== '' && all.indexOf(p) === i && p !== message).join(' · ');
}

function issuesSuffix(error: unknown): string {
  const issues = (errorParts(error).details as { issues?: { path: string; message: string }[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return '';
  return ': ' + issues.map((i) => (i.path ? `${i.path} — ${i.message}` : i.message)).join('; ');
}

/** Field errors carried by a thrown error (DRAFT_INVALID details, a 422's `errors`, INVALID_INPUT issues). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const { details } = errorParts(error);
  const out: Record<string, string> = {};
  const d = details as {
    fieldErrors?: unknown;
    errors?: unknown;
    issues?: unknown;
  } | null;
  const lists = [d?.fieldErrors, d?.errors];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list as { field?: unknown; message?: unknown }[]) {
      if (typeof item.field === 'string' && typeof item.message === 'string') out[item.field] ??= item.message;
    }
  }
  if (Array.isArray(d?.issues)) {
    for (const item of d.issues as { path?: unknown; message?: unknown }[]) {
      if (typeof item.path === 'string' && typeof item.message === 'string') out[item.path] ??= item.message;
    }
  }
  return out;
}
