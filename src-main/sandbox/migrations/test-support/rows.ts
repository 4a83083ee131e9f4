// Test support (tests only). Rows a sandbox database of schema version 1 holds: a course with one
// section, an uploaded video and the lesson it became. Columns not named get a plain empty value.
import type { DatabaseSync } from 'node:sqlite';

type Value = string | number | null;

/** Inserts into `table`, giving every NOT NULL column without a default that `values` leaves out '' or 0. */
export function insertRow(db: DatabaseSync, table: string, values: Record<string, Value>): void {
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as {
    name: string;
    type: string;
    notnull: number;
    dflt_value: unknown;
    pk: number;
  }[];
  const row: Record<string, Value> = {};
  for (const c of columns) {
    if (c.name in values) row[c.name] = values[c.name]!;
    else if (c.notnull && c.dflt_value === null && !c.pk) row[c.name] = c.type === 'INTEGER' ? 0 : '';
  }
  const names = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(
    ...names.map((n) => row[n]!),
  );
}

const at = '2026-11-25T08:00:00.000Z';

export function fillSandboxVersion1(db: DatabaseSync): void {
  insertRow(db, 'courses', {
    id: 'c-1',
    owner: 'tenant',
    name: 'Welding basics',
    level: 'beginner',
    status: 'Draft',
    preview_video_status: 'NONE',
    created: at,
    updated: at,
  });
  insertRow(db, 'sections', { id: 's-1', course_id: 'c-1', title: 'Safety first', ord: 1, created: at, updated: at });
  insertRow(db, 'uploads', {
    id: 'up-1',
    owner: 'tenant',
    upload_type: 'lesson_video',
    file_name: 'intro.mp4',
    content_type: 'video/mp4',
    file_size: 1_048_576,
    status: 'COMPLETED',
    part_size: 1_048_576,
    total_parts: 1,
    multipart_upload_id: 'mp-1',
    expires: at,
    created: at,
    updated: at,
  });
  insertRow(db, 'lessons', {
    id: 'l-1',
    course_id: 'c-1',
    section_id: 's-1',
    title: 'Intro video',
    lesson_type: 'video',
    ord: 1,
    video_upload_id: 'up-1',
    resources: '[]',
    created: at,
    updated: at,
  });
}

export function sandboxVersion1Rows(db: DatabaseSync) {
  return {
    courses: db.prepare('SELECT id, name, status FROM courses').all(),
    lessons: db.prepare('SELECT id, section_id, title, video_upload_id FROM lessons').all(),
  };
}

export const SANDBOX_VERSION1_ROWS = {
  courses: [{ id: 'c-1', name: 'Welding basics', status: 'Draft' }],
  lessons: [{ id: 'l-1', section_id: 's-1', title: 'Intro video', video_upload_id: 'up-1' }],
};
