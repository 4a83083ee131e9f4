// Main process / plain Node tests. Lesson reads put into a course's cached outline on a real cache
// file: however many lessons are read, their outline is written once per gathering (the cost of a
// read must not grow with the course), a read that changes nothing writes nothing, and what was
// gathered is written on its own after a moment (fake timers) or at once by flush.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../test-support/index.ts';
import { openProfileDatabase, type ProfileDatabase } from '../../store/index.ts';
import {
  createLessonReads,
  gatheringFor,
  LESSON_READS_GATHERED_MOST_MS,
  LESSON_READS_GATHERED_MS,
  type LessonReads,
} from './lesson-reads.ts';
import { findCachedLesson } from './lesson-order.ts';
import { createOfflineCache } from './offline-cache.ts';
import { cacheKey } from './queries.ts';
import { createCacheStore, type CacheStore } from './store.ts';

const KEY = cacheKey({ kind: 'sections', courseId: 'c' });
const lesson = (id: number, status = 'PROCESSING') => ({
  id: `l${id}`,
  title: `Lesson ${id}`,
  order: id,
  video_status: status,
});

let database: ProfileDatabase;
let store: CacheStore;
let written: string[];
let reads: LessonReads;

beforeEach(() => {
  database = openProfileDatabase({ dataDir: tempDir('lectern-lesson-reads-'), profileId: 'p' });
  store = createCacheStore(database.db);
  // A course of real size: one section of 1,500 lessons, as the last refresh left it.
  store.write(KEY, 'sections', [
    { id: 's', title: 'Videos', lessons: Array.from({ length: 1500 }, (_, i) => lesson(i + 1)) },
  ]);
  written = [];
  reads = createLessonReads({ store, written: (key) => written.push(key), isClosed: () => false });
});
afterEach(() => {
  vi.useRealTimers();
  database.close();
});

const cached = (id: number) => findCachedLesson(store.read(KEY).data, 's', `l${id}`);

describe('lesson reads into the cached outline', () => {
  it.each([1, 40, 600])('writes the outline once for %i lessons read together', (count) => {
    const before = store.revision(KEY);
    for (let i = 1; i <= count; i++) reads.remember('c', 's', lesson(i, 'READY'));
    expect(store.revision(KEY)).toBe(before); // gathered, not written per read
    reads.flush();
    expect(store.revision(KEY) - before).toBe(1);
    expect(written).toEqual([KEY]);
    expect(cached(1)?.video_status).toBe('READY');
    expect(cached(count)?.video_status).toBe('READY');
    expect(cached(count + 1)?.video_status).toBe('PROCESSING');
  });

  it("through the offline cache: a course's lesson reads cost one outline write, made by settle at the latest", async () => {
    const updates: string[] = [];
    const cache = createOfflineCache({
      db: database.db,
      client: {} as never, // offline: nothing here asks the server
      isOnline: () => false,
      track: (request) => request,
      onUpdated: (update) => updates.push(update.key),
      isClosed: () => false,
      now: Date.now,
    });
    const before = cache.store.revision(KEY);
    for (let i = 1; i <= 600; i++) cache.rememberLesson('c', 's', lesson(i, 'READY'));
    await cache.settle();
    expect(cache.store.revision(KEY) - before).toBe(1);
    expect(updates).toEqual([KEY]);
    expect(cached(600)?.video_status).toBe('READY');
  });

  it('writes nothing and tells no screen when the reads change nothing', () => {
    const before = store.revision(KEY);
    for (let i = 1; i <= 300; i++) reads.remember('c', 's', lesson(i));
    reads.flush();
    expect(store.revision(KEY)).toBe(before);
    expect(written).toEqual([]);
  });

  it('keeps the newest read of a lesson and adds one the outline does not hold yet', () => {
    reads.remember('c', 's', lesson(7, 'PROCESSING'));
    reads.remember('c', 's', { ...lesson(7, 'READY'), duration_seconds: 3 });
    reads.remember('c', 's', lesson(1501, 'READY'));
    reads.flush();
    expect(cached(7)).toMatchObject({ video_status: 'READY', duration_seconds: 3 });
    expect(cached(1501)?.video_status).toBe('READY');
  });

  it('puts a lesson new to the outline at the place the server gave it, the later ones a place down', () => {
    reads.remember('c', 's', { ...lesson(0, 'PROCESSING'), id: 'new-3', order: 3 });
    reads.remember('c', 's', { ...lesson(0, 'PROCESSING'), id: 'new-last', order: 1502 });
    reads.flush();
    const lessons = (store.read(KEY).data as { lessons: { id: string; order?: number }[] }[])[0]!.lessons;
    expect(lessons.slice(0, 5).map((l) => [l.id, l.order])).toEqual([
      ['l1', 1],
      ['l2', 2],
      ['new-3', 3],
      ['l3', 4],
      ['l4', 5],
    ]);
    expect(lessons.length).toBe(1502);
    expect(lessons.at(-1)).toMatchObject({ id: 'new-last', order: 1502 });
    expect(lessons.at(-2)).toMatchObject({ id: 'l1500', order: 1501 });
    expect(new Set(lessons.map((l) => l.id)).size).toBe(1502);
  });

  it('writes what it gathered on its own after a moment', () => {
    vi.useFakeTimers();
    reads = createLessonReads({ store, written: (key) => written.push(key), isClosed: () => false });
    reads.remember('c', 's', lesson(3, 'READY'));
    vi.advanceTimersByTime(LESSON_READS_GATHERED_MS - 1);
    expect(cached(3)?.video_status).toBe('PROCESSING');
    vi.advanceTimersByTime(1);
    expect(cached(3)?.video_status).toBe('READY');
    expect(written).toEqual([KEY]);
  });

  it('gathers longer after rewriting a big outline: rewrites of a course of megabytes come seldom', () => {
    vi.useFakeTimers();
    // The same 1,500 lessons with real-sized fields: about 1.6 MB of JSON.
    const big = Array.from({ length: 1500 }, (_, i) => ({ ...lesson(i + 1), description: 'x'.repeat(1000) }));
    const bytes = store.write(KEY, 'sections', [{ id: 's', title: 'Videos', lessons: big }]).bytes;
    const wait = gatheringFor(bytes);
    expect(wait).toBeGreaterThan(4 * LESSON_READS_GATHERED_MS);
    expect(wait).toBeLessThanOrEqual(LESSON_READS_GATHERED_MOST_MS);
    reads = createLessonReads({ store, written: (key) => written.push(key), isClosed: () => false });
    reads.remember('c', 's', lesson(3, 'READY'));
    vi.advanceTimersByTime(LESSON_READS_GATHERED_MS); // the first write: no outline written yet in this run
    expect(written).toEqual([KEY]);
    reads.remember('c', 's', lesson(4, 'READY'));
    vi.advanceTimersByTime(4 * LESSON_READS_GATHERED_MS); // a small outline's would have been written by now
    expect(cached(4)?.video_status).toBe('PROCESSING');
    vi.advanceTimersByTime(wait - 4 * LESSON_READS_GATHERED_MS);
    expect(cached(4)?.video_status).toBe('READY');
    expect(written).toEqual([KEY, KEY]);
    // A small outline's reads are gathered for the shortest moment again.
    expect(gatheringFor(10_000)).toBe(LESSON_READS_GATHERED_MS);
  });
});
