// Main process / plain Node tests. A course's cached outline kept as a row per lesson, on a real
// SQLite file: read back as written, a change of one lesson writes one row, outlines cached before
// migration 0005 still read, and what a server drifting from the reference sends round-trips.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/index.ts';
import { openProfileDatabase, type ProfileDatabase } from '../../store/index.ts';
import { createCacheStore } from './store.ts';
import { searchCache } from './palette-search.ts';

let dataDir: string;
let profile: ProfileDatabase;
beforeEach(() => {
  dataDir = tempDir('lectern-outline-rows-');
  profile = openProfileDatabase({ dataDir, profileId: 'p' });
});
afterEach(() => profile.close());

const KEY = 'sections?courseId=c-1';

function outline(lessonsPerSection: number[], titleOf = (s: number, l: number) => `Lesson ${s}.${l}`) {
  return lessonsPerSection.map((count, s) => ({
    id: `s-${s}`,
    title: `Section ${s}`,
    order: s + 1,
    lessons: Array.from({ length: count }, (_, l) => ({
      id: `l-${s}-${l}`,
      title: titleOf(s, l),
      order: l + 1,
      video: null,
    })),
  }));
}

const lessonRows = () => (profile.db.prepare('SELECT count(*) AS n FROM cache_lessons').get() as { n: number }).n;
/** Rows SQLite inserted, updated or deleted since the connection opened. */
const changes = () => (profile.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

describe('a cached outline as rows', () => {
  it('reads back exactly what was written, with a row per lesson and no lesson in the sections row', () => {
    const cache = createCacheStore(profile.db);
    const written = outline([3, 0, 40]);
    const answer = cache.write(KEY, 'sections', written);
    expect(answer.data).toEqual(written);
    expect(answer.bytes).toBeGreaterThan(JSON.stringify(written).length * 0.9);
    expect(cache.read(KEY).data).toEqual(written);
    expect(lessonRows()).toBe(43);
    const head = profile.db.prepare('SELECT data FROM cache_entries WHERE key = ?').get(KEY) as { data: string };
    expect(head.data).not.toContain('Lesson');
    expect(head.data.length).toBeLessThan(500);
  });

  it('writes only the lessons that changed, and drops those gone', () => {
    const cache = createCacheStore(profile.db);
    cache.write(KEY, 'sections', outline([200, 200]));
    let before = changes();
    cache.write(
      KEY,
      'sections',
      outline([200, 200], (s, l) => (s === 1 && l === 7 ? 'Renamed' : `Lesson ${s}.${l}`)),
    );
    expect(changes() - before).toBe(2); // the sections' row and the one lesson
    expect(cache.read<{ lessons: { title: string }[] }[]>(KEY).data?.[1]?.lessons[7]?.title).toBe('Renamed');

    before = changes();
    cache.write(KEY, 'sections', outline([200, 150]));
    expect(changes() - before).toBe(1 + 1 + 50); // the sections' row, the renamed lesson back, 50 gone
    expect(lessonRows()).toBe(350);
    expect(cache.read(KEY).data).toEqual(outline([200, 150]));
  });

  it('keeps a moved section’s lessons without rewriting them', () => {
    const cache = createCacheStore(profile.db);
    const [first, second] = outline([100, 100]);
    cache.write(KEY, 'sections', [first, second]);
    const before = changes();
    const moved = [
      { ...second!, order: 1 },
      { ...first!, order: 2 },
    ];
    cache.write(KEY, 'sections', moved);
    expect(changes() - before).toBe(1);
    expect(cache.read(KEY).data).toEqual(moved);
  });

  it('reads an outline cached before lessons became rows, and splits it at its next write', () => {
    const old = outline([5, 2]);
    profile.db
      .prepare('INSERT INTO cache_entries (key, kind, data, fetched_at) VALUES (?, ?, ?, ?)')
      .run(KEY, 'sections', JSON.stringify(old), Date.now());
    const cache = createCacheStore(profile.db);
    expect(cache.read(KEY).data).toEqual(old);
    expect(searchCache(profile.db, 'Lesson 0.3')).toEqual([
      expect.objectContaining({ kind: 'lesson', id: 'l-0-3', sectionId: 's-0', detail: 'Section 0' }),
    ]);
    cache.write(KEY, 'sections', old);
    expect(lessonRows()).toBe(7);
    expect(cache.read(KEY).data).toEqual(old);
    expect(searchCache(profile.db, 'Lesson 0.3')).toEqual([
      expect.objectContaining({ kind: 'lesson', id: 'l-0-3', sectionId: 's-0', detail: 'Section 0' }),
    ]);
  });

  it('round-trips what a drifting server sends: sections without ids, a repeated id, lessons not a list', () => {
    const cache = createCacheStore(profile.db);
    const drifted = [
      { title: 'No id', lessons: [{ id: 'a' }] },
      { id: 's-1', lessons: [{ id: 'b' }, null, 'text', 7] },
      { id: 's-1', title: 'Same id again', lessons: [{ id: 'c' }] },
      { id: 's-2', lessons: 'not a list' },
      { id: 's-3' },
      null,
      'a string',
    ];
    cache.write(KEY, 'sections', drifted);
    expect(cache.read(KEY).data).toEqual(drifted);
    expect(lessonRows()).toBe(4); // s-1's first list only
    cache.write(KEY, 'sections', { not: 'a list' });
    expect(lessonRows()).toBe(0);
    expect(cache.read(KEY).data).toEqual({ not: 'a list' });
  });

  it('deleting an outline deletes its lessons; other courses keep theirs', () => {
    const cache = createCacheStore(profile.db);
    cache.write(KEY, 'sections', outline([10]));
    cache.write('sections?courseId=c-2', 'sections', outline([4]));
    cache.delete(KEY);
    expect(cache.read(KEY).data).toBeNull();
    expect(cache.has(KEY)).toBe(false);
    expect(lessonRows()).toBe(4);
    expect(cache.read('sections?courseId=c-2').data).toEqual(outline([4]));
  });

  it('finds a lesson kept as a row in the palette, with its section and course', () => {
    const cache = createCacheStore(profile.db);
    cache.write('course?courseId=c-1', 'course', { id: 'c-1', name: 'Welding basics' });
    cache.write(
      KEY,
      'sections',
      outline([3, 3], (s, l) => (s === 1 && l === 2 ? 'Arc welding safety' : `L${s}${l}`)),
    );
    expect(searchCache(profile.db, 'arc WELD')).toEqual([
      {
        kind: 'lesson',
        id: 'l-1-2',
        title: 'Arc welding safety',
        detail: 'Welding basics › Section 1',
        courseId: 'c-1',
        sectionId: 's-1',
      },
    ]);
    expect(searchCache(profile.db, 'Section 1')).toEqual([expect.objectContaining({ kind: 'section', id: 's-1' })]);
  });
});
