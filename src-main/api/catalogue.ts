// Main process / plain Node. THE endpoint catalogue: every operation the app calls, documented by
// the reference or assumed in ASSUMPTIONS.md. Every assumed path, query parameter name and body
// lives here and only here, so a real server that differs is matched by editing this one file.
import type { z } from 'zod';
import type * as Bodies from '../../src-shared/api/bodies.ts';
import type { Shape } from '../../src-shared/api/reading.ts';
import type * as Responses from '../../src-shared/api/responses.ts';

/**
 * Decisions on what ASSUMPTIONS.md leaves open, kept with the operations they shape:
 * - Idempotency is read the Stripe way its "Stripe-like" names: a create that was refused (4xx) stored
 *   nothing, so the same key may be sent again. Lectern itself never depends on that: a draft whose
 *   body changed after a definitive answer gets a fresh key (sync/outbox.ts).
 * - An assumed operation answered 404 on an id-less route is "not available on this server" (see
 *   core.ts `routeMissing`); on a route with ids an enveloped 404 names a missing item.
 * - Reading responses (ASSUMPTIONS.md): `output` holds both the reference's shape and the app's
 *   reading of it (reading.ts policy, per-resource tables in schemas.ts: strict where the app acts,
 *   shown elsewhere). "Every id" is read as every field named `id` plus the ids the app follows or
 *   sends back (`course_id`, `lesson_id`, `section_id`); `class_id`, `location_id`, `learner_id`,
 *   `staff_id`, `user_id` are only shown. A nested object keeps its own `id` strict when present.
 * - A deviation is deduplicated per operation and JSON path with list indices folded to `[*]`
 *   (twenty courses with a new `level` are one deviation with count 20), so the CLI warns once.
 * - `total_pages`, `page`, `page_size` and the page numbers are only shown: walking pages follows
 *   `next` (strict), never `total_pages`.
 * - Back-off: ASSUMPTIONS.md asks for exponential back-off when a 429 carries no `Retry-After` and
 *   leaves the jitter open. Every retry and probe (API calls, upload parts and sessions, the outbox,
 *   connectivity and reachability probes, course push waits, the renderer's event stream) waits
 *   with full jitter, a random time in [0, step) (src-shared/retry.ts), `Retry-After` being a floor
 *   jitter never shortens. Upload parts used equal jitter (half the step fixed) before; full jitter
 *   spreads the parts of many uploads that failed at once best, and a part that comes back early
 *   only spends one more try of its budget.
 */

/** Paths below are relative to `{baseUrl}` + API_PREFIX. */
export const API_PREFIX = '/v1/external/learning';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Operation {
  id: string;
  method: HttpMethod;
  /** Path template relative to API_PREFIX, `{name}` placeholders. */
  path: string;
  /** `documented`: method and path are in the reference. `assumed`: ASSUMPTIONS.md. A documented
   * operation may still use assumed details (query names, body) — see `notes`. */
  status: 'documented' | 'assumed';
  /** Client parameter name → wire query parameter name (query names are all assumed, DRF style). */
  query: Readonly<Record<string, string>>;
  /** Request body schema, or null for no body. The client does not enforce it (the server is the
   * authority, and an assumed body may differ): it says beside the endpoint which body it takes.
   * The sandbox checks requests with its own copy (sandbox/request-schemas.ts). */
  body: ((bodies: typeof Bodies) => z.ZodType) | null;
  /** Both readings of the envelope's `data` (responses.ts tables, reading.ts policy); null means a
   * delete (200 envelope with null data, or 204). */
  output: FromSchemas<Shape> | null;
  /** Success status expected (informational; any 2xx with a valid envelope is accepted). */
  success: readonly number[];
  /** Safe to repeat after an ambiguous failure (network error, timeout, 5xx). */
  retrySafe: boolean;
  /** Create: must carry `Idempotency-Key`; retried only with the same key. */
  idempotencyKey: boolean;
  /** Offered only where the server has it (ASSUMPTIONS.md "Course structure"): see STRUCTURE below. */
  optional?: true;
  notes?: string;
}

/**
 * A response shape of the catalogue, picked from the response shapes once they are loaded
 * (catalogueSchemas): a command line's first request goes out before zod runs, and the shapes are
 * built while the server answers, each the first time an operation reads it (responses.ts), then
 * kept with its envelope (readingOf). A plan of a course push builds the course, section, lesson
 * and page shapes; never the assessments', seats' or upload sessions'.
 */
export type FromSchemas<T> = (schemas: typeof Responses) => T;

