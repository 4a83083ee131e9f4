// Main process / plain Node tests. The palette's server search over a client that answers as the
// API does (one page per list): each list asked with the search term, quizzes named by their
// lesson, offline not asked, one list failing does not lose the others.
import { describe, expect, it } from 'vitest';
import { searchServer, type ServerSearchOptions } from './server-search.ts';

const page = (results: Record<string, unknown>[]) => ({ paginator: { count: results.length, next: null }, results });
const COURSE = { id: 'c1', name: 'Fire safety' };
const ASSESSMENT = { id: 'a1', title: 'Fire warden', course_id: 'c1', course: { name: 'Fire safety' } };
const QUIZ = {
  id: 'q1',
  lesson_id: 'l1',
  total_points: '10',
  lesson: { id: 'l1', title: 'Fire drill quiz', section_id: 's1', course_id: 'c1' },
};

function client(fail: Partial<Record<'courses' | 'assessments' | 'quizzes', boolean>> = {}) {
  const asked: { kind: string; query: unknown }[] = [];
  const list = (kind: 'courses' | 'assessments' | 'quizzes', results: Record<string, unknown>[]) => ({
    list: async (query: unknown) => {
      asked.push({ kind, query });
      if (fail[kind]) throw new Error('refused');
      return page(results);
    },
  });
  return {
    asked,
    client: {
      courses: list('courses', [COURSE]),
      assessments: list('assessments', [ASSESSMENT]),
      quizzes: list('quizzes', [QUIZ]),
    } as unknown as ServerSearchOptions['client'],
  };
}

const track = <T>(request: Promise<T>) => request;

describe('searchServer', () => {
  it('asks courses, assessments and quizzes with the search term and names each find', async () => {
    const { client: c, asked } = client();
    const result = await searchServer({ client: c, isOnline: () => true, track }, '  fire ');
    expect(asked.map((a) => a.kind).sort()).toEqual(['assessments', 'courses', 'quizzes']);
    for (const a of asked) expect(a.query).toMatchObject({ page: 1, search: 'fire' });
    expect(result.state).toBe('done');
    expect(result.hits).toEqual([
      { kind: 'course', id: 'c1', title: 'Fire safety', detail: null, courseId: 'c1', sectionId: null },
      { kind: 'assessment', id: 'a1', title: 'Fire warden', detail: 'Fire safety', courseId: 'c1', sectionId: null },
      {
        kind: 'quiz',
        id: 'q1',
        title: 'Fire drill quiz',
        detail: '10 points',
        courseId: 'c1',
        sectionId: 's1',
        lessonId: 'l1',
      },
    ]);
  });

  it('offline: asks nothing and says so', async () => {
    const { client: c, asked } = client();
    expect(await searchServer({ client: c, isOnline: () => false, track }, 'fire')).toEqual({
      state: 'offline',
      hits: [],
    });
    expect(asked).toEqual([]);
  });

  it('one list refused keeps the others; all refused is a failed search', async () => {
    const some = await searchServer({ client: client({ quizzes: true }).client, isOnline: () => true, track }, 'fire');
    expect(some.state).toBe('done');
    expect(some.hits.map((h) => h.kind)).toEqual(['course', 'assessment']);
    const none = await searchServer(
      { client: client({ courses: true, assessments: true, quizzes: true }).client, isOnline: () => true, track },
      'fire',
    );
    expect(none).toEqual({ state: 'failed', hits: [] });
  });
});
