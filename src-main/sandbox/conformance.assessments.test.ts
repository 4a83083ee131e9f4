// Main process / tests. Black-box: assessments (retrieve, update, delete, list, create) with every limit
// of the reference at and past its edge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ref from './test-support/reference-schemas.ts';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;
let id: string;
let courseId: string;

beforeAll(async () => {
  client = await startClient();
  id = await firstId(client, '/assessments');
  courseId = await firstId(client, '/courses');
});
afterAll(() => client.sandbox.close());

const patch = (body: unknown) => client.patch(`/assessments/${id}`, body);
const fieldErrors = (reply: { json: { errors: unknown } }) => reply.json.errors;

describe('retrieve', () => {
  it('200 with the Assessment, every field present', async () => {
    const reply = await client.get(`/assessments/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/json/);
    const body = ref.conform(ref.envelope(ref.assessment), reply.json);
    expect(body).toMatchObject({ status: 200, success: true, code: 'SUCCESS', errors: [] });
    expect(body.data.course.id).toBe(body.data.course_id);
    expect(JSON.parse(body.data.questions)).toHaveLength(Number(body.data.questions_count));
  });
});

describe('update limits', () => {
  const ok: [string, unknown][] = [
    ['title of 1 character', { title: 'a' }],
    ['title of 255 characters', { title: 't'.repeat(255) }],
    ['title of 255 emoji (characters, not UTF-16 units)', { title: '🎓'.repeat(255) }],
    ['description of 1 character', { description: 'd' }],
    ['a long description', { description: 'd'.repeat(100_000) }],
    ['durations at 0', { duration_hours: 0, duration_minutes: 0 }],
    ['durations at 2147483647', { duration_hours: 2147483647, duration_minutes: 2147483647 }],
    ['every source', { source: 'AI_GENERATED' }],
    ['type PHYSICAL', { type: 'PHYSICAL' }],
    ['organization_strategy GROUP', { organization_strategy: 'GROUP' }],
    ['seat_layout U', { seat_layout: 'U' }],
    ['status ARCHIVED', { status: 'ARCHIVED' }],
    ['total_points with 8 digits and 2 decimals', { total_points: '12345678.99' }],
    ['negative total_points', { total_points: '-12.5' }],
    ['questions as a list of objects', { questions: [{ text: 'Why?', points: 2 }, { text: 'How?' }] }],
    ['an empty body', {}],
  ];
  it.each(ok)('%s → 200', async (_name, body) => {
    const reply = await patch(body);
    expect(reply.status).toBe(200);
    const data = ref.conform(ref.envelope(ref.assessment), reply.json).data;
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (key === 'questions') expect(JSON.parse(data.questions)).toEqual(value);
      else if (key !== 'total_points') expect(data[key as keyof typeof data]).toEqual(value);
    }
  });

  const bad: [string, unknown, string, string][] = [
    ['empty title', { title: '' }, 'title', 'min_length'],
    ['title of 256 characters', { title: 't'.repeat(256) }, 'title', 'max_length'],
    ['title of 256 emoji', { title: '🎓'.repeat(256) }, 'title', 'max_length'],
    ['title null', { title: null }, 'title', 'null'],
    ['title a number', { title: 5 }, 'title', 'invalid'],
    ['empty description', { description: '' }, 'description', 'min_length'],
    ['duration_hours -1', { duration_hours: -1 }, 'duration_hours', 'min_value'],
    ['duration_minutes 2147483648', { duration_minutes: 2147483648 }, 'duration_minutes', 'max_value'],
    ['duration_hours 1e300', { duration_hours: 1e300 }, 'duration_hours', 'max_value'],
    ['duration_hours 1.5', { duration_hours: 1.5 }, 'duration_hours', 'invalid'],
    ['duration_hours "5"', { duration_hours: '5' }, 'duration_hours', 'invalid'],
    ['duration_minutes null', { duration_minutes: null }, 'duration_minutes', 'null'],
    ['source lower case', { source: 'manual_creation' }, 'source', 'invalid_choice'],
    ['type HYBRID', { type: 'HYBRID' }, 'type', 'invalid_choice'],
    ['organization_strategy null', { organization_strategy: null }, 'organization_strategy', 'null'],
    ['seat_layout square', { seat_layout: 'SQUARE' }, 'seat_layout', 'invalid_choice'],
    ['status LIVE', { status: 'LIVE' }, 'status', 'invalid_choice'],
    ['total_points with 9 digits', { total_points: '123456789' }, 'total_points', 'invalid'],
    ['total_points with 3 decimals', { total_points: '1.234' }, 'total_points', 'invalid'],
    ['total_points text', { total_points: 'ten' }, 'total_points', 'invalid'],
    ['total_points a number', { total_points: 10 }, 'total_points', 'invalid'],
    ['questions not a list', { questions: 'q' }, 'questions', 'invalid'],
    ['a question that is not an object', { questions: [{}, 3] }, 'questions.1', 'invalid'],
    [
      'course_id (create-only field)',
      { course_id: '00000000-0000-4000-8000-000000000001' },
      'course_id',
      'unknown_field',
    ],
    ['an unknown field', { colour: 'red' }, 'colour', 'unknown_field'],
  ];
  it.each(bad)('%s → 422 %s %s', async (_name, body, field, code) => {
    const reply = await patch(body);
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({
      status: 422,
      success: false,
      code: 'VALIDATION_ERROR',
      message: 'Some fields contain invalid values.',
      data: null,
    });
    expect(fieldErrors(reply)).toEqual([{ field, code, message: expect.stringMatching(/\S/) }]);
  });

  it('a rejected update changes nothing', async () => {
    const before = (await client.get(`/assessments/${id}`)).json.data;
    await patch({ title: 'changed', status: 'LIVE' });
    expect((await client.get(`/assessments/${id}`)).json.data).toEqual(before);
  });

  it('updated_datetime moves forward on every update and the response equals a fresh read', async () => {
    let previous = (await client.get(`/assessments/${id}`)).json.data.updated_datetime as string;
    for (let round = 0; round < 5; round += 1) {
      const reply = await patch({ duration_minutes: round });
      expect(Date.parse(String(reply.json.data.updated_datetime))).toBeGreaterThan(Date.parse(previous));
      previous = reply.json.data.updated_datetime;
      expect((await client.get(`/assessments/${id}`)).json.data).toEqual(reply.json.data);
    }
  });

  it('total_points is rendered with two decimals', async () => {
    expect((await patch({ total_points: '+7.5' })).json.data.total_points).toBe('7.50');
    expect((await patch({ total_points: '.25' })).json.data.total_points).toBe('0.25');
  });
});

describe('create', () => {
  const valid = () => ({ course_id: courseId, title: 'Midterm', description: 'Covers sections 1 to 3.' });

  it('201 with the new Assessment; then listed and retrievable', async () => {
    const reply = await client.create('/assessments', {
      ...valid(),
      type: 'VIRTUAL',
      questions: [{ points: 2 }, { points: 3 }],
    });
    expect(reply.status).toBe(201);
    const body = ref.conform(ref.envelope(ref.assessment), reply.json);
    expect(body).toMatchObject({ status: 201, success: true, code: 'SUCCESS' });
    expect(body.data).toMatchObject({
      title: 'Midterm',
      status: 'DRAFT',
      course_id: courseId,
      questions_count: '2',
      total_points: '5.00',
    });
    expect((await client.get(`/assessments/${body.data.id}`)).json.data).toEqual(body.data);
    const listed = await client.get(`/assessments?search=Midterm`);
    expect((listed.json.data.results as { id: string }[]).map((a) => a.id)).toContain(body.data.id);
  });

  it('title, description and course_id are required', async () => {
    const reply = await client.create('/assessments', {});
    expect(reply.status).toBe(422);
    expect(fieldErrors(reply)).toEqual(
      expect.arrayContaining([
        { field: 'title', code: 'required', message: expect.any(String) },
        { field: 'description', code: 'required', message: expect.any(String) },
        { field: 'course_id', code: 'required', message: expect.any(String) },
      ]),
    );
  });

  it('course_id must be a UUID of an existing course', async () => {
    const notUuid = await client.create('/assessments', { ...valid(), course_id: 'abc' });
    expect(fieldErrors(notUuid)).toEqual([{ field: 'course_id', code: 'invalid', message: expect.any(String) }]);
    const unknown = await client.create('/assessments', {
      ...valid(),
      course_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(422);
    expect(fieldErrors(unknown)).toEqual([{ field: 'course_id', code: 'invalid', message: expect.any(String) }]);
  });

  it('the update limits apply to create as well', async () => {
    const reply = await client.create('/assessments', { ...valid(), title: 'x'.repeat(256), duration_hours: -1 });
    expect(fieldErrors(reply)).toEqual([
      { field: 'title', code: 'max_length', message: expect.any(String) },
      { field: 'duration_hours', code: 'min_value', message: expect.any(String) },
    ]);
  });

  it('without an Idempotency-Key → 422 on the header', async () => {
    const reply = await client.post('/assessments', valid());
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'VALIDATION_ERROR', data: null });
    expect(fieldErrors(reply)).toEqual([{ field: 'Idempotency-Key', code: 'required', message: expect.any(String) }]);
  });
});

describe('delete', () => {
  it('200 with data null; afterwards 404 everywhere', async () => {
    const created = await client.create('/assessments', { course_id: courseId, title: 'To delete', description: 'x' });
    const target = created.json.data.id as string;
    const reply = await client.del(`/assessments/${target}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({
      status: 200,
      success: true,
      code: 'SUCCESS',
      message: expect.any(String),
      data: null,
      errors: [],
    });
    expect((await client.get(`/assessments/${target}`)).json).toEqual(expectedError(404, MESSAGES[404]));
    expect((await client.del(`/assessments/${target}`)).status).toBe(404);
    expect((await client.patch(`/assessments/${target}`, { title: 'x' })).status).toBe(404);
  });
});
