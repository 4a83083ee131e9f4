// Main process / tests. Black-box: creates with Idempotency-Key as ASSUMPTIONS.md fixes them (Stripe-like):
// replay within 24 h, 409 for another body, 409 while the first request is still running.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;
let courseId: string;
let sectionId: string;

beforeAll(async () => {
  client = await startClient();
  courseId = await firstId(client, '/courses');
  sectionId = await firstId(client, `/courses/${courseId}/sections`);
});
afterAll(() => client.sandbox.close());

const assessment = (title: string) => ({ course_id: courseId, title, description: 'Idempotency test' });
const countOf = async (path: string) => (await client.get(path)).json.data.paginator.count as number;

describe('replay', () => {
  it('the same key and body replays the first response: same status, same id, one resource', async () => {
    const key = randomUUID();
    const title = `Replay ${key}`;
    const first = await client.post('/assessments', assessment(title), { idem: key });
    const second = await client.post('/assessments', assessment(title), { idem: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json.data.id).toBe(first.json.data.id);
    expect(second.json).toEqual(first.json);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countOf(`/assessments?search=${encodeURIComponent(key)}`)).toBe(1);
  });

  it('key order in the JSON body does not matter', async () => {
    const key = randomUUID();
    const first = await client.post('/assignments', { title: 'Ordered', description: 'a' }, { idem: key });
    const second = await client.post('/assignments', { description: 'a', title: 'Ordered' }, { idem: key });
    expect(second.status).toBe(201);
    expect(second.json.data.id).toBe(first.json.data.id);
  });

  it('works for every create: lessons and upload sessions too', async () => {
    const lessonKey = randomUUID();
    const path = `/courses/${courseId}/sections/${sectionId}/lessons`;
    const a = await client.post(path, { title: 'Once' }, { idem: lessonKey });
    const b = await client.post(path, { title: 'Once' }, { idem: lessonKey });
    expect(b.json.data.id).toBe(a.json.data.id);
    const uploadKey = randomUUID();
    const body = { upload_type: 'VIDEO', file_name: 'x.mp4', content_type: 'video/mp4', file_size: 99 };
    const c = await client.post('/uploads', body, { idem: uploadKey });
    const d = await client.post('/uploads', body, { idem: uploadKey });
    expect(c.status).toBe(201);
    expect(d.json.data.id).toBe(c.json.data.id);
  });

  it('keys are per API key: the same key under another API key is a new request', async () => {
    const key = randomUUID();
    const body = { upload_type: 'VIDEO', file_name: 'y.mp4', content_type: 'video/mp4', file_size: 9 };
    const tenant = await client.post('/uploads', body, { idem: key });
    const provider = await client.post('/uploads', body, { idem: key, key: client.sandbox.keys.serviceProvider });
    expect(provider.status).toBe(201);
    expect(provider.json.data.id).not.toBe(tenant.json.data.id);
  });
});

describe('conflict', () => {
  it('the same key with another body → 409', async () => {
    const key = randomUUID();
    expect((await client.post('/assessments', assessment('One'), { idem: key })).status).toBe(201);
    const reply = await client.post('/assessments', assessment('Two'), { idem: key });
    expect(reply.status).toBe(409);
    expect(reply.json).toEqual(expectedError(409, MESSAGES[409]));
  });

  it('the same key on another endpoint → 409', async () => {
    const key = randomUUID();
    expect((await client.post('/assignments', { title: 'A', description: 'b' }, { idem: key })).status).toBe(201);
    const reply = await client.post(
      `/courses/${courseId}/sections/${sectionId}/lessons`,
      { title: 'A' },
      { idem: key },
    );
    expect(reply.status).toBe(409);
  });

  it('a request still in progress → 409 for the second; the first then replays', async () => {
    const slow = await startClient({ latencyMs: 400 });
    try {
      const course = await firstId(slow, '/courses');
      const key = randomUUID();
      const body = { course_id: course, title: 'Concurrent', description: 'x' };
      const firstPromise = slow.post('/assessments', body, { idem: key });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await slow.post('/assessments', body, { idem: key });
      const first = await firstPromise;
      expect(second.status).toBe(409);
      expect(second.json).toEqual(expectedError(409, MESSAGES[409]));
      expect(first.status).toBe(201);
      const third = await slow.post('/assessments', body, { idem: key });
      expect(third.status).toBe(201);
      expect(third.json.data.id).toBe(first.json.data.id);
    } finally {
      await slow.sandbox.close();
    }
  });
});

describe('the key itself', () => {
  it.each(['/assessments', '/assignments', '/uploads'])('missing on POST %s → 422 on Idempotency-Key', async (path) => {
    const reply = await client.post(path, {});
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Some fields contain invalid values.',
      data: null,
    });
    expect(reply.json.errors).toEqual([{ field: 'Idempotency-Key', code: 'required', message: expect.any(String) }]);
  });

  it('missing on a lesson create → 422 on Idempotency-Key', async () => {
    const reply = await client.post(`/courses/${courseId}/sections/${sectionId}/lessons`, { title: 'x' });
    expect(reply.json.errors).toEqual([{ field: 'Idempotency-Key', code: 'required', message: expect.any(String) }]);
  });

  it('255 characters is fine; 256 is a 422 max_length', async () => {
    const ok = await client.post('/assignments', { title: 'Long key', description: 'x' }, { idem: 'k'.repeat(255) });
    expect(ok.status).toBe(201);
    const tooLong = await client.post(
      '/assignments',
      { title: 'Long key', description: 'x' },
      { idem: 'k'.repeat(256) },
    );
    expect(tooLong.json.errors).toEqual([
      { field: 'Idempotency-Key', code: 'max_length', message: expect.any(String) },
    ]);
  });

  it('a create that failed validation is not remembered: the key can be used with a corrected body', async () => {
    const key = randomUUID();
    expect(
      (await client.post('/assessments', { course_id: courseId, title: '', description: 'x' }, { idem: key })).status,
    ).toBe(422);
    const fixed = await client.post('/assessments', assessment('Fixed'), { idem: key });
    expect(fixed.status).toBe(201);
    expect((await client.post('/assessments', assessment('Fixed'), { idem: key })).json.data.id).toBe(
      fixed.json.data.id,
    );
  });

  it('non-create POSTs do not need a key', async () => {
    const session = await client.create('/uploads', {
      upload_type: 'VIDEO',
      file_name: 'z.mp4',
      content_type: 'video/mp4',
      file_size: 3,
    });
    expect((await client.post(`/uploads/${session.json.data.id}/sign-parts`, { part_numbers: [1] })).status).toBe(200);
  });
});
