/**
 * Renderer. Typed errors from main become sentences an instructor can act on. Every screen goes
 * through `describeError`, so one code always reads the same way. Where main already wrote a
 * message for users (keychain, bridge, notices), that message is shown as it is.
 */
import { defineMessages } from 'react-intl';
import type { KeyMode } from '../../../src-shared/index.ts';
import { connectionSentence, isTlsProblem } from '../../../src-shared/connection-words.ts';
import { BridgeError } from '../bridge.ts';
import { t } from './i18n.ts';

const messages = defineMessages({
  theServerDidNotAccept: {
    id: 'lib.errors.theServerDidNotAccept',
    defaultMessage: 'The server did not accept this workspace’s API key. Replace the key under Workspaces.',
  },
  thisKeyCanTSee: {
    id: 'lib.errors.thisKeyCanTSee',
    defaultMessage: 'This key can’t see {subject} — it is a service-provider key.',
  },
  thisKeyIsNotAllowed: {
    id: 'lib.errors.thisKeyIsNotAllowed',
    defaultMessage:
      'This key is not allowed to open {subject}. Ask your administrator for the learning permissions, or check that the learning module is enabled.',
  },
  theServerNoLongerHas: {
    id: 'lib.errors.theServerNoLongerHas',
    defaultMessage: 'The server no longer has {subject}. It may have been deleted elsewhere.',
  },
  theServerIsStillWorking: {
    id: 'lib.errors.theServerIsStillWorking',
    defaultMessage: 'The server is still working on an identical request. Try again in a moment.',
  },
  theServerRejectedSomeFields: {
    id: 'lib.errors.theServerRejectedSomeFields',
    defaultMessage: 'The server rejected some fields. They are marked below.',
  },
  theServerAskedLecternTo: {
    id: 'lib.errors.theServerAskedLecternTo',
    defaultMessage: 'The server asked Lectern to slow down. It will try again shortly.',
  },
  theServerHadAProblem: {
    id: 'lib.errors.theServerHadAProblem',
    defaultMessage: 'The server had a problem answering. Try again in a little while.',
  },
  youAreOfflineOrThe: {
    id: 'lib.errors.youAreOfflineOrThe',
    defaultMessage: 'You are offline or the server cannot be reached. Lectern shows what it has saved locally.',
  },
  theServerTookTooLong: {
    id: 'lib.errors.theServerTookTooLong',
    defaultMessage: 'The server took too long to answer. It may be overloaded or unreachable.',
  },
  theServerAnsweredInA: {
    id: 'lib.errors.theServerAnsweredInA',
    defaultMessage: 'The server answered in a form Lectern does not understand. This server may be a newer version.',
  },
  thisIsNotAvailableOn: {
    id: 'lib.errors.thisIsNotAvailableOn',
    defaultMessage: 'This is not available on this server.',
  },
  theServerCouldNotUnderstand: {
    id: 'lib.errors.theServerCouldNotUnderstand',
    defaultMessage: 'The server could not understand the request.',
  },
  cancelled: { id: 'lib.errors.cancelled', defaultMessage: 'Cancelled.' },
  someValuesAreNotIn: {
    id: 'lib.errors.someValuesAreNotIn',
    defaultMessage: 'Some values are not in the expected form{error}.',
  },
  someFieldsContainInvalidValues: {
    id: 'lib.errors.someFieldsContainInvalidValues',
    defaultMessage: 'Some fields contain invalid values. They are marked below.',
  },
  lecternSBackgroundProcessIs: {
    id: 'lib.errors.lecternSBackgroundProcessIs',
    defaultMessage: 'Lectern’s background process is not reachable.',
  },
  somethingWentWrongInsideLectern: {
    id: 'lib.errors.somethingWentWrongInsideLectern',
    defaultMessage: 'Something went wrong inside Lectern. The details were written to the log.',
  },
  somethingWentWrong: { id: 'lib.errors.somethingWentWrong', defaultMessage: 'Something went wrong.' },
});

