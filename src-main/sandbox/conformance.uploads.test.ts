// Main process / tests. Black-box: upload sessions — create, retrieve, sign parts, PUT to storage, list
// parts, complete (with every validation), abort — and the assembled file streamed back byte for byte.
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ref from './test-support/reference-schemas.ts';
import { expectedError, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';
import {
  bytesOf,
  createSession,
  download,
  md5,
  putPart,
  sha256,
  signParts,
  uploadBytes,
} from './test-support/uploads.ts';

const PART = 64 * 1024;
let client: Client;

beforeAll(async () => {
  client = await startClient({ partSize: PART, seed: 'empty' });
});
afterAll(() => client.sandbox.close());

const video = (fileSize: unknown, extra: Record<string, unknown> = {}) => ({
  upload_type: 'VIDEO',
  file_name: 'clip.mp4',
  content_type: 'video/mp4',
  file_size: fileSize,
  ...extra,
});

describe('create and retrieve', () => {
  it('201 with an INITIATED session: server-chosen part size, total_parts = ceil(size / part size)', async () => {
    const reply = await client.create('/uploads', video(3 * PART + 5));
    expect(reply.status).toBe(201);
    const session = ref.conform(ref.envelope(ref.uploadSession), reply.json).data;
    expect(session).toMatchObject({
      status: 'INITIATED',
      part_size: PART,
      total_parts: 4,
      is_multipart: 'true',
      asset_url: '',
      file_size: 3 * PART + 5,
    });
    const expiresIn = Date.parse(session.expires_datetime) - Date.parse(session.created_datetime);
    expect(expiresIn).toBe(24 * 3600 * 1000);
    const again = await client.get(`/uploads/${session.id}`);
    expect(ref.conform(ref.envelope(ref.uploadSession), again.json).data).toEqual(session);
  });

  it('a file that fits one part is not multipart', async () => {
    const reply = await client.create('/uploads', video(PART));
    expect(reply.json.data).toMatchObject({ total_parts: 1, is_multipart: 'false' });
  });

  it('a huge file gets bigger parts so that it needs at most 10,000', async () => {
    const size = 50 * 1024 ** 3;
    const session = (await client.create('/uploads', video(size))).json.data;
    expect(session.total_parts).toBeLessThanOrEqual(10_000);
    expect(session.part_size * session.total_parts).toBeGreaterThanOrEqual(size);
  });

  it.each([
    ['file_size 0', video(0), 'file_size', 'min_value'],
    ['file_size over 5 TiB', video(5 * 1024 ** 4 + 1), 'file_size', 'max_value'],
    ['file_size 1.5', video(1.5), 'file_size', 'invalid'],
    ['file_size missing', { upload_type: 'VIDEO', file_name: 'a', content_type: 'video/mp4' }, 'file_size', 'required'],
    ['upload_type AUDIO', video(1, { upload_type: 'AUDIO' }), 'upload_type', 'invalid_choice'],
    ['empty file_name', video(1, { file_name: '' }), 'file_name', 'min_length'],
    ['file_name of 256 characters', video(1, { file_name: `${'f'.repeat(252)}.mp4` }), 'file_name', 'max_length'],
    ['content_type without a subtype', video(1, { content_type: 'video' }), 'content_type', 'invalid'],
    ['an unknown field', video(1, { checksum: 'abc' }), 'checksum', 'unknown_field'],
  ])('%s → 422 %s %s', async (_name, body, field, code) => {
    const reply = await client.create('/uploads', body);
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual([{ field, code, message: expect.any(String) }]);
  });
});

describe('sign parts', () => {
  it('returns a presigned URL per requested part (duplicates once)', async () => {
    const session = await createSession(client, 3 * PART);
    const reply = await client.post(`/uploads/${session.id}/sign-parts`, { part_numbers: [3, 1, 3] });
    expect(reply.status).toBe(200);
    const data = ref.conform(ref.envelope(ref.strictPresigned), reply.json).data;
    expect(data.presigned_urls.map((item) => item.part_number)).toEqual([3, 1]);
    for (const item of data.presigned_urls) expect(new URL(item.url).origin).toBe(client.sandbox.baseUrl);
  });

  it.each([
    ['no part_numbers', {}, 'part_numbers', 'required'],
    ['an empty list', { part_numbers: [] }, 'part_numbers', 'min_length'],
    ['part 0', { part_numbers: [1, 0] }, 'part_numbers.1', 'min_value'],
    ['part -3', { part_numbers: [-3] }, 'part_numbers.0', 'min_value'],
    ['part 1.5', { part_numbers: [1.5] }, 'part_numbers.0', 'invalid'],
    ['part "1"', { part_numbers: ['1'] }, 'part_numbers.0', 'invalid'],
    ['a part past total_parts', { part_numbers: [1, 4] }, 'part_numbers.1', 'max_value'],
    ['an unknown field', { part_numbers: [1], ttl: 5 }, 'ttl', 'unknown_field'],
  ])('%s → 422 %s %s', async (_name, body, field, code) => {
    const session = await createSession(client, 3 * PART);
    const reply = await client.post(`/uploads/${session.id}/sign-parts`, body);
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual([{ field, code, message: expect.any(String) }]);
  });

  it('404 for an unknown session', async () => {
    const reply = await client.post('/uploads/00000000-0000-4000-8000-000000000000/sign-parts', { part_numbers: [1] });
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });
});

describe('the whole flow', () => {
  it('parts PUT out of order and concurrently assemble into the exact file', async () => {
    const bytes = bytesOf(5 * PART + 1234, 42);
    const session = await createSession(client, bytes.length);
    const numbers = [6, 2, 4, 1, 5, 3];
    const urls = await signParts(client, session.id, numbers);
    const results = await Promise.all(
      numbers.map(async (part) => {
        const slice = bytes.subarray((part - 1) * PART, part * PART);
        const put = await putPart(urls.get(part) ?? '', slice);
        expect(put.status).toBe(200);
        expect(put.etag).toBe(`"${md5(slice)}"`);
        return { part_number: part, etag: put.etag ?? '' };
      }),
    );
    const listed = await client.get(`/uploads/${session.id}/parts`);
    const parts = ref.conform(ref.envelope(ref.strictPartList), listed.json).data.parts;
    expect(parts.map((part) => part.part_number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parts.at(-1)?.size).toBe(1234);
    const ordered = results.sort((a, b) => a.part_number - b.part_number);
    const completed = await client.post(`/uploads/${session.id}/complete`, { parts: ordered });
    expect(completed.status).toBe(200);
    const done = ref.conform(ref.envelope(ref.uploadSession), completed.json).data;
    expect(done.status).toBe('COMPLETED');
    expect(Date.parse(done.completed_datetime)).toBeGreaterThanOrEqual(Date.parse(done.created_datetime));
    expect(Number(done.asset_url_expires_in)).toBe(900);
    const file = await download(done.asset_url);
    expect(file.status).toBe(200);
    expect(file.headers['content-length']).toBe(String(bytes.length));
    expect(sha256(file.bytes)).toBe(sha256(bytes));
  });

  it('a part PUT again replaces the earlier bytes', async () => {
    const bytes = bytesOf(PART + 10, 5);
    const session = await createSession(client, bytes.length);
    const urls = await signParts(client, session.id, [1, 2]);
    const wrong = await putPart(urls.get(1) ?? '', bytesOf(PART, 99));
    const right = await putPart(urls.get(1) ?? '', bytes.subarray(0, PART));
    const last = await putPart(urls.get(2) ?? '', bytes.subarray(PART));
    expect(wrong.etag).not.toBe(right.etag);
    const listed = (await client.get(`/uploads/${session.id}/parts`)).json.data.parts;
    expect(listed[0].etag).toBe(right.etag);
    const stale = await client.post(`/uploads/${session.id}/complete`, {
      parts: [
        { part_number: 1, etag: wrong.etag },
        { part_number: 2, etag: last.etag },
      ],
    });
    expect(stale.json.errors).toEqual([{ field: 'parts.0.etag', code: 'invalid', message: expect.any(String) }]);
    const done = await client.post(`/uploads/${session.id}/complete`, {
      parts: [
        { part_number: 1, etag: right.etag },
        { part_number: 2, etag: last.etag },
      ],
    });
    expect(done.status).toBe(200);
    expect(sha256((await download(String(done.json.data.asset_url))).bytes)).toBe(sha256(bytes));
  });

  it('completing again with the same parts is a 200; with other parts a 422; then the session is closed', async () => {
    const bytes = bytesOf(PART * 2, 8);
    const { session, parts } = await uploadBytes(client, bytes);
    const again = await client.post(`/uploads/${session.id}/complete`, { parts });
    expect(again.status).toBe(200);
    expect(again.json.data.id).toBe(session.id);
    const unquoted = parts.map((part) => ({ ...part, etag: part.etag.replaceAll('"', '') }));
    expect((await client.post(`/uploads/${session.id}/complete`, { parts: unquoted })).status).toBe(200);
    const other = await client.post(`/uploads/${session.id}/complete`, { parts: parts.slice(0, 1) });
    expect(other.status).toBe(422);
    expect((await client.post(`/uploads/${session.id}/sign-parts`, { part_numbers: [1] })).json).toEqual(
      expectedError(422, MESSAGES[422]),
    );
    expect((await client.del(`/uploads/${session.id}`)).status).toBe(422);
  });

  it('range requests and HEAD on the asset', async () => {
    const bytes = bytesOf(3 * PART, 11);
    const { session } = await uploadBytes(client, bytes);
    const middle = await download(session.asset_url, { range: `bytes=${PART - 10}-${PART + 9}` });
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes ${PART - 10}-${PART + 9}/${3 * PART}`);
    expect(middle.bytes.equals(bytes.subarray(PART - 10, PART + 10))).toBe(true);
    const tail = await download(session.asset_url, { range: 'bytes=-5' });
    expect(tail.bytes.equals(bytes.subarray(-5))).toBe(true);
    expect((await download(session.asset_url, { range: `bytes=${3 * PART}-` })).status).toBe(416);
    const head = await request(session.asset_url, { method: 'HEAD' });
    await head.body.dump();
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(3 * PART));
    expect(head.headers['accept-ranges']).toBe('bytes');
  });
});

describe('complete validation', () => {
  async function prepared() {
    const bytes = bytesOf(3 * PART - 7, 21);
    const session = await createSession(client, bytes.length);
    const urls = await signParts(client, session.id, [1, 2, 3]);
    const etags: string[] = [];
    for (const part of [1, 2, 3]) {
      etags.push((await putPart(urls.get(part) ?? '', bytes.subarray((part - 1) * PART, part * PART))).etag ?? '');
    }
    return { session, urls, etags, parts: etags.map((etag, index) => ({ part_number: index + 1, etag })) };
  }

  it.each([
    ['parts missing', () => ({}), 'parts', 'required'],
    ['a part left out', (p: { part_number: number; etag: string }[]) => ({ parts: [p[0], p[2]] }), 'parts', 'invalid'],
    [
      'parts out of order',
      (p: { part_number: number; etag: string }[]) => ({ parts: [p[1], p[0], p[2]] }),
      'parts.1.part_number',
      'invalid',
    ],
    [
      'a part twice',
      (p: { part_number: number; etag: string }[]) => ({ parts: [p[0], p[0], p[1], p[2]] }),
      'parts.1.part_number',
      'invalid',
    ],
    [
      'a wrong ETag',
      (p: { part_number: number; etag: string }[]) => ({ parts: [p[0], { ...p[1], etag: '"00"' }, p[2]] }),
      'parts.1.etag',
      'invalid',
    ],
    [
      'a part past total_parts',
      (p: { part_number: number; etag: string }[]) => ({ parts: [...p, { part_number: 4, etag: 'x' }] }),
      'parts.3.part_number',
      'max_value',
    ],
    [
      'part_number 0',
      (p: { part_number: number; etag: string }[]) => ({ parts: [{ ...p[0], part_number: 0 }] }),
      'parts.0.part_number',
      'min_value',
    ],
    [
      'an empty ETag',
      (p: { part_number: number; etag: string }[]) => ({ parts: [{ ...p[0], etag: '' }] }),
      'parts.0.etag',
      'min_length',
    ],
    [
      'an unknown field in a part',
      (p: { part_number: number; etag: string }[]) => ({ parts: [{ ...p[0], size: 1 }] }),
      'parts.0.size',
      'unknown_field',
    ],
  ])('%s → 422 %s', async (_name, body, field, code) => {
    const { session, parts } = await prepared();
    const reply = await client.post(`/uploads/${session.id}/complete`, body(parts));
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'VALIDATION_ERROR', data: null });
    expect(reply.json.errors).toEqual([{ field, code, message: expect.any(String) }]);
  });

  it('a part that was never uploaded', async () => {
    const session = await createSession(client, 2 * PART);
    const urls = await signParts(client, session.id, [1]);
    const put = await putPart(urls.get(1) ?? '', bytesOf(PART));
    const reply = await client.post(`/uploads/${session.id}/complete`, {
      parts: [
        { part_number: 1, etag: put.etag },
        { part_number: 2, etag: '"ab"' },
      ],
    });
    expect(reply.json.errors).toEqual([
      { field: 'parts.1.part_number', code: 'invalid', message: expect.stringMatching(/not been uploaded/) },
    ]);
  });

  it('a part other than the last that is not exactly part_size', async () => {
    const { session, urls, parts } = await prepared();
    const short = await putPart(urls.get(2) ?? '', bytesOf(PART - 1));
    const reply = await client.post(`/uploads/${session.id}/complete`, {
      parts: [parts[0], { part_number: 2, etag: short.etag }, parts[2]],
    });
    expect(reply.json.errors).toEqual([{ field: 'parts.1', code: 'invalid', message: expect.stringMatching(/bytes/) }]);
  });

  it('a last part of the wrong size (total differs from file_size)', async () => {
    const { session, urls, parts } = await prepared();
    const long = await putPart(urls.get(3) ?? '', bytesOf(PART));
    const reply = await client.post(`/uploads/${session.id}/complete`, {
      parts: [parts[0], parts[1], { part_number: 3, etag: long.etag }],
    });
    expect(reply.json.errors).toEqual([{ field: 'parts', code: 'invalid', message: expect.any(String) }]);
  });

  it('a part larger than part_size is refused by storage', async () => {
    const { urls } = await prepared();
    const put = await putPart(urls.get(1) ?? '', bytesOf(PART + 1)).catch(() => ({
      status: 400,
      etag: undefined,
      text: '',
    }));
    expect(put.status).toBe(400);
  });
});

describe('abort', () => {
  it('DELETE → 200 data null; the session shows ABORTED and refuses everything else', async () => {
    const session = await createSession(client, 2 * PART);
    const urls = await signParts(client, session.id, [1, 2]);
    await putPart(urls.get(1) ?? '', bytesOf(PART));
    const reply = await client.del(`/uploads/${session.id}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ success: true, data: null, errors: [] });
    expect((await client.get(`/uploads/${session.id}`)).json.data.status).toBe('ABORTED');
    expect((await client.get(`/uploads/${session.id}/parts`)).json.data.parts).toEqual([]);
    expect((await client.post(`/uploads/${session.id}/sign-parts`, { part_numbers: [1] })).status).toBe(422);
    expect((await client.post(`/uploads/${session.id}/complete`, { parts: [] })).status).toBe(422);
    const put = await putPart(urls.get(2) ?? '', bytesOf(PART));
    expect(put.status).toBe(404);
    expect(put.text).toContain('NoSuchUpload');
    expect((await client.del(`/uploads/${session.id}`)).status).toBe(200);
  });
});
