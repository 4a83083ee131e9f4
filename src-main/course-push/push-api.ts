// Main process / plain Node. The narrow slice of the API client a folder push calls (the real client
// satisfies it structurally), the course as read for planning, and waiting for a lost network.
import { isApiError } from '../api/index.ts';
import { backoffDelay, sleep, type Clock } from '../../src-shared/retry.ts';
import { mapBounded } from './bounded.ts';
import type { RemoteCourse, RemoteLesson } from './plan.ts';

export interface CallOptions {
  signal?: AbortSignal;
}
export interface CreateOptions extends CallOptions {
  idempotencyKey: string;
}

/** Lesson fields a push reads; display fields may be absent (read tolerantly). */
export interface LessonLike {
  id: string;
  title?: string;
  order?: number;
  text_content?: string;
  video_url?: string;
  video_content_url?: string;
  video_status?: string;
}
export interface SectionLike {
  id: string;
  title?: string;
  order?: number;
  lessons?: LessonLike[];
}

/** A section write a folder push makes; a server may not offer it (ASSUMPTIONS.md "Course structure"). */
export type SectionWrite = 'create' | 'rename' | 'reorder' | 'delete';

export interface PushApi {
  courses: { get(id: string, options?: CallOptions): Promise<{ id: string; name?: string }> };
  sections: {
    /** The course's sections with only what a push reads (the client's `sections.outline` reading). */
    iterateOutline(courseId: string, query?: object, options?: CallOptions): AsyncIterable<SectionLike>;
    get(courseId: string, id: string, options?: CallOptions): Promise<SectionLike>;
    create(courseId: string, body: { title: string }, options: CreateOptions): Promise<{ id: string }>;
    update(
      courseId: string,
      id: string,
      body: { title?: string; order?: number },
      options?: CallOptions,
    ): Promise<unknown>;
    delete(courseId: string, id: string, options?: CallOptions): Promise<void>;
  };
  lessons: {
    create(
      courseId: string,
      sectionId: string,
      body: { title: string; lesson_type: string; text_content: string },
      options: CreateOptions,
    ): Promise<{ id: string }>;
    update(
      courseId: string,
      sectionId: string,
      id: string,
      body: { title?: string; text_content?: string; order?: number },
      options?: CallOptions,
    ): Promise<unknown>;
    delete(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<void>;
  };
}

/** Lessons in their section's order (by `order` where given, else as listed). */
export function orderedLessons(section: SectionLike): LessonLike[] {
  return (section.lessons ?? [])
    .map((lesson, i) => ({ lesson, i }))
    .sort((a, b) => (a.lesson.order ?? a.i + 1) - (b.lesson.order ?? b.i + 1) || a.i - b.i)
    .map((x) => x.lesson);
}

function remoteLesson(l: LessonLike): RemoteLesson {
  return {
    id: l.id,
    title: l.title ?? null,
    hasVideo: Boolean(l.video_url || l.video_content_url || l.video_status),
    text: l.text_content ?? null,
  };
}

/** Largest page size the API serves (ASSUMPTIONS.md): a course's sections in one answer, not one a round trip. */
const SECTIONS_PAGE_SIZE = 100;

/**
 * The course, its sections (in the server's order) and their lessons, as the plan needs them. The
 * course and its sections are asked for at once (the plan waits for the slower answer, not both in
 * turn); when both fail, the course's error is the one told (a course that is not there).
 */
export async function readCourse(api: PushApi, courseId: string, signal?: AbortSignal): Promise<RemoteCourse> {
  const [course, sections] = await Promise.allSettled([
    api.courses.get(courseId, { signal }),
    readSections(api, courseId, signal),
  ]);
  if (course.status === 'rejected') throw course.reason;
  if (sections.status === 'rejected') throw sections.reason;
  return { id: course.value.id, name: course.value.name ?? null, sections: sections.value };
}

async function readSections(api: PushApi, courseId: string, signal?: AbortSignal): Promise<RemoteCourse['sections']> {
  const listed: SectionLike[] = [];
  for await (const section of api.sections.iterateOutline(courseId, { pageSize: SECTIONS_PAGE_SIZE }, { signal }))
    listed.push(section);
  // A list that leaves lessons out: ask for each such section itself, a few at a time.
  const full = await mapBounded(listed, SECTION_READS_AT_ONCE, (s) =>
    s.lessons ? Promise.resolve(s) : api.sections.get(courseId, s.id, { signal }),
  );
  return listed.map((s, i) => ({
    id: s.id,
    title: s.title ?? null,
    lessons: orderedLessons(full[i]!).map(remoteLesson),
  }));
}

/** Sections read at once when the list leaves their lessons out: a few, not one request per section at once. */
const SECTION_READS_AT_ONCE = 6;

/** The course being read for a plan: started before the plan needs it, stopped when not needed. */
export interface CourseRead {
  course: Promise<RemoteCourse>;
  /** Stops the reads (a folder that cannot be read needs no course); `course` then rejects with `reason`. */
  stop(reason: unknown): void;
}

/**
 * Starts reading the course for a plan, waiting out a lost network (untilAnswered). Started as early
 * as the caller can: the server works on the answer while the caller loads and reads the rest.
 */
export function startCourseRead(
  api: PushApi,
  courseId: string,
  options: { signal: AbortSignal; onWaiting?: (waiting: boolean) => void },
): CourseRead {
  const reading = new AbortController();
  const cancel = () => reading.abort(options.signal.reason);
  if (options.signal.aborted) cancel();
  else options.signal.addEventListener('abort', cancel, { once: true });
  const course = untilAnswered(() => readCourse(api, courseId, reading.signal), {
    signal: reading.signal,
    onWaiting: options.onWaiting ?? (() => undefined),
  }).finally(() => options.signal.removeEventListener('abort', cancel));
  course.catch(() => undefined); // awaited by the plan, which may stop it first
  return { course, stop: (reason) => reading.abort(reason) };
}

/**
 * Resolves after two turns of the event loop: requests just started connect in between (the poll
 * phase) and are written, instead of waiting behind a long synchronous stretch that follows
 * (loading modules, reading SQLite).
 */
export async function letRequestsLeave(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `call` until the server answers: a lost network (no answer, a timeout) is a wait, told once
 * through `onWaiting`, never a failure. Creates are safe to repeat (same Idempotency-Key), updates
 * are idempotent. Any answer, refusals included, goes to the caller.
 */
export async function untilAnswered<T>(
  call: () => Promise<T>,
  options: {
    signal: AbortSignal;
    onWaiting: (waiting: boolean) => void;
    baseMs?: number;
    capMs?: number;
    random?: () => number;
    clock?: Clock;
  },
): Promise<T> {
  const backoff = { baseMs: options.baseMs ?? 500, capMs: options.capMs ?? 8000, random: options.random };
  let waiting = false;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await call();
      if (waiting) options.onWaiting(false);
      return result;
    } catch (error) {
      const lost = isApiError(error) && (error.kind === 'Network' || error.kind === 'Timeout');
      if (!lost || options.signal.aborted) throw error;
      if (!waiting) options.onWaiting(true);
      waiting = true;
      // Cancelled while waiting: the next call ends with the client's own cancellation error.
      await sleep(backoffDelay(attempt, backoff), { signal: options.signal, clock: options.clock }).catch(
        () => undefined,
      );
    }
  }
}
