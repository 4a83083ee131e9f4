// Tests (plain Node): the client against the sandbox server over real HTTP on 127.0.0.1: every
// operation, every error row of the reference, retries under injected faults, 429 and timeouts.
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestSandbox } from '../test-support/index.ts';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  ValidationError,
} from './index.ts';
import type { ApiClient, ApiClientOptions, Course, RequestLogEntry, Section } from './index.ts';

const sb = useTestSandbox({ seed: 'demo', randomSeed: 7 });
let client: ApiClient;
let course: Course;
let section: Section;
const logged: RequestLogEntry[] = [];
const thrown: unknown[] = [];
const extraClients: ApiClient[] = [];

function newClient(extra: Partial<ApiClientOptions> = {}): ApiClient {
  const c = sb.client({ onRequest: (e) => logged.push(e), ...extra });
  extraClients.push(c);
  return c;
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    thrown.push(e);
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

const fast = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 30, deadlineMs: 20_000 };

beforeAll(async () => {
  client = newClient();
  const courses = await client.courses.list();
  course = courses.results[0]!;
  section = (await client.sections.list(course.id)).results[0]!;
});

afterEach(() => {
  sb.setFaults({ failRate: 0, rateLimit: 0, latencyMs: 0 });
});

afterAll(async () => {
  // Nothing the client produced may contain any of the sandbox's keys.
  const everything = [
    ...thrown.map(
      (e) =>
        (e instanceof ApiError ? JSON.stringify(e) + JSON.stringify(e.toIpcError()) : '') + inspect(e, { depth: 8 }),
    ),
    JSON.stringify(logged),
    ...extraClients.map((c) => JSON.stringify(c.requestLog())),
  ].join('\n');
  for (const key of Object.values(sb.keys)) expect(everything).not.toContain(key);
});

