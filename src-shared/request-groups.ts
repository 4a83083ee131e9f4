/**
 * Shared (every process). The diagnostics request log as a person reads it: grouped by what was
 * asked for (courses, sections, uploads…), newest first, with paths shortened (the API's common
 * prefix dropped, ids cut to their first characters). The screen shows the whole path on hover;
 * the report keeps it whole. A kind's name is said in the app's language (`requestKindLabel`).
 */
import { defineMessages, type Say } from './messages.ts';

export interface LoggedRequest {
  at: string;
  operation: string;
  method: string;
  path: string;
  status: number | null;
  durationMs: number;
  attempt: number;
  outcome: string;
}

export interface RequestGroup<R extends LoggedRequest = LoggedRequest> {
  /** The operation's resource: `courses`, `sections`, `uploads`, … (`other` without one). */
  kind: string;
  /** Newest first. */
  requests: R[];
  failed: number;
  lastAt: string;
}

const KIND_LABELS = defineMessages({
  categories: { id: 'shared.requestGroups.kind.categories', defaultMessage: 'Categories' },
  courses: { id: 'shared.requestGroups.kind.courses', defaultMessage: 'Courses' },
  sections: { id: 'shared.requestGroups.kind.sections', defaultMessage: 'Sections' },
  lessons: { id: 'shared.requestGroups.kind.lessons', defaultMessage: 'Lessons' },
  quizzes: { id: 'shared.requestGroups.kind.quizzes', defaultMessage: 'Quizzes' },
  assessments: { id: 'shared.requestGroups.kind.assessments', defaultMessage: 'Assessments' },
  assignments: { id: 'shared.requestGroups.kind.assignments', defaultMessage: 'Assignments' },
  uploads: { id: 'shared.requestGroups.kind.uploads', defaultMessage: 'Uploads' },
  other: { id: 'shared.requestGroups.kind.other', defaultMessage: 'Other' },
});
type Kind = keyof typeof KIND_LABELS;

const isKind = (kind: string): kind is Kind => Object.hasOwn(KIND_LABELS, kind);

const API_PREFIX = /^\/(?:[^/]+\/)*?v1\/external\/learning(?=\/|$)/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** "/v1/external/learning/courses/3fa85f64-…-afa6/sections" → "courses/3fa8…/sections". */
export function shortPath(path: string): string {
  const withoutQuery = path.split('?')[0] ?? path;
  const short = withoutQuery.replace(API_PREFIX, '').replace(UUID, (id) => `${id.slice(0, 4)}…`);
  return short.replace(/^\/+/, '') || '/';
}

export function requestKind(operation: string): string {
  const kind = operation.split('.')[0] ?? '';
  return isKind(kind) ? kind : 'other';
}

/** A kind of request by name, in the app's language (a kind this code does not know, as it came). */
export function requestKindLabel(kind: string, say: Say): string {
  return isKind(kind) ? say(KIND_LABELS[kind]) : kind;
}

/** A request the server did not answer well (no answer, or 4xx/5xx). */
export function requestFailed(request: LoggedRequest): boolean {
  return request.status === null || request.status >= 400;
}

/** Groups by kind, each newest first; the groups ordered by their newest request. */
export function groupRequests<R extends LoggedRequest>(requests: readonly R[]): RequestGroup<R>[] {
  const byKind = new Map<string, R[]>();
  for (const request of requests) {
    const kind = requestKind(request.operation);
    byKind.set(kind, [...(byKind.get(kind) ?? []), request]);
  }
  const groups = [...byKind].map(([kind, list]) => {
    const newestFirst = [...list].sort((a, b) => b.at.localeCompare(a.at));
    return {
      kind,
      requests: newestFirst,
      failed: newestFirst.filter(requestFailed).length,
      lastAt: newestFirst[0]!.at,
    };
  });
  return groups.sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}
