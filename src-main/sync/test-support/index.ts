// Main process / plain Node, tests only. An in-memory stand-in for the API client, for unit tests
// of ordering and state transitions (integration tests use the real client and sandbox). It keeps
// the server rules that matter here: idempotent creates, updated_datetime bumps, 404 after delete.
import { randomUUID } from 'node:crypto';
import type { PageLike, SyncApiClient } from '../client.ts';
import type { Fields } from '../merge.ts';

/** Thrown like the real client's typed errors (structurally: `kind`, `status`, `errors`). */
export class FakeApiError extends Error {
  readonly kind: string;
  readonly status: number | null;
  readonly errors: { field: string; code: string; message: string }[];
  readonly notSent: boolean;
  readonly attempts = 1;
  constructor(kind: string, status: number | null, errors: FakeApiError['errors'] = [], notSent = false) {
    super(`${kind} (fake)`);
    this.kind = kind;
    this.status = status;
    this.errors = errors;
    this.notSent = notSent;
  }
}

export interface FakeCall {
  op: string;
  id?: string;
  body?: Fields;
  key?: string;
}

export interface FakeServer {
  client: SyncApiClient;
  calls: FakeCall[];
  records: Map<string, Fields>;
  /** Queue of errors to throw on the next calls matching `op` (e.g. 'assessments.update'). */
  failNext(op: string, error: FakeApiError, times?: number): void;
  /** Everything fails with a network error while true. */
  down: boolean;
  /** Edits a record as another user would (bumps updated_datetime). */
  editOnServer(id: string, patch: Fields): Fields;
  seedAssessment(fields?: Fields): Fields;
}

export function createFakeServer(): FakeServer {
  const records = new Map<string, Fields>();
  const keys = new Map<string, string>();
  const calls: FakeCall[] = [];
  const failures: { op: string; error: FakeApiError }[] = [];
  let tick = Date.parse('2026-05-01T09:00:00Z');
  const stamp = () => new Date((tick += 1000)).toISOString();

  const server: FakeServer = {
    client: undefined as unknown as SyncApiClient,
    calls,
    records,
    down: false,
    failNext(op, error, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ op, error });
    },
    editOnServer(id, patch) {
      const current = records.get(id);
      if (!current) throw new Error(`no record ${id}`);
      const next = { ...current, ...patch, updated_datetime: stamp() };
      records.set(id, next);
      return next;
    },
    seedAssessment(fields = {}) {
      const at = stamp();
      const record = {
        id: randomUUID(),
        title: 'Seeded',
        description: 'Seeded description',
        duration_hours: 1,
        duration_minutes: 0,
        status: 'DRAFT',
        course_id: randomUUID(),
        created_datetime: at,
        updated_datetime: at,
        ...fields,
      };
      records.set(record.id, record);
      return record;
    },
  };

  const call = async <T>(op: string, info: Omit<FakeCall, 'op'>, run: () => T): Promise<T> => {
    calls.push({ op, ...info });
    await Promise.resolve();
    if (server.down) throw new FakeApiError('Network', null, [], true);
    const index = failures.findIndex((f) => f.op === op);
    if (index >= 0) throw failures.splice(index, 1)[0]!.error;
    return run();
  };
  const mustGet = (id: string) => {
    const record = records.get(id);
    if (!record) throw new FakeApiError('NotFound', 404);
    return record;
  };
  const create = (op: string, body: Fields, key: string, extra: Fields = {}) =>
    call(op, { body, key }, () => {
      const known = keys.get(key);
      if (known) return mustGet(known);
      if (typeof body.title !== 'string' || body.title === '') {
        throw new FakeApiError('Validation', 422, [
          { field: 'title', code: 'required', message: 'This field is required.' },
        ]);
      }
      const at = stamp();
      const record = { id: randomUUID(), ...extra, ...body, created_datetime: at, updated_datetime: at };
      records.set(record.id, record);
      keys.set(key, record.id);
      return record;
    });
  const update = (op: string, id: string, body: Fields) =>
    call(op, { id, body }, () => {
      const next = { ...mustGet(id), ...body, updated_datetime: stamp() };
      records.set(id, next);
      return next;
    });
  const page = (items: Fields[]): PageLike => ({
    paginator: { count: items.length, page: 1, page_size: 100, total_pages: 1, next: null },
    results: items,
  });

  server.client = {
    categories: { list: () => call('categories.list', {}, () => page([])) },
    courses: {
      list: () => call('courses.list', {}, () => page([])),
      get: (id) => call('courses.get', { id }, () => mustGet(id)),
      update: (id, body) => update('courses.update', id, body),
    },
    sections: {
      async *pages() {
        yield page([]);
      },
      get: (_c, id) => call('sections.get', { id }, () => mustGet(id)),
      create: (_c, body, o) => create('sections.create', body, o.idempotencyKey),
      update: (_c, id, body) => update('sections.update', id, body),
      delete: (_c, id) =>
        call('sections.delete', { id }, () => {
          mustGet(id);
          records.delete(id);
        }),
    },
    lessons: {
      get: (_c, _s, id) => call('lessons.get', { id }, () => mustGet(id)),
      create: (_c, _s, body, o) => create('lessons.create', body, o.idempotencyKey),
      update: (_c, _s, id, body) => update('lessons.update', id, body),
      delete: (_c, _s, id) =>
        call('lessons.delete', { id }, () => {
          mustGet(id);
          records.delete(id);
        }),
    },
    quizzes: { list: () => call('quizzes.list', {}, () => page([])) },
    assessments: {
      list: () => call('assessments.list', {}, () => page([...records.values()])),
      get: (id) => call('assessments.get', { id }, () => mustGet(id)),
      create: (body, o) => create('assessments.create', body, o.idempotencyKey),
      update: (id, body) => update('assessments.update', id, body),
    },
    assignments: { create: (body, o) => create('assignments.create', body, o.idempotencyKey) },
  };
  return server;
}