describe('every operation', () => {
  it('categories: list and iterate', async () => {
    const page = await client.categories.list();
    expect(page.paginator.count).toBeGreaterThan(0);
    const all = [];
    for await (const c of client.categories.iterate({ pageSize: 1 })) all.push(c);
    expect(all).toHaveLength(page.paginator.count);
  });

  it('courses: list, search, iterate across pages, get', async () => {
    const page = await client.courses.list({ pageSize: 2 });
    expect(page.paginator.page_size).toBe(2);
    const ids = new Set<string>();
    for await (const c of client.courses.iterate({ pageSize: 2 })) ids.add(c.id);
    expect(ids.size).toBe(page.paginator.count);
    const found = await client.courses.list({ search: course.name });
    expect(found.results.map((c) => c.id)).toContain(course.id);
    expect((await client.courses.get(course.id)).id).toBe(course.id);
    expect(await caught(client.courses.list({ page: 10_000 }))).toBeInstanceOf(NotFoundError);
  });

  it('sections: list, iterate, get', async () => {
    const page = await client.sections.list(course.id, { pageSize: 1 });
    const all = [];
    for await (const s of client.sections.iterate(course.id, { pageSize: 1 })) all.push(s);
    expect(all).toHaveLength(page.paginator.count);
    expect((await client.sections.get(course.id, section.id)).id).toBe(section.id);
  });

  it('quizzes: list and iterate', async () => {
    const page = await client.quizzes.list({ pageSize: 3 });
    let n = 0;
    for await (const _q of client.quizzes.iterate({ pageSize: 3 })) n++;
    expect(n).toBe(page.paginator.count);
  });

  it('lessons: create, get, update, delete', async () => {
    const key = randomUUID();
    const made = await client.lessons.create(
      course.id,
      section.id,
      { title: `L ${key}`, lesson_type: 'TEXT' },
      { idempotencyKey: key },
    );
    const again = await client.lessons.create(
      course.id,
      section.id,
      { title: `L ${key}`, lesson_type: 'TEXT' },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(made.id);
    expect((await client.lessons.get(course.id, section.id, made.id)).title).toBe(`L ${key}`);
    const updated = await client.lessons.update(course.id, section.id, made.id, { title: 'Renamed' });
    expect(updated.title).toBe('Renamed');
    await client.lessons.delete(course.id, section.id, made.id);
    expect(await caught(client.lessons.get(course.id, section.id, made.id))).toBeInstanceOf(NotFoundError);
  });

  it('a create tells onSent as its request goes out, before its answer', async () => {
    const seen: string[] = [];
    const key = randomUUID();
    const made = await client.lessons
      .create(
        course.id,
        section.id,
        { title: `Sent ${key}`, lesson_type: 'TEXT' },
        { idempotencyKey: key, onSent: () => seen.push('sent') },
      )
      .then((lesson) => (seen.push('answered'), lesson));
    expect(seen).toEqual(['sent', 'answered']);
    await client.lessons.delete(course.id, section.id, made.id);
  });

  it('assessments: create, list, iterate, get, update, delete', async () => {
    const title = `A ${randomUUID()}`;
    const made = await client.assessments.create(
      { course_id: course.id, title, description: 'Exam', duration_hours: 1, status: 'DRAFT' },
      { idempotencyKey: randomUUID() },
    );
    expect(made.title).toBe(title);
    const listed = await client.assessments.list({ search: title, courseId: course.id });
    expect(listed.results.map((a) => a.id)).toEqual([made.id]);
    let n = 0;
    for await (const _a of client.assessments.iterate({ pageSize: 5 })) n++;
    expect(n).toBe((await client.assessments.list()).paginator.count);
    expect((await client.assessments.get(made.id)).id).toBe(made.id);
    const updated = await client.assessments.update(made.id, { title: `${title} v2`, seat_layout: 'GRID' });
    expect(updated.seat_layout).toBe('GRID');
    await client.assessments.delete(made.id);
    expect(await caught(client.assessments.get(made.id))).toBeInstanceOf(NotFoundError);
  });

  it('assignments: create (replayed with the same key)', async () => {
    const key = randomUUID();
    const body = {
      title: 'Homework',
      description: 'Read chapter 1',
      duration_minutes: 30,
      status: 'PUBLISHED' as const,
    };
    const a = await client.assignments.create(body, { idempotencyKey: key });
    const b = await client.assignments.create(body, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect(a.status).toBe('PUBLISHED');
  });

  it('uploads: create, get, sign parts, PUT, list parts, complete, abort', async () => {
    const bytes = Buffer.from('not really a video, but bytes all the same');
    const session = await client.uploads.create(
      { upload_type: 'VIDEO', file_name: 'clip.mp4', content_type: 'video/mp4', file_size: bytes.length },
      { idempotencyKey: randomUUID() },
    );
    expect(session.status).toBe('INITIATED');
    expect((await client.uploads.get(session.id)).id).toBe(session.id);
    const [part] = await client.uploads.signParts(session.id, [1]);
    expect(part!.part_number).toBe(1);
    const put = await request(part!.url, { method: 'PUT', body: bytes });
    await put.body.dump();
    const etag = String(put.headers.etag);
    expect(await client.uploads.listParts(session.id)).toEqual([
      expect.objectContaining({ part_number: 1, etag, size: bytes.length }),
    ]);
    const done = await client.uploads.complete(session.id, [{ part_number: 1, etag }]);
    expect(done.status).toBe('COMPLETED');
    // The completed upload can be referenced by a lesson.
    const lesson = await client.lessons.create(
      course.id,
      section.id,
      { title: 'With video', lesson_type: 'VIDEO', video_upload_id: session.id },
      { idempotencyKey: randomUUID() },
    );
    expect(lesson.lesson_type).toBe('VIDEO');
    const other = await client.uploads.create(
      { upload_type: 'VIDEO', file_name: 'b.mp4', content_type: 'video/mp4', file_size: 10 },
      { idempotencyKey: randomUUID() },
    );
    await client.uploads.abort(other.id);
  });
});

describe('every error row', () => {
  it('400 → BadRequest', async () => {
    const a = (await client.assessments.list()).results[0]!;
    const err = await caught(client.assessments.update(a.id, [] as never));
    expect(err).toBeInstanceOf(BadRequestError);
    expect(err).toMatchObject({ status: 400, code: 'REQUEST_FAILED', message: 'Bad request.', method: 'PATCH' });
  });

  it('401 → Unauthorized (unknown key and missing key)', async () => {
    const bad = newClient({ apiKey: 'sbx_tenant_admin_nope' });
    const err = await caught(bad.categories.list());
    expect(err).toBeInstanceOf(UnauthorizedError);
    expect(err).toMatchObject({ status: 401, code: 'AUTHENTICATION_FAILED', message: 'Authentication failed.' });
    const none = newClient({ apiKey: '' });
    expect(await caught(none.categories.list())).toMatchObject({ kind: 'Unauthorized', code: 'REQUEST_FAILED' });
  });

  it('403 → Forbidden (service provider on tenant-only, disabled module, viewer writing)', async () => {
    const sp = newClient({ apiKey: sb.keys.serviceProvider });
    expect(await caught(sp.assessments.list())).toBeInstanceOf(ForbiddenError);
    await expect(sp.courses.list()).resolves.toBeDefined();
    const off = newClient({ apiKey: sb.keys.moduleDisabled });
    expect(await caught(off.categories.list())).toBeInstanceOf(ForbiddenError);
    const viewer = newClient({ apiKey: sb.keys.tenantViewer });
    const err = await caught(
      viewer.assignments.create({ title: 'x', description: 'y' }, { idempotencyKey: randomUUID() }),
    );
    expect(err).toMatchObject({
      kind: 'Forbidden',
      status: 403,
      message: 'Permission denied, inactive service provider, or unsupported key mode.',
    });
  });

  it('404 → NotFound', async () => {
    const err = await caught(client.assessments.get(randomUUID()));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err.toIpcError()).toMatchObject({
      code: 'API_NOT_FOUND',
      message: 'Resource not found.',
      details: { status: 404, method: 'GET' },
    });
  });

  it('409 → Conflict: same key, different body (after bounded retries)', async () => {
    const c = newClient({ retry: { ...fast, maxAttempts: 10 } });
    const key = randomUUID();
    await c.assignments.create({ title: 'One', description: 'D' }, { idempotencyKey: key });
    const err = await caught(c.assignments.create({ title: 'Two', description: 'D' }, { idempotencyKey: key }));
    expect(err).toBeInstanceOf(ConflictError);
    expect(err.attempts).toBe(5);
  });

  it('422 → Validation with field items', async () => {
    const a = (await client.assessments.list()).results[0]!;
    const err = (await caught(client.assessments.update(a.id, { title: '', duration_hours: -1 }))) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.fieldErrors.map((e) => e.field).sort()).toEqual(['duration_hours', 'title']);
    expect(err.toJSON().errors).toEqual(err.fieldErrors);
  });

  it('429 → RateLimited, and the retry waits at least Retry-After', async () => {
    sb.setFaults({ rateLimit: 1 });
    const c = newClient();
    await c.categories.list();
    const t0 = Date.now();
    await c.categories.list();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    const log = c.requestLog();
    const limited = log.findIndex((e) => e.status === 429);
    expect(limited).toBeGreaterThan(-1);
    const before = log[limited]!;
    const after = log[limited + 1]!;
    expect(after.attempt).toBe(before.attempt + 1);
    expect(Date.parse(after.timestamp) - (Date.parse(before.timestamp) + before.durationMs)).toBeGreaterThanOrEqual(
      990,
    );
    const once = newClient({ retry: { maxAttempts: 1 } });
    await once.categories.list().catch(() => undefined);
    const err = (await caught(once.categories.list())) as RateLimitedError;
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('500 → ServerError after the bounded attempts', async () => {
    sb.setFaults({ failRate: 1 });
    const c = newClient({ retry: fast });
    const err = await caught(c.quizzes.list());
    expect(err).toBeInstanceOf(ServerError);
    expect(err).toMatchObject({ status: 500, message: 'Internal server error.', attempts: 3 });
  });
});

describe('resilience', () => {
  it('with failRate 0.3 every call succeeds and every create exists exactly once', async () => {
    sb.setFaults({ failRate: 0.3 });
    const c = newClient();
    const run = randomUUID().slice(0, 8);
    const titles: string[] = [];
    for (let i = 0; i < 12; i++) {
      const title = `fr-${run}-n${i}x`;
      titles.push(title);
      const made = await c.assessments.create(
        { course_id: course.id, title, description: 'x' },
        { idempotencyKey: randomUUID() },
      );
      await c.assessments.update(made.id, { description: 'y' });
      await c.assessments.get(made.id);
      await c.lessons.create(course.id, section.id, { title, lesson_type: 'TEXT' }, { idempotencyKey: randomUUID() });
    }
    for await (const _q of c.quizzes.iterate({ pageSize: 2 })) void _q;
    sb.setFaults({ failRate: 0 });
    expect(c.requestLog().some((e) => e.status === 500)).toBe(true);
    for (const title of titles) {
      expect((await client.assessments.list({ search: title })).paginator.count, title).toBe(1);
    }
    const lessons = (await client.sections.get(course.id, section.id)).lessons!.filter((l) =>
      l.title!.startsWith(`fr-${run}-`),
    );
    expect(lessons.map((l) => l.title).sort()).toEqual([...titles].sort());
  });

  it('a slow server trips the headers timeout', async () => {
    sb.setFaults({ latencyMs: 2500 });
    const c = newClient({ timeouts: { headersMs: 300 }, retry: { ...fast, maxAttempts: 2 } });
    const err = (await caught(c.categories.list())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.phase).toBe('headers');
    expect(err.toIpcError().code).toBe('API_TIMEOUT');
  });
});
