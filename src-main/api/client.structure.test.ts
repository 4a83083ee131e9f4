// Tests (plain Node): the course-structure operations (ASSUMPTIONS.md "Course structure") through the
// real client against the sandbox over real HTTP: section create/update/delete with order shifting,
// idempotent creates, a section that still holds lessons, course details, categories, the preview
// video's processing, and a server without them (`--no-structure`, and 404 while the course exists).
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestSandbox, UPLOAD_SETTLES } from '../test-support/index.ts';
import {
  ApiError,
  NotFoundError,
  OperationNotOfferedError,
  SECTION_NOT_EMPTY_STATUSES,
  UnsupportedOperationError,
  ValidationError,
  createApiClient,
} from './index.ts';
import type { ApiClient, DraftedCourse, DraftedSection } from './index.ts';
import * as fx from './test-support/index.ts';

const sb = useTestSandbox({ seed: 'demo', processingMs: 200 });
let client: ApiClient;
let course: DraftedCourse;

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

async function sections(): Promise<DraftedSection[]> {
  const out: DraftedSection[] = [];
  for await (const section of client.sections.iterate(course.id, { pageSize: 100 })) out.push(section);
  return out;
}

/** The whole upload flow through the client: session, signed parts, PUTs, complete. */
async function upload(bytes: Uint8Array, fileName: string, complete = true): Promise<string> {
  const session = await client.uploads.create(
    { upload_type: 'VIDEO', file_name: fileName, content_type: 'video/mp4', file_size: bytes.length },
    { idempotencyKey: randomUUID() },
  );
  const numbers = Array.from({ length: session.total_parts }, (_, i) => i + 1);
  const urls = await client.uploads.signParts(session.id, numbers);
  const parts = [];
  for (const { part_number, url } of urls) {
    const chunk = bytes.subarray((part_number - 1) * session.part_size, part_number * session.part_size);
    const put = await request(url, { method: 'PUT', body: chunk });
    await put.body.text();
    parts.push({ part_number, etag: String(put.headers.etag) });
  }
  if (complete) await client.uploads.complete(session.id, parts);
  return session.id;
}

beforeAll(async () => {
  client = sb.client({ retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 30, deadlineMs: 20_000 } });
  course = await client.courses.get((await client.courses.list()).results[0]!.id);
});
afterEach(() => sb.setFaults({ noStructure: false }));

