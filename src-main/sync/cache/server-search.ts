// Main process / plain Node. The command palette's server search: the list endpoints that take a
// search term (courses, assessments, quizzes: ASSUMPTIONS.md "Lists and pagination", the
// reference's List quizzes) asked at once, one small page each. Sections and lessons have no
// search across courses, so they come from the cache only (palette-search.ts). Answers are not
// written to the cache: a page per keystroke would only crowd it.
import type { SyncApiClient } from '../client.ts';
import type { Fields } from '../merge.ts';
import type { PaletteHit } from './palette-search.ts';

/** How a server search went: `offline` (not asked), `done` (at least one list answered), `failed`. */
export type ServerSearchState = 'done' | 'offline' | 'failed';
export interface ServerSearchResult {
  state: ServerSearchState;
  hits: PaletteHit[];
}

export interface ServerSearchOptions {
  client: Pick<SyncApiClient, 'courses' | 'assessments' | 'quizzes'>;
  isOnline: () => boolean;
  track: <T>(request: Promise<T>) => Promise<T>;
}

const PER_KIND = 8;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const isItem = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

function courseHit(course: Fields): PaletteHit | null {
  const id = text(course.id);
  const name = text(course.name);
  return id && name ? { kind: 'course', id, title: name, detail: null, courseId: id, sectionId: null } : null;
}

function assessmentHit(assessment: Fields): PaletteHit | null {
  const id = text(assessment.id);
  const title = text(assessment.title);
  if (!id || !title) return null;
  const course = isItem(assessment.course) ? text(assessment.course.name) : null;
  return { kind: 'assessment', id, title, detail: course, courseId: text(assessment.course_id), sectionId: null };
}

/** A quiz has no title of its own: it is its lesson's (the reference's Quiz: `lesson.title`). */
function quizHit(quiz: Fields): PaletteHit | null {
  const id = text(quiz.id);
  const lesson = isItem(quiz.lesson) ? quiz.lesson : null;
  const title = lesson ? text(lesson.title) : null;
  if (!id || !title) return null;
  const points = text(quiz.total_points);
  return {
    kind: 'quiz',
    id,
    title,
    detail: points ? `${points} points` : null,
    courseId: lesson ? text(lesson.course_id) : null,
    sectionId: lesson ? text(lesson.section_id) : null,
    lessonId: text(quiz.lesson_id) ?? (lesson ? text(lesson.id) : null),
  };
}

export async function searchServer(options: ServerSearchOptions, query: string): Promise<ServerSearchResult> {
  const search = query.trim();
  if (search === '') return { state: 'done', hits: [] };
  if (!options.isOnline()) return { state: 'offline', hits: [] };
  const { client, track } = options;
  const page = { page: 1, pageSize: PER_KIND, search };
  const lists = await Promise.allSettled([
    track(client.courses.list(page)).then((p) => p.results.map(courseHit)),
    track(client.assessments.list(page)).then((p) => p.results.map(assessmentHit)),
    track(client.quizzes.list(page)).then((p) => p.results.map(quizHit)),
  ]);
  const answered = lists.filter((list) => list.status === 'fulfilled');
  if (answered.length === 0) return { state: 'failed', hits: [] };
  const hits = answered.flatMap((list) => list.value).filter((hit): hit is PaletteHit => hit !== null);
  return { state: 'done', hits };
}
