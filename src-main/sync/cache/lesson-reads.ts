// Main process / plain Node. Fresh server copies of single lessons (the uploads' processing polls)
// put into their course's cached outline. The outline is one cached value holding every lesson of
// the course, so writing it per lesson read costs the whole course each time: reads are gathered
// for a moment and written together, one read-modify-write per course, and a read that changes
// nothing in the cache writes nothing and tells no screen. The moment grows with the outline: a
// course of 2,000 uploaded lessons is 4 MB of JSON, and rewriting it four times a second while the
// uploads' polls came in was a tenth of main's CPU in bench:ui's day of uploads (profiled), and
// each multi-MB write leaves main's allocator with more to keep.
import { deepEqual, type Fields } from '../merge.ts';
import { findCachedLesson, upsertCachedLesson } from './lesson-order.ts';
import { cacheKey } from './queries.ts';
import type { CacheStore } from './store.ts';

/** How long lesson reads are gathered before their outline is written (one write per course)... */
export const LESSON_READS_GATHERED_MS = 250;
/** ...at the least: after writing an outline this big, the next gathering lasts a millisecond per this many bytes... */
export const OUTLINE_BYTES_PER_GATHERED_MS = 400;
/**
 * ...up to this long (a video's new state still shows on the course page within it): a section of
 * 2,000 uploaded lessons (4 MB) is rewritten every 10 s while they land, each lesson's creation
 * answer and processing reads gathered into it.
 */
export const LESSON_READS_GATHERED_MOST_MS = 10_000;

/** How long to gather before rewriting an outline of `bytes`. */
export const gatheringFor = (bytes: number): number =>
  Math.min(LESSON_READS_GATHERED_MOST_MS, Math.max(LESSON_READS_GATHERED_MS, bytes / OUTLINE_BYTES_PER_GATHERED_MS));

export interface LessonReadsDeps {
  store: CacheStore;
  /** The outline under `key` was written (screens re-read it). */
  written: (key: string, fetchedAt: string | null) => void;
  isClosed: () => boolean;
}

export interface LessonReads {
  /** Keeps this copy of the lesson for its course's outline (written soon, or by `flush`). */
  remember(courseId: string, sectionId: string, lesson: Fields): void;
  /** Writes what was gathered now (before the database closes, or when a caller needs it seen). */
  flush(): void;
}

export function createLessonReads(deps: LessonReadsDeps): LessonReads {
  /** Per outline key: the newest copy read of each lesson, with its section. */
  const gathered = new Map<string, Map<string, { sectionId: string; lesson: Fields }>>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The next gathering's length: set by the biggest outline the last flush wrote. */
  let gatherMs = LESSON_READS_GATHERED_MS;

  /** Returns the size of the outline written (0 when nothing changed). */
  const writeOutline = (key: string, lessons: Map<string, { sectionId: string; lesson: Fields }>): number => {
    const outline = deps.store.read<unknown>(key).data;
    let changed = false;
    for (const { sectionId, lesson } of lessons.values()) {
      const cached = findCachedLesson(outline, sectionId, String(lesson.id));
      if (cached && deepEqual(cached, lesson)) continue;
      if (upsertCachedLesson(outline, sectionId, lesson)) changed = true;
    }
    if (!changed) return 0;
    const written = deps.store.write(key, 'sections', outline);
    if (!deps.isClosed()) deps.written(key, written.fetchedAt);
    return written.bytes;
  };

  const flush = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const all = [...gathered];
    gathered.clear();
    let biggest = 0;
    for (const [key, lessons] of all) biggest = Math.max(biggest, writeOutline(key, lessons));
    if (biggest > 0) gatherMs = gatheringFor(biggest);
  };

  return {
    remember(courseId, sectionId, lesson) {
      const key = cacheKey({ kind: 'sections', courseId });
      const lessons = gathered.get(key) ?? new Map<string, { sectionId: string; lesson: Fields }>();
      lessons.set(String(lesson.id), { sectionId, lesson });
      gathered.set(key, lessons);
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        if (!deps.isClosed()) flush();
      }, gatherMs);
      // Gathered reads never keep the process alive; closing flushes them.
      timer.unref?.();
    },
    flush,
  };
}