describe('sections', () => {
  it('create: 201 Section, last without order; the same Idempotency-Key replays the same section', async () => {
    const before = await sections();
    const key = randomUUID();
    const made = await client.sections.create(
      course.id,
      { title: 'Appendix', description: '' },
      { idempotencyKey: key },
    );
    expect(made).toMatchObject({ title: 'Appendix', description: '', order: before.length + 1, lessons: [] });
    const again = await client.sections.create(
      course.id,
      { title: 'Appendix', description: '' },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(made.id);
    const after = await sections();
    expect(after.map((s) => s.id)).toEqual([...before.map((s) => s.id), made.id]);
  });

  it('create with order 1 goes first and the others shift down; orders stay 1..n', async () => {
    const before = await sections();
    const first = await client.sections.create(
      course.id,
      { title: 'Welcome', order: 1 },
      { idempotencyKey: randomUUID() },
    );
    const after = await sections();
    expect(after.map((s) => s.id)).toEqual([first.id, ...before.map((s) => s.id)]);
    expect(after.map((s) => s.order)).toEqual(after.map((_, i) => i + 1));
  });

  it('update: rename and describe; a reorder sends only order and moves the others', async () => {
    const before = await sections();
    const moving = before[0]!;
    const renamed = await client.sections.update(course.id, moving.id, { title: 'Start here', description: 'Read me' });
    expect(renamed).toMatchObject({ id: moving.id, title: 'Start here', description: 'Read me' });
    expect(renamed.updated_datetime > moving.updated_datetime).toBe(true);
    await client.sections.update(course.id, moving.id, { order: 3 });
    const after = await sections();
    const expected = before.map((s) => s.id).filter((id) => id !== moving.id);
    expected.splice(2, 0, moving.id);
    expect(after.map((s) => s.id)).toEqual(expected);
    expect(after.map((s) => s.order)).toEqual(after.map((_, i) => i + 1));
  });

  it('delete: an empty section goes and the rest close the gap (200 or 204 both accepted)', async () => {
    const made = await client.sections.create(
      course.id,
      { title: 'Short-lived', order: 2 },
      { idempotencyKey: randomUUID() },
    );
    await client.sections.delete(course.id, made.id);
    const after = await sections();
    expect(after.map((s) => s.id)).not.toContain(made.id);
    expect(after.map((s) => s.order)).toEqual(after.map((_, i) => i + 1));
    // Deleting it again: the course still exists, the section is gone: NotFound, not "not offered".
    const again = await caught(client.sections.delete(course.id, made.id));
    expect(again).toBeInstanceOf(NotFoundError);
  });

  it('delete: a section that still holds lessons is refused (422), and nothing is lost', async () => {
    const full = (await sections()).find((s) => (s.lessons?.length ?? 0) > 0)!;
    const error = await caught(client.sections.delete(course.id, full.id));
    expect(error.status).toBe(422);
    expect(SECTION_NOT_EMPTY_STATUSES).toContain(error.status);
    const still = await client.sections.get(course.id, full.id);
    expect(still.lessons?.length).toBe(full.lessons?.length);
  });

  it('bad bodies are 422 field errors', async () => {
    const error = await caught(client.sections.create(course.id, { title: '' }, { idempotencyKey: randomUUID() }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.errors[0]).toMatchObject({ field: 'title', code: 'min_length' });
  });
});

describe('course details', () => {
  it('update name, description, requirements, level and categories (replaced); updated_datetime moves', async () => {
    const categories = (await client.categories.list({ pageSize: 100 })).results;
    const chosen = categories.slice(0, 2).map((c) => c.id);
    const updated = await client.courses.update(course.id, {
      name: 'Forklift, revised',
      description: 'New words',
      requirements: '',
      level: 'advanced',
      category_ids: chosen,
    });
    expect(updated).toMatchObject({
      name: 'Forklift, revised',
      description: 'New words',
      requirements: '',
      level: 'advanced',
    });
    expect(updated.categories?.map((c) => c.id).sort()).toEqual([...chosen].sort());
    expect(updated.updated_datetime > course.updated_datetime).toBe(true);
    expect(await client.courses.get(course.id)).toEqual(updated);
    const cleared = await client.courses.update(course.id, { category_ids: [] });
    expect(cleared.categories).toEqual([]);
    expect(cleared.name).toBe('Forklift, revised');
  });

  it('an unknown category or level is a 422 on that field', async () => {
    const a = await caught(client.courses.update(course.id, { category_ids: [randomUUID()] }));
    expect(a.errors[0]).toMatchObject({ field: 'category_ids.0', code: 'invalid' });
    const b = await caught(client.courses.update(course.id, { level: 'expert' as 'advanced' }));
    expect(b.errors[0]).toMatchObject({ field: 'level', code: 'invalid_choice' });
  });

  it('a preview video is processed like a lesson video: PROCESSING, then READY with a URL of the same bytes', async () => {
    const bytes = readFileSync(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url));
    const uploadId = await upload(bytes, 'preview.mp4');
    const given = await client.courses.update(course.id, { preview_video_upload_id: uploadId });
    expect(given).toMatchObject({
      preview_video_status: 'PROCESSING',
      preview_video_ready: 'false',
      preview_video_url: '',
    });
    const ready = await vi.waitUntil(async () => {
      const now = await client.courses.get(course.id);
      return now.preview_video_status === 'READY' ? now : undefined;
    }, UPLOAD_SETTLES);
    expect(ready).toMatchObject({ preview_video_ready: 'true', preview_video_error: null });
    const got = await request(ready.preview_video_url!);
    expect(Buffer.from(await got.body.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('bytes that are no video end FAILED with preview_video_error; an incomplete upload is refused', async () => {
    const noise = Buffer.alloc(30_000, 7);
    const uploadId = await upload(noise, 'noise.mp4');
    await client.courses.update(course.id, { preview_video_upload_id: uploadId });
    const failed = await vi.waitUntil(async () => {
      const now = await client.courses.get(course.id);
      return now.preview_video_status === 'FAILED' ? now : undefined;
    }, UPLOAD_SETTLES);
    expect(failed.preview_video_error).toMatch(/noise\.mp4/);
    const open = await upload(noise, 'open.mp4', false);
    const refused = await caught(client.courses.update(course.id, { preview_video_upload_id: open }));
    expect(refused.errors[0]).toMatchObject({ field: 'preview_video_upload_id', code: 'invalid' });
  });
});

describe('a server without them (--no-structure)', () => {
  it('every structure write is OperationNotOffered (405) with its sentence; reads work and nothing changes', async () => {
    sb.setFaults({ noStructure: true });
    const before = await sections();
    const target = before[0]!;
    const cases: [Promise<unknown>, string, string][] = [
      [
        client.sections.create(course.id, { title: 'x' }, { idempotencyKey: randomUUID() }),
        'sections.create',
        'create sections',
      ],
      [client.sections.update(course.id, target.id, { title: 'y' }), 'sections.update', 'change sections'],
      [client.sections.delete(course.id, target.id), 'sections.delete', 'delete sections'],
      [client.courses.update(course.id, { name: 'z' }), 'courses.update', 'change course details'],
    ];
    for (const [promise, capability, doing] of cases) {
      const error = await caught(promise);
      expect(error).toBeInstanceOf(OperationNotOfferedError);
      expect(error).toBeInstanceOf(UnsupportedOperationError);
      expect(error.status).toBe(405);
      expect((error as OperationNotOfferedError).capability).toBe(capability);
      expect(error.message).toBe(`This server does not let Lectern ${doing}.`);
      expect(error.toIpcError()).toMatchObject({ code: 'API_UNSUPPORTED_OPERATION', details: { capability } });
    }
    // Video URLs are signed afresh on each read (their expiry is "now + TTL" in whole seconds):
    // the same URL, whatever second each read fell in.
    expect(withoutSignatures(await sections())).toEqual(withoutSignatures(before));
  });
});

function withoutSignatures(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…&signature=…'));
}

describe('a server that answers 404 (stub)', () => {
  const course = fx.course();
  const section = fx.section();
  let stub: fx.Stub;
  let stubClient: ApiClient;
  let courseThere = true;
  let sectionThere = true;
  beforeAll(async () => {
    stub = await fx.startStub((req) => {
      if (req.method === 'GET' && req.url.endsWith(`/sections/${String(section.id)}`)) {
        return sectionThere ? { status: 200, json: fx.ok(section) } : { status: 404, json: fx.fail(404) };
      }
      if (req.method === 'GET')
        return courseThere ? { status: 200, json: fx.ok(course) } : { status: 404, json: fx.fail(404) };
      return { status: 404, json: fx.fail(404) };
    });
    stubClient = createApiClient({ baseUrl: stub.baseUrl, apiKey: 'sk_stub', retry: { maxAttempts: 1 } });
  });
  afterAll(async () => {
    await stubClient.close();
    await stub.close();
  });

  it('404 while the course can be retrieved: not offered; once the course is gone: NotFound', async () => {
    const id = String(course.id);
    courseThere = true;
    expect(await caught(stubClient.courses.update(id, { name: 'n' }))).toBeInstanceOf(OperationNotOfferedError);
    expect(await caught(stubClient.sections.create(id, { title: 't' }, { idempotencyKey: 'k' }))).toBeInstanceOf(
      OperationNotOfferedError,
    );
    courseThere = false;
    const gone = await caught(stubClient.courses.update(id, { name: 'n' }));
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(gone).not.toBeInstanceOf(UnsupportedOperationError);
  });

  it('section update/delete: not offered while the section is there, NotFound once it is gone', async () => {
    const [c, s] = [String(course.id), String(section.id)];
    sectionThere = true;
    expect(await caught(stubClient.sections.update(c, s, { title: 't' }))).toBeInstanceOf(OperationNotOfferedError);
    expect(await caught(stubClient.sections.delete(c, s))).toBeInstanceOf(OperationNotOfferedError);
    sectionThere = false;
    expect(await caught(stubClient.sections.update(c, s, { title: 't' }))).toBeInstanceOf(NotFoundError);
  });
});
