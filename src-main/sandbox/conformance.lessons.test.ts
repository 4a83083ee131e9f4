// Main process / tests. Black-box: lessons (retrieve, create, update, delete) including the upload flow
// rule (only a COMPLETED upload may be referenced by video_upload_id), and assignment create.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as ref from './test-support/reference-schemas.ts';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';
import { bytesOf, createSession, download, sha256, uploadBytes } from './test-support/uploads.ts';

let client: Client;
let courseId: string;
let sectionId: string;
let lessons: string;

beforeAll(async () => {
  client = await startClient({ partSize: 16 * 1024, processingMs: 300 });
  courseId = await firstId(client, '/courses');
  sectionId = await firstId(client, `/courses/${courseId}/sections`);
  lessons = `/courses/${courseId}/sections/${sectionId}/lessons`;
});
afterAll(() => client.sandbox.close());

const sectionLessons = async () =>
  (await client.get(`/courses/${courseId}/sections/${sectionId}`)).json.data.lessons as {
    id: string;
    order: number;
    title: string;
  }[];

describe('lesson create', () => {
  it('201 with a conforming Lesson (and its quiz), appended at the end of the section', async () => {
    const before = await sectionLessons();
    const reply = await client.create(lessons, {
      title: 'Appended',
      description: 'New at the end',
      lesson_type: 'TEXT',
    });
    expect(reply.status).toBe(201);
    const lesson = ref.conform(ref.envelope(ref.lesson), reply.json).data;
    expect(lesson).toMatchObject({ title: 'Appended', lesson_type: 'TEXT', video_status: '', video_url: '' });
    expect(lesson.order).toBe(Math.max(...before.map((item) => item.order)) + 1);
    expect((await sectionLessons()).at(-1)?.id).toBe(lesson.id);
    expect((await client.get(`${lessons}/${lesson.id}`)).json.data).toEqual(lesson);
    const quizzes = await client.get(`/quizzes?search=Appended`);
    expect((quizzes.json.data.results as { lesson_id: string }[]).map((quiz) => quiz.lesson_id)).toContain(lesson.id);
  });

  it('an explicit order makes room: later lessons move down one place', async () => {
    const reply = await client.create(lessons, { title: 'First now', order: 1 });
    expect(reply.status).toBe(201);
    const after = await sectionLessons();
    expect(after[0]?.id).toBe(reply.json.data.id);
    expect(new Set(after.map((item) => item.order)).size).toBe(after.length);
  });

  it('defaults: lesson_type VIDEO (waiting for its video), empty description', async () => {
    const reply = await client.create(lessons, { title: 'Video to come' });
    expect(reply.json.data).toMatchObject({
      lesson_type: 'VIDEO',
      description: '',
      video_status: 'PENDING',
      video_ready: 'false',
      content_media: [],
    });
  });

  it.each([
    ['no title', {}, 'title', 'required'],
    ['empty title', { title: '' }, 'title', 'min_length'],
    ['title of 256 characters', { title: 'x'.repeat(256) }, 'title', 'max_length'],
    ['unknown lesson_type', { title: 'x', lesson_type: 'PODCAST' }, 'lesson_type', 'invalid_choice'],
    ['negative order', { title: 'x', order: -1 }, 'order', 'min_value'],
    ['video_upload_id not a uuid', { title: 'x', video_upload_id: 'abc' }, 'video_upload_id', 'invalid'],
    [
      'video_upload_id of no upload',
      { title: 'x', video_upload_id: '00000000-0000-4000-8000-000000000000' },
      'video_upload_id',
      'invalid',
    ],
    ['an unknown field', { title: 'x', video_url: 'nope' }, 'video_url', 'unknown_field'],
  ])('%s → 422 %s %s', async (_name, body, field, code) => {
    const reply = await client.create(lessons, body);
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual([{ field, code, message: expect.any(String) }]);
  });

  it('title of 255 characters is accepted', async () => {
    expect((await client.create(lessons, { title: 'x'.repeat(255) })).status).toBe(201);
  });

  it('an upload that is not completed cannot be referenced (422 on video_upload_id)', async () => {
    const session = await createSession(client, 1000);
    const reply = await client.create(lessons, { title: 'Too early', video_upload_id: session.id });
    expect(reply.status).toBe(422);
    expect(reply.json).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(reply.json.errors).toEqual([
      { field: 'video_upload_id', code: 'invalid', message: expect.stringMatching(/complete/) },
    ]);
  });

  it('a completed upload becomes the lesson video: PROCESSING, then READY with its duration, streamed byte for byte', async () => {
    // A real 3 s H.264 MP4, stored in three parts: the prober reads across them.
    const bytes = readFileSync(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url));
    const { session } = await uploadBytes(client, bytes, { fileName: 'intro.mp4' });
    const reply = await client.create(lessons, {
      title: 'With video',
      lesson_type: 'VIDEO',
      video_upload_id: session.id,
    });
    expect(reply.status).toBe(201);
    const lesson = ref.conform(ref.envelope(ref.lesson), reply.json).data;
    expect(lesson).toMatchObject({ video_status: 'PROCESSING', video_ready: 'false', video_url: '', video_error: '' });
    expect(lesson.content_media).toEqual([
      expect.objectContaining({
        id: session.id,
        media_type: 'VIDEO',
        file_name: 'intro.mp4',
        video_status: 'PROCESSING',
      }),
    ]);
    const ready = await vi.waitFor(
      async () => {
        const data = ref.conform(ref.envelope(ref.lesson), (await client.get(`${lessons}/${lesson.id}`)).json).data;
        expect(data.video_status).toBe('READY');
        return data;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(ready).toMatchObject({ video_ready: 'true', duration_seconds: 3, video_error: '' });
    expect(ready.content_media[0]).toMatchObject({ video_status: 'READY', video_ready: 'true', duration_seconds: 3 });
    const video = await download(ready.video_url);
    expect(video.status).toBe(200);
    expect(sha256(video.bytes)).toBe(sha256(bytes));
  });

  it('bytes the prober cannot read as video end FAILED with the reason', async () => {
    const { session } = await uploadBytes(client, bytesOf(40 * 1024 + 5, 11), { fileName: 'noise.mp4' });
    const reply = await client.create(lessons, { title: 'Noise', video_upload_id: session.id });
    expect(reply.json.data).toMatchObject({ video_status: 'PROCESSING', video_ready: 'false' });
    const failed = await vi.waitFor(
      async () => {
        const data = (await client.get(`${lessons}/${String(reply.json.data.id)}`)).json.data as Record<
          string,
          unknown
        >;
        expect(data.video_status).toBe('FAILED');
        return data;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(failed).toMatchObject({ video_ready: 'false', video_url: '', duration_seconds: 0 });
    expect(failed.video_error).toMatch(/noise\.mp4/);
  });

  it('404 when the section is not in the course', async () => {
    const other = (await client.get('/courses')).json.data.results[1].id as string;
    const reply = await client.create(`/courses/${other}/sections/${sectionId}/lessons`, { title: 'x' });
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });
});

describe('lesson update and delete', () => {
  it('PATCH changes the given fields, moves updated_datetime, and can swap or remove the video', async () => {
    const created = (await client.create(lessons, { title: 'Editable' })).json.data;
    const { session } = await uploadBytes(client, bytesOf(1000, 3));
    const withVideo = await client.patch(`${lessons}/${created.id}`, { title: 'Edited', video_upload_id: session.id });
    expect(withVideo.status).toBe(200);
    const data = ref.conform(ref.envelope(ref.lesson), withVideo.json).data;
    expect(data).toMatchObject({ id: created.id, title: 'Edited', video_status: 'PROCESSING', video_ready: 'false' });
    expect(Date.parse(data.updated_datetime)).toBeGreaterThan(Date.parse(String(created.updated_datetime)));
    const cleared = await client.patch(`${lessons}/${created.id}`, { video_upload_id: null });
    expect(cleared.json.data).toMatchObject({ video_url: '', content_media: [] });
    const bad = await client.patch(`${lessons}/${created.id}`, { title: '' });
    expect(bad.json.errors).toEqual([{ field: 'title', code: 'min_length', message: expect.any(String) }]);
  });

  it('PATCH order moves the lesson', async () => {
    const created = (await client.create(lessons, { title: 'Mover' })).json.data;
    await client.patch(`${lessons}/${created.id}`, { order: 2 });
    const after = await sectionLessons();
    expect(after[1]?.id).toBe(created.id);
  });

  it('order is a 1-based position: moving down or up keeps the others in step, numbered 1..n', async () => {
    const first = (await sectionLessons())[0]!;
    const count = (await sectionLessons()).length;
    await client.patch(`${lessons}/${first.id}`, { order: 3 });
    let after = await sectionLessons();
    expect(after[2]?.id).toBe(first.id);
    expect(after.map((item) => item.order)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    await client.patch(`${lessons}/${first.id}`, { order: 1 });
    after = await sectionLessons();
    expect(after[0]?.id).toBe(first.id);
    expect(after.map((item) => item.order)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('text_content is stored on create and changed on update', async () => {
    const created = (
      await client.create(lessons, { title: 'Reading', lesson_type: 'TEXT', text_content: 'Line 1\nLine 2' })
    ).json.data;
    expect(created.text_content).toBe('Line 1\nLine 2');
    const patched = (await client.patch(`${lessons}/${created.id}`, { text_content: 'Changed' })).json.data;
    expect(patched).toMatchObject({ text_content: 'Changed', title: 'Reading' });
  });

  it('DELETE → 200 data null; the lesson and its quiz are gone', async () => {
    const created = (await client.create(lessons, { title: 'Short-lived lesson' })).json.data;
    const reply = await client.del(`${lessons}/${created.id}`);
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ success: true, data: null, errors: [] });
    expect((await client.get(`${lessons}/${created.id}`)).status).toBe(404);
    expect((await client.del(`${lessons}/${created.id}`)).status).toBe(404);
    expect((await client.get('/quizzes?search=Short-lived')).json.data.paginator.count).toBe(0);
  });
});

describe('assignment create', () => {
  const valid = {
    title: 'Essay',
    description: 'Five paragraphs.',
    duration_hours: 1,
    duration_minutes: 30,
    status: 'PUBLISHED',
    questions: [{ points: 4 }],
  };

  it('201 with a conforming Assignment', async () => {
    const reply = await client.create('/assignments', valid);
    expect(reply.status).toBe(201);
    const data = ref.conform(ref.envelope(ref.assignment), reply.json).data;
    expect(data).toMatchObject({
      title: 'Essay',
      status: 'PUBLISHED',
      questions_count: '1',
      total_points: '4.00',
      duration_minutes: 30,
    });
    expect(data.course.id).toBe(data.course_id);
    expect(data.learning_class.id).toBe(data.class_id);
  });

  it('course_id, class_id and submission_date can be given', async () => {
    const reply = await client.create('/assignments', { ...valid, course_id: courseId, submission_date: '2027-02-28' });
    expect(reply.json.data).toMatchObject({ course_id: courseId, submission_date: '2027-02-28' });
    const bad = await client.create('/assignments', { ...valid, class_id: courseId, submission_date: '2027-02-30' });
    expect(bad.json.errors).toEqual([{ field: 'submission_date', code: 'invalid', message: expect.any(String) }]);
  });

  it.each([
    ['missing title and description', {}, ['title', 'description'], 'required'],
    ['title of 256 characters', { ...valid, title: 'x'.repeat(256) }, ['title'], 'max_length'],
    ['empty description', { ...valid, description: '' }, ['description'], 'min_length'],
    ['duration_hours 2147483648', { ...valid, duration_hours: 2147483648 }, ['duration_hours'], 'max_value'],
    ['duration_minutes -1', { ...valid, duration_minutes: -1 }, ['duration_minutes'], 'min_value'],
    ['status lower case', { ...valid, status: 'draft' }, ['status'], 'invalid_choice'],
    ['total_points over 8 digits', { ...valid, total_points: '100000000' }, ['total_points'], 'invalid'],
    ['an unknown field', { ...valid, rubric: {} }, ['rubric'], 'unknown_field'],
  ])('%s → 422', async (_name, body, fields, code) => {
    const reply = await client.create('/assignments', body);
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual(fields.map((field) => ({ field, code, message: expect.any(String) })));
  });

  it('edges that pass: title 255, durations 0 and 2147483647, total_points 12345678.99', async () => {
    const reply = await client.create('/assignments', {
      ...valid,
      title: 'x'.repeat(255),
      duration_hours: 0,
      duration_minutes: 2147483647,
      total_points: '12345678.99',
    });
    expect(reply.status).toBe(201);
    expect(reply.json.data.total_points).toBe('12345678.99');
  });
});