/**
 * What a screen is about, as the errors about it name it: "This key is not allowed to open
 * {subject}". Each is a noun phrase as the object of those sentences (accusative in German).
 */
const subjects = defineMessages({
  this: { id: 'lib.errors.subject.this', defaultMessage: 'this' },
  thisLesson: { id: 'lib.errors.subject.thisLesson', defaultMessage: 'this lesson' },
  thisCourse: { id: 'lib.errors.subject.thisCourse', defaultMessage: 'this course' },
  thisSection: { id: 'lib.errors.subject.thisSection', defaultMessage: 'this section' },
  thisAssessment: { id: 'lib.errors.subject.thisAssessment', defaultMessage: 'this assessment' },
  thisChange: { id: 'lib.errors.subject.thisChange', defaultMessage: 'this change' },
  thisForm: { id: 'lib.errors.subject.thisForm', defaultMessage: 'this form' },
  thisItem: { id: 'lib.errors.subject.thisItem', defaultMessage: 'this item' },
  theCourses: { id: 'lib.errors.subject.theCourses', defaultMessage: 'the courses' },
  theQuizzes: { id: 'lib.errors.subject.theQuizzes', defaultMessage: 'the quizzes' },
  theAssignments: { id: 'lib.errors.subject.theAssignments', defaultMessage: 'the assignments' },
  assessments: { id: 'lib.errors.subject.assessments', defaultMessage: 'assessments' },
  newAssessments: { id: 'lib.errors.subject.newAssessments', defaultMessage: 'new assessments' },
  assignments: { id: 'lib.errors.subject.assignments', defaultMessage: 'assignments' },
});
export type ErrorSubject = keyof typeof subjects;

export type { KeyMode };

export interface ErrorContext {
  /** What the screen was about, said in the app's language: `thisCourse` is "this course". */
  subject?: ErrorSubject;
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
  const subject = t(subjects[context.subject ?? 'this']);
  // A write the key may not make: main says which kind of change, in the user's words.
  if (code === 'WRITE_REFUSED' && message) return message;
  switch (kind ?? code) {
    case 'Unauthorized':
      return t(messages.theServerDidNotAccept);
    case 'Forbidden':
      if (context.keyMode === 'service-provider') {
        return t(messages.thisKeyCanTSee, { subject });
      }
      return t(messages.thisKeyIsNotAllowed, { subject });
    case 'NotFound':
      return t(messages.theServerNoLongerHas, { subject });
    case 'Conflict':
      return t(messages.theServerIsStillWorking);
    case 'Validation':
      return t(messages.theServerRejectedSomeFields);
    case 'RateLimited':
      return t(messages.theServerAskedLecternTo);
    case 'ServerError':
      return t(messages.theServerHadAProblem);
    case 'Network': {
      // A certificate problem is not "offline": say what is wrong with the server instead.
      const systemCode = systemCodeOf(error);
      if (isTlsProblem(systemCode)) return connectionSentence(systemCode, t);
      return t(messages.youAreOfflineOrThe);
    }
    case 'Timeout':
      return t(messages.theServerTookTooLong);
    case 'ContractError':
      return t(messages.theServerAnsweredInA);
    case 'UnsupportedOperation':
      return t(messages.thisIsNotAvailableOn);
    case 'BadRequest':
      return t(messages.theServerCouldNotUnderstand);
    case 'Cancelled':
      return t(messages.cancelled);
    case 'INVALID_INPUT':
      return t(messages.someValuesAreNotIn, { error: issuesSuffix(error) });
    case 'DRAFT_INVALID':
      return t(messages.someFieldsContainInvalidValues);
    case 'BRIDGE_UNAVAILABLE':
      return message || t(messages.lecternSBackgroundProcessIs);
    case 'INTERNAL':
      return message || t(messages.somethingWentWrongInsideLectern);
    case 'UNKNOWN':
      return message || t(messages.somethingWentWrong);
    default:
      // KEYCHAIN_UNAVAILABLE, DRAFT_LOCKED, NOT_AVAILABLE, …: main writes these for users.
      return message || t(messages.somethingWentWrong);
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
