// Main process / plain Node. The narrow slice of the API client a folder push calls (the real client
// satisfies it structurally), the course as read for planning, and waiting for a lost network.
import { isApiError } from '../api/index.ts';
import { backoffDelay, sleep, type Clock } from '../../src-shared/retry.ts';
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

export interface PushApi {
  courses: { get(id: string, options?: CallOptions): Promise<{ id: string; name?: string }> };
  sections: {
    iterate(courseId: string, query?: object, options?: CallOptions): AsyncIterable<SectionLike>;
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

/** The course, its sections (in the server's order) and their lessons, as the plan needs them. */
export async function readCourse(api: PushApi, courseId: string, signal?: AbortSignal): Promise<RemoteCourse> {
  const course = await api.courses.get(courseId, { signal });
  const listed: SectionLike[] = [];
  for await (const section of api.sections.iterate(courseId, {}, { signal })) listed.push(section);
  const sections = [];
  for (const s of listed) {
    // A list that leaves lessons out: ask for the section itself.
    const full = s.lessons ? s : await api.sections.get(courseId, s.id, { signal });
    sections.push({ id: s.id, title: s.title ?? null, lessons: orderedLessons(full).map(remoteLesson) });
  }
  return { id: course.id, name: course.name ?? null, sections };
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
