// Main process / plain Node. A course's cached outline kept as rows: its sections in their
// cache_entries row, each section's lessons replaced by a marker, and every lesson in a row of its
// own in cache_lessons (migration 0005). A section of 2,000 uploaded lessons is 4 MB of JSON: as
// one value every lesson landing bound, stored and read back megabytes at once, and those blocks
// fragmented main's glibc heap through a day of uploads. As rows, a write stores only the lessons
// that changed, and no string of the outline's whole size is ever made.
import type { DatabaseSync } from 'node:sqlite';

/** Stands in a section's row for its `lessons` array: how many lesson rows it has. */
const MARK = '$lessonRows';

interface LessonRow {
  sectionId: string;
  position: number;
  json: string;
}

/** An outline split for storing: the sections without their lessons, and the lessons' rows. */
export interface SplitOutline {
  head: string;
  rows: LessonRow[];
  /** The JSON length of the whole outline (a write's cost grows with it). */
  bytes: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isMark = (value: unknown): value is { [MARK]: number } => isRecord(value) && typeof value[MARK] === 'number';

/**
 * Splits a sections list. Sections without a string id, or repeating one, keep their lessons
 * inline (a server drifting from the reference still round-trips); anything not a list: null.
 */
export function splitOutline(data: unknown): SplitOutline | null {
  if (!Array.isArray(data)) return null;
  const seen = new Set<string>();
  const rows: LessonRow[] = [];
  let bytes = 0;
  const sections = (data as unknown[]).map((section) => {
    if (!isRecord(section) || typeof section.id !== 'string' || seen.has(section.id)) return section;
    if (!Array.isArray(section.lessons)) return section;
    seen.add(section.id);
    const sectionId = section.id;
    (section.lessons as unknown[]).forEach((lesson, position) => {
      const json = JSON.stringify(lesson) ?? 'null';
      bytes += json.length + 1;
      rows.push({ sectionId, position, json });
    });
    return { ...section, lessons: { [MARK]: section.lessons.length } };
  });
  const head = JSON.stringify(sections);
  return { head, rows, bytes: bytes + head.length };
}

/** True when a stored value has lessons kept as rows (an outline from before 0005 has none). */
export function hasLessonRows(data: unknown): boolean {
  return Array.isArray(data) && data.some((section) => isRecord(section) && isMark(section.lessons));
}

/** Puts the lessons back into a stored head (parsed). Mutates and returns it. */
export function joinOutline(
  head: unknown,
  rows: Iterable<{ sectionId: string; position: number; json: string }>,
): unknown {
  if (!Array.isArray(head)) return head;
  const bySection = new Map<string, unknown[]>();
  for (const row of rows) {
    const lessons = bySection.get(row.sectionId) ?? [];
    lessons[row.position] = JSON.parse(row.json) as unknown;
    bySection.set(row.sectionId, lessons);
  }
  for (const section of head as unknown[]) {
    if (!isRecord(section) || !isMark(section.lessons)) continue;
    const stored = bySection.get(String(section.id)) ?? [];
    const lessons: unknown[] = [];
    // A position no row holds (a damaged file) is left out rather than shown as a hole.
    for (let position = 0; position < section.lessons[MARK]; position++)
      if (position in stored) lessons.push(stored[position]);
    section.lessons = lessons;
  }
  return head as unknown;
}

export interface LessonRowStore {
  /** The lesson rows stored under an outline's key. */
  rows(key: string): LessonRow[];
  /** Makes the stored rows of `key` exactly `rows`, writing only those that differ. */
  replace(key: string, rows: LessonRow[]): void;
  /** Drops every lesson row of `key`. */
  drop(key: string): void;
}

export function createLessonRowStore(db: DatabaseSync): LessonRowStore {
  const select = db.prepare(
    'SELECT section_id AS sectionId, position, data AS json FROM cache_lessons WHERE key = ? ORDER BY section_id, position',
  );
  const upsert = db.prepare(
    `INSERT INTO cache_lessons (key, section_id, position, data) VALUES (?, ?, ?, ?)
     ON CONFLICT (key, section_id, position) DO UPDATE SET data = excluded.data`,
  );
  const removeOne = db.prepare('DELETE FROM cache_lessons WHERE key = ? AND section_id = ? AND position = ?');
  const removeAll = db.prepare('DELETE FROM cache_lessons WHERE key = ?');
  const rowKey = (row: { sectionId: string; position: number }) => `${row.sectionId}\u0000${row.position}`;
  const rows = (key: string) => select.all(key) as unknown as LessonRow[];

  return {
    rows,
    replace(key, next) {
      const stored = new Map(rows(key).map((row) => [rowKey(row), row]));
      for (const row of next) {
        const id = rowKey(row);
        if (stored.get(id)?.json !== row.json) upsert.run(key, row.sectionId, row.position, row.json);
        stored.delete(id);
      }
      for (const gone of stored.values()) removeOne.run(key, gone.sectionId, gone.position);
    },
    drop(key) {
      removeAll.run(key);
    },
  };
}