let schemasModule: Promise<typeof Responses> | undefined;
/** The response shapes (src-shared/api/responses.ts), loaded at the first call that needs them. */
export function catalogueSchemas(): Promise<typeof Responses> {
  return (schemasModule ??= import('../../src-shared/api/responses.ts'));
}

const LIST_QUERY = { page: 'page', pageSize: 'page_size', search: 'search' } as const;

/**
 * Retry rule for 409 on a create (the server answers 409 with identical envelopes for "same key,
 * different body" and for "same key, first request still in progress"): the client retries the
 * same key and body up to CONFLICT_RETRIES times with the normal backoff (an in-progress request
 * finishes and the retry replays its result); a 409 that persists is raised as `Conflict`.
 */
export const CONFLICT_RETRIES = 4;

function op(o: Operation): Operation {
  return o;
}

export const catalogue = {
  // ----- categories -----
  'categories.list': op({
    id: 'categories.list',
    method: 'GET',
    path: '/categories',
    status: 'documented',
    query: LIST_QUERY,
    body: null,
    output: (s) => s.pageShape(s.shapes.category),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes: 'Documented with only the Authorization header; page object and query names assumed.',
  }),
  // ----- courses -----
  'courses.list': op({
    id: 'courses.list',
    method: 'GET',
    path: '/courses',
    status: 'assumed',
    query: { ...LIST_QUERY, category: 'category', status: 'status' },
    body: null,
    output: (s) => s.pageShape(s.shapes.course),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'courses.get': op({
    id: 'courses.get',
    method: 'GET',
    path: '/courses/{id}',
    status: 'assumed',
    query: {},
    body: null,
    output: (s) => s.shapes.draftedCourse,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  // ----- sections -----
  'sections.list': op({
    id: 'sections.list',
    method: 'GET',
    path: '/courses/{course_id}/sections',
    status: 'documented',
    query: LIST_QUERY,
    body: null,
    output: (s) => s.pageShape(s.shapes.draftedSection),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes: 'Query parameter names assumed (page, page_size, search).',
  }),
  'sections.outline': op({
    id: 'sections.outline',
    method: 'GET',
    path: '/courses/{course_id}/sections',
    status: 'documented',
    query: LIST_QUERY,
    body: null,
    output: (s) => s.pageShape(s.shapes.sectionOutline),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes:
      'The same request as sections.list, read for a course push plan: only the fields a plan uses ' +
      '(ids strict; title, order, text_content and the video fields shown). Decided: the rest of the ' +
      'answer is neither checked nor reported by this reading (the app reads the full list elsewhere ' +
      'and reports drift there); a plan of 300 lessons does not pay for fields it never looks at.',
  }),
  'sections.get': op({
    id: 'sections.get',
    method: 'GET',
    path: '/courses/{course_id}/sections/{id}',
    status: 'documented',
    query: {},
    body: null,
    output: (s) => s.shapes.draftedSection,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  // ----- course structure (ASSUMPTIONS.md "Course structure"; offered where the server has them) -----
  'courses.update': op({
    id: 'courses.update',
    method: 'PATCH',
    path: '/courses/{id}',
    status: 'assumed',
    query: {},
    body: (s) => s.courseUpdateBody,
    output: (s) => s.shapes.draftedCourse,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    optional: true,
    notes:
      'Any of name (1..255), description, requirements (any text, empty allowed), level (the reference list), ' +
      'category_ids (replaces the course categories; [] clears them), preview_video_upload_id (a COMPLETED ' +
      'upload session; null removes the preview video). No Idempotency-Key: an update, not a create.',
  }),
  'sections.create': op({
    id: 'sections.create',
    method: 'POST',
    path: '/courses/{course_id}/sections',
    status: 'assumed',
    query: {},
    body: (s) => s.sectionCreateBody,
    output: (s) => s.shapes.draftedSection,
    success: [201],
    retrySafe: true,
    idempotencyKey: true,
    optional: true,
    notes:
      'title 1..255 required; description any text (empty allowed); order the 1-based position (0..2147483647 ' +
      'like a lesson, 0 and past-the-end are clamped), absent = last. Idempotency-Key required.',
  }),
  'sections.update': op({
    id: 'sections.update',
    method: 'PATCH',
    path: '/courses/{course_id}/sections/{id}',
    status: 'assumed',
    query: {},
    body: (s) => s.sectionUpdateBody,
    output: (s) => s.shapes.draftedSection,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    optional: true,
    notes:
      'A reorder sends only `order`. As for lessons, `order` is the user’s last word and stays out of the ' +
      'three-way merge (siblings moving shift it on the server).',
  }),
  'sections.delete': op({
    id: 'sections.delete',
    method: 'DELETE',
    path: '/courses/{course_id}/sections/{id}',
    status: 'assumed',
    query: {},
    body: null,
    output: null,
    success: [200, 204],
    retrySafe: true,
    idempotencyKey: false,
    optional: true,
    notes:
      '200 envelope with null data, or 204. A section that still holds lessons may be refused with 409 or 422: ' +
      'both read as "still holds lessons" (SECTION_NOT_EMPTY_STATUSES); the sandbox answers 422. Lectern never ' +
      'deletes the lessons to get there. A 404 when sent counts as done (the section is gone).',
  }),
  // ----- lessons -----
  'lessons.get': op({
    id: 'lessons.get',
    method: 'GET',
    path: '/courses/{course_id}/sections/{section_id}/lessons/{id}',
    status: 'assumed',
    query: {},
    body: null,
    output: (s) => s.shapes.lesson,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'lessons.create': op({
    id: 'lessons.create',
    method: 'POST',
    path: '/courses/{course_id}/sections/{section_id}/lessons',
    status: 'assumed',
    query: {},
    body: (s) => s.lessonCreateBody,
    output: (s) => s.shapes.lesson,
    success: [201],
    retrySafe: true,
    idempotencyKey: true,
    notes: 'order limited to 0..2147483647 like the other integers (not given in ASSUMPTIONS.md).',
  }),
  'lessons.update': op({
    id: 'lessons.update',
    method: 'PATCH',
    path: '/courses/{course_id}/sections/{section_id}/lessons/{id}',
    status: 'assumed',
    query: {},
    body: (s) => s.lessonUpdateBody,
    output: (s) => s.shapes.lesson,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,

    notes:
      'A reorder sends only `order`, the 1-based position (ASSUMPTIONS.md). Lectern sends a position taken from the ' +
      'list it shows, and leaves `order` out of the three-way merge: siblings moving shift it on the server without ' +
      'anyone editing this lesson, so it is the user’s last word, not a value to compare.',
  }),
  'lessons.delete': op({
    id: 'lessons.delete',
    method: 'DELETE',
    path: '/courses/{course_id}/sections/{section_id}/lessons/{id}',
    status: 'documented',
    query: {},
    body: null,
    output: null,
    success: [200, 204],
    retrySafe: true,
    idempotencyKey: false,
    notes:
      'Success body assumed: 200 envelope with null data, or 204. Lectern queues a delete in the outbox with a ' +
      'not-before time (5 s) so it can be undone without anything being sent; a 404 when it is sent counts as done.',
  }),
  // ----- quizzes -----
  'quizzes.list': op({
    id: 'quizzes.list',
    method: 'GET',
    path: '/quizzes',
    status: 'documented',
    query: LIST_QUERY,
    body: null,
    output: (s) => s.pageShape(s.shapes.quiz),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes:
      'Query parameter names assumed. No course or status filter is documented, so the app filters by ' +
      'course and status after reading every page (100 at a time) rather than send guessed parameters.',
  }),
  // ----- assessments (tenant-only) -----
  'assessments.list': op({
    id: 'assessments.list',
    method: 'GET',
    path: '/assessments',
    status: 'assumed',
    query: { ...LIST_QUERY, courseId: 'course_id', status: 'status' },
    body: null,
    output: (s) => s.pageShape(s.shapes.assessment),
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'assessments.get': op({
    id: 'assessments.get',
    method: 'GET',
    path: '/assessments/{id}',
    status: 'documented',
    query: {},
    body: null,
    output: (s) => s.shapes.assessment,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'assessments.create': op({
    id: 'assessments.create',
    method: 'POST',
    path: '/assessments',
    status: 'assumed',
    query: {},
    body: (s) => s.assessmentCreateBody,
    output: (s) => s.shapes.assessment,
    success: [201],
    retrySafe: true,
    idempotencyKey: true,
  }),
  'assessments.update': op({
    id: 'assessments.update',
    method: 'PATCH',
    path: '/assessments/{id}',
    status: 'documented',
    query: {},
    body: (s) => s.assessmentUpdateBody,
    output: (s) => s.shapes.assessment,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes: 'total_points is not in the update table; accepted (optional) in the format the Limits table gives.',
  }),
  'assessments.delete': op({
    id: 'assessments.delete',
    method: 'DELETE',
    path: '/assessments/{id}',
    status: 'documented',
    query: {},
    body: null,
    output: null,
    success: [200, 204],
    retrySafe: true,
    idempotencyKey: false,
    notes:
      'Success body assumed: 200 envelope with null data, or 204. Lectern queues a delete in the outbox with a ' +
      'not-before time (5 s) so it can be undone without anything being sent; a 404 when it is sent counts as done.',
  }),
  // ----- assignments (tenant-only) -----
  'assignments.create': op({
    id: 'assignments.create',
    method: 'POST',
    path: '/assignments',
    status: 'documented',
    query: {},
    body: (s) => s.assignmentCreateBody,
    output: (s) => s.shapes.assignment,
    success: [201],
    retrySafe: true,
    idempotencyKey: true,
    notes:
      'Success status 201 assumed. Required fields are not shown: we require title and description (their ' +
      'limits are the only ones given) and accept total_points in the Assignment format.',
  }),
  // ----- uploads -----
  'uploads.create': op({
    id: 'uploads.create',
    method: 'POST',
    path: '/uploads',
    status: 'assumed',
    query: {},
    body: (s) => s.uploadCreateBody,
    output: (s) => s.shapes.uploadSession,
    success: [201],
    retrySafe: true,
    idempotencyKey: true,
  }),
  'uploads.get': op({
    id: 'uploads.get',
    method: 'GET',
    path: '/uploads/{id}',
    status: 'assumed',
    query: {},
    body: null,
    output: (s) => s.shapes.uploadSession,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'uploads.signParts': op({
    id: 'uploads.signParts',
    method: 'POST',
    path: '/uploads/{id}/sign-parts',
    status: 'documented',
    query: {},
    body: (s) => s.signPartsBody,
    output: (s) => s.shapes.signPartsData,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes: 'Signing again only issues fresh URLs: safe to repeat.',
  }),
  'uploads.listParts': op({
    id: 'uploads.listParts',
    method: 'GET',
    path: '/uploads/{id}/parts',
    status: 'documented',
    query: {},
    body: null,
    output: (s) => s.shapes.listPartsData,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
  }),
  'uploads.complete': op({
    id: 'uploads.complete',
    method: 'POST',
    path: '/uploads/{id}/complete',
    status: 'documented',
    query: {},
    body: (s) => s.completeUploadBody,
    output: (s) => s.shapes.uploadSession,
    success: [200],
    retrySafe: true,
    idempotencyKey: false,
    notes:
      'Body {parts:[{part_number, etag}]} assumed. Completing twice is harmless; a 4xx after an ' +
      'ambiguous attempt is confirmed by retrieving the session.',
  }),
  'uploads.abort': op({
    id: 'uploads.abort',
    method: 'DELETE',
    path: '/uploads/{id}',
    status: 'assumed',
    query: {},
    body: null,
    output: null,
    success: [200, 204],
    retrySafe: true,
    idempotencyKey: false,
    notes: 'Best effort: a server without it answers UnsupportedOperation and the session is forgotten.',
  }),
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof catalogue;

/**
 * Write permissions. The reference names permissions (`learning.change_lesson`, …) but
 * shows neither their list per endpoint nor any operation that tells a key's permissions
 * (Authentication 7: "not shown"). Decisions:
 * - Verifying a key proves reads only (`GET /categories`, `GET /assessments`); nothing is written
 *   to find out whether writes are allowed, so adding a workspace says "accepted … for reading" and
 *   that writes are known at the first one.
 * - A 403 to a write request (create, update, delete; not the read before a PATCH) marks that kind
 *   of change (lesson, section, course, assessment, assignment) read-only for the workspace
 *   (`sync/write-access.ts`): said once, the actions disabled with the reason, kept across restarts;
 *   cleared by a write of that kind that succeeds, by a new key, or by "Check again".
 * - The refused change is not retried (a 403 is an answer); it stays "Not saved" with the reason
 *   until the user dismisses it, and a move shown at once is put back.
 */
/**
 * ASSUMPTIONS.md "Course structure": operations a server may not offer. Open points settled here:
 * - "Not offered" is decided per operation (create, update and delete of sections and course update
 *   are four capabilities: a server may allow renaming but not deleting).
 * - A 405 is "not offered" at once. A 404 (enveloped or not) is "not offered" only while what it
 *   names can still be retrieved: the course (`courses.get`) for a course update or a section create,
 *   and for a section update or delete the section itself (`sections.get`, documented), because a
 *   404 there while the course exists usually means the section was deleted by someone else, which
 *   is NotFound (a delete counts it as done). If the check itself cannot reach the server, its own
 *   (transient) error is raised: not knowing is a wait, never a verdict.
 * - `doing` is the sentence's verb phrase: "This server does not let Lectern {doing}."
 */
export const STRUCTURE_OPERATIONS = {
  'sections.create': { doing: 'create sections', probe: 'course' },
  'sections.update': { doing: 'change sections', probe: 'section' },
  'sections.delete': { doing: 'delete sections', probe: 'section' },
  'courses.update': { doing: 'change course details', probe: 'course' },
} as const satisfies Partial<Record<OperationId, { doing: string; probe: 'course' | 'section' }>>;
export type StructureOperationId = keyof typeof STRUCTURE_OPERATIONS;

/** Statuses a server may use to refuse deleting a section that still holds lessons (ASSUMPTIONS.md). */
export const SECTION_NOT_EMPTY_STATUSES: readonly number[] = [409, 422];

/**
 * How often a course's preview video is polled while PROCESSING: as a lesson's video (ASSUMPTIONS.md
 * "Lessons": at most once every 10 s, backing off); the same open values PROCESSING, READY, FAILED.
 * Decisions for the preview video in the app:
 * - Its upload session is `upload_type` VIDEO, like a lesson's; it is attached only once COMPLETED,
 *   as `preview_video_upload_id` in the course's update draft (through the outbox: offline it waits).
 * - Following starts once that update was sent and stops at READY or FAILED; a status of NONE or
 *   empty means "no preview" (what the sandbox says after `null` removed it).
 * - A newly chosen preview, or a removal, forgets Lectern's earlier preview uploads of that course
 *   (a finished row is only forgotten; one still uploading is cancelled).
 * - The field shares the course's one draft with name, description and the rest: under a conflict it
 *   waits in the draft and goes out once the user resolves it.
 * Decisions for pushing a folder from the app:
 * - A plan needs `sections.create` to make a section, `sections.update` to rename or move one (or to
 *   make one before an existing section), `sections.delete` to delete one. No operation tells without
 *   writing whether a server offers them, so a plan names a missing one only once this workspace has
 *   been refused it (STRUCTURE_OPERATIONS memory); a first refusal stops the push before any upload.
 * - A plan is kept by id (the last 20) until confirmed; the confirmed plan runs as shown, once.
 */
export const PREVIEW_VIDEO_FINAL_STATUSES: readonly string[] = ['READY', 'FAILED'];
/**
 * `lesson_type` of a lesson made from a .md or .txt file by a folder push (`text_content` = the
 * file's text). The reference shows only VIDEO and leaves the list open; TEXT is our reading.
 */
export const TEXT_LESSON_TYPE = 'TEXT';
export const operations: readonly Operation[] = Object.values(catalogue);

/**
 * zod compiles an object schema's fast path (generated code, `new Function`) at its first compiled
 * parse: for a course's sections with their lessons (about ten object shapes) that costs more than
 * reading a page without it saves. So an operation's first answers in a process are read without
 * it (a command line reads one or two, then exits) and the ones after with it (the app reads the
 * same lists again and again). The same schemas and checks either way: only how zod runs them.
 */
export const COMPILED_FROM_ANSWER = 3;

interface EnvelopeEntry {
  shape: Shape;
  answers: number;
}
/** Success envelope schemas (reference and reading), built once per operation, with how many answers they read. */
const envelopeCache = new Map<string, EnvelopeEntry>();
function envelopeEntry(operation: Operation, schemas: typeof Responses): EnvelopeEntry {
  let entry = envelopeCache.get(operation.id);
  if (!entry) {
    entry = { shape: schemas.envelopeShape(operation.output?.(schemas) ?? schemas.noData), answers: 0 };
    envelopeCache.set(operation.id, entry);
  }
  return entry;
}

/** The envelope to read one more answer of `operation` with, and how zod should run it. */
export function readingOf(
  operation: Operation,
  schemas: typeof Responses,
): { shape: Shape; context: { jitless: boolean } } {
  const entry = envelopeEntry(operation, schemas);
  entry.answers++;
  return { shape: entry.shape, context: { jitless: entry.answers < COMPILED_FROM_ANSWER } };
}

/** Fills `{name}` placeholders (each value percent-encoded) and appends mapped query parameters. */
export function buildPath(
  operation: Operation,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string | number | undefined | null>> = {},
): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`${operation.id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    const wire = operation.query[key];
    if (!wire) throw new TypeError(`${operation.id}: unknown query parameter ${key}`);
    search.append(wire, String(value));
  }
  const qs = search.toString();
  return API_PREFIX + path + (qs ? `?${qs}` : '');
}
