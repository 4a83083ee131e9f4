// Main process / tests. Black-box: categories, courses, sections, lessons and quizzes have every field
// of the reference (strict schemas), and the demo seed is the believable workspace it promises.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as ref from './test-support/reference-schemas.ts';
import { expectedError, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';

let client: Client;

beforeAll(async () => {
  client = await startClient();
});
afterAll(() => client.sandbox.close());

async function all<T>(path: string, key?: string): Promise<T[]> {
  const results: T[] = [];
  let next: string | null =
    `${client.sandbox.baseUrl}/v1/external/learning${path}${path.includes('?') ? '&' : '?'}page_size=100`;
  while (next !== null) {
    const reply = await client.get(next, { key });
    expect(reply.status).toBe(200);
    results.push(...(reply.json.data.results as T[]));
    next = reply.json.data.paginator.next;
  }
  return results;
}

describe('shapes', () => {
  it('categories list is a page object of Category', async () => {
    const reply = await client.get('/categories');
    expect(reply.status).toBe(200);
    const body = ref.conform(ref.envelope(ref.page(ref.category)), reply.json);
    expect(body).toMatchObject({ status: 200, success: true, code: 'SUCCESS', errors: [] });
    expect(body.data.results.length).toBeGreaterThanOrEqual(5);
  });

  it('every course conforms, list and retrieve alike', async () => {
    const courses = await all<{ id: string }>('/courses');
    for (const course of courses) ref.conform(ref.course, course);
    const first = courses[0];
    if (first === undefined) throw new Error('no courses');
    const reply = await client.get(`/courses/${first.id}`);
    expect(ref.conform(ref.envelope(ref.course), reply.json).data).toEqual(first);
  });

  it('every section (with its lessons and their quizzes) conforms, list and retrieve alike', async () => {
    for (const course of await all<{ id: string }>('/courses')) {
      const sections = await all<{ id: string; order: number; lessons: { order: number }[] }>(
        `/courses/${course.id}/sections`,
      );
      for (const section of sections) ref.conform(ref.section, section);
      const orders = sections.map((section) => section.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const section of sections) {
        const lessonOrders = section.lessons.map((lesson) => lesson.order);
        expect(lessonOrders).toEqual([...lessonOrders].sort((a, b) => a - b));
      }
      const first = sections[0];
      if (first !== undefined) {
        const reply = await client.get(`/courses/${course.id}/sections/${first.id}`);
        ref.conform(ref.envelope(ref.section), reply.json);
      }
    }
  });

  it('lesson retrieve conforms; a video lesson points at a streamable asset', async () => {
    const courses = await all<{ id: string }>('/courses');
    let checkedVideo = false;
    for (const course of courses.slice(0, 3)) {
      for (const section of await all<{ id: string; lessons: { id: string }[] }>(`/courses/${course.id}/sections`)) {
        for (const lesson of section.lessons) {
          const reply = await client.get(`/courses/${course.id}/sections/${section.id}/lessons/${lesson.id}`);
          const data = ref.conform(ref.envelope(ref.lesson), reply.json).data;
          expect(data.quiz.lesson_id).toBe(data.id);
          if (!checkedVideo && data.video_status === 'READY') {
            const bytes = await client.get(data.video_url);
            expect(bytes.status).toBe(200);
            const upload = await client.get(`/uploads/${data.content_media[0]?.id ?? ''}`);
            expect(upload.json.data.status).toBe('COMPLETED');
            expect(Number(bytes.headers['content-length'])).toBe(upload.json.data.file_size);
            expect(bytes.headers['content-type']).toBe('video/mp4');
            checkedVideo = true;
          }
        }
      }
    }
    expect(checkedVideo).toBe(true);
  });

  it('every quiz conforms', async () => {
    const quizzes = await all<unknown>('/quizzes');
    expect(quizzes.length).toBeGreaterThan(20);
    for (const quiz of quizzes) ref.conform(ref.quiz, quiz);
  });

  it('lessons must belong to the section and course in the path', async () => {
    const [a, b] = await all<{ id: string }>('/courses');
    if (a === undefined || b === undefined) throw new Error('need two courses');
    const sectionOfA = (await all<{ id: string; lessons: { id: string }[] }>(`/courses/${a.id}/sections`))[0];
    const lesson = sectionOfA?.lessons[0];
    if (sectionOfA === undefined || lesson === undefined) throw new Error('need a lesson');
    expect((await client.get(`/courses/${b.id}/sections/${sectionOfA.id}`)).status).toBe(404);
    expect((await client.get(`/courses/${b.id}/sections/${sectionOfA.id}/lessons/${lesson.id}`)).status).toBe(404);
    const reply = await client.get(
      `/courses/${a.id}/sections/${sectionOfA.id}/lessons/00000000-0000-4000-8000-000000000000`,
    );
    expect(reply.json).toEqual(expectedError(404, MESSAGES[404]));
  });
});

describe('demo seed', () => {
  it('has courses at every level and status, several categories, and lessons of several types', async () => {
    const courses = await all<{ level: string; status: string; categories: unknown[] }>('/courses');
    expect(new Set(courses.map((course) => course.level))).toEqual(new Set(['beginner', 'intermediate', 'advanced']));
    expect(new Set(courses.map((course) => course.status))).toEqual(new Set(['DRAFT', 'PUBLISHED', 'ARCHIVED']));
    expect((await all('/categories')).length).toBeGreaterThanOrEqual(5);
    const quizzes = await all<{ lesson: { lesson_type: string } }>('/quizzes');
    expect(new Set(quizzes.map((quiz) => quiz.lesson.lesson_type)).size).toBeGreaterThanOrEqual(4);
  });

  it('has assessments with locations, groups and seats, and conforming assignments can be created', async () => {
    const assessments = await all<{ locations: unknown[]; groups: unknown[]; seats: unknown[] }>('/assessments');
    for (const assessment of assessments) ref.conform(ref.assessment, assessment);
    expect(assessments.some((a) => a.locations.length > 0 && a.groups.length > 0 && a.seats.length > 0)).toBe(true);
  });
});

describe('filters and search', () => {
  it('courses by status and by category', async () => {
    const published = await all<{ status: string }>('/courses?status=PUBLISHED');
    expect(published.length).toBeGreaterThan(0);
    expect(published.every((course) => course.status === 'PUBLISHED')).toBe(true);
    const category = (await all<{ id: string }>('/categories'))[0];
    if (category === undefined) throw new Error('no category');
    const inCategory = await all<{ categories: { id: string }[] }>(`/courses?category=${category.id}`);
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inCategory.every((course) => course.categories.some((c) => c.id === category.id))).toBe(true);
  });

  it('bad filter values are 422 field errors', async () => {
    const reply = await client.get('/courses?status=LIVE&category=nope');
    expect(reply.status).toBe(422);
    expect(reply.json.errors).toEqual([
      { field: 'status', code: 'invalid_choice', message: expect.any(String) },
      { field: 'category', code: 'invalid', message: expect.any(String) },
    ]);
  });

  it('search is case-insensitive, matches every term, and treats % and _ literally', async () => {
    const hits = await all<{ name: string }>('/courses?search=typescript');
    expect(hits.map((course) => course.name)).toEqual(['TypeScript for Backend Developers']);
    expect((await all('/courses?search=TYPESCRIPT%20backend')).length).toBe(1);
    expect((await all('/courses?search=typescript%20negotiation')).length).toBe(0);
    expect((await all('/courses?search=%25')).length).toBe(0);
    expect((await all('/courses?search=_')).length).toBe(0);
    expect((await all<{ title: string }>('/assessments?search=GDPR')).length).toBe(1);
    expect((await all('/categories?search=leader')).length).toBe(1);
    const quizHits = await all<{ lesson: { title: string } }>('/quizzes?search=handout');
    expect(quizHits.length).toBeGreaterThan(0);
    expect(quizHits.every((quiz) => quiz.lesson.title.toLowerCase().includes('handout'))).toBe(true);
  });

  it('assessments by status and course', async () => {
    const assessments = await all<{ course_id: string; status: string }>('/assessments');
    const sample = assessments[0];
    if (sample === undefined) throw new Error('no assessments');
    const byCourse = await all<{ course_id: string }>(`/assessments?course_id=${sample.course_id}`);
    expect(byCourse.length).toBe(assessments.filter((a) => a.course_id === sample.course_id).length);
    const drafts = await all<{ status: string }>('/assessments?status=DRAFT');
    expect(drafts.length).toBe(assessments.filter((a) => a.status === 'DRAFT').length);
  });
});
