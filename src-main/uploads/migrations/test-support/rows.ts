// Test support (tests only). Rows an upload journal of schema version 1 really holds: a video
// half sent (two of four parts done, one tried twice) into a new lesson, and a finished replace.
import type { DatabaseSync } from 'node:sqlite';

const MiB = 1024 * 1024;

export function fillJournalVersion1(db: DatabaseSync): void {
  const upload = db.prepare(
    `INSERT INTO uploads (id, position, path, file_name, content_type, size, mtime_ms, head_sha256, tail_sha256,
       target_kind, course_id, section_id, target_lesson_id, title, state, session_id, session_key, part_size,
       total_parts, session_completed, lesson_key, attach_attempted, lesson_id, bytes_sent, bytes_resent,
       created_at, updated_at)
     VALUES (?, ?, ?, ?, 'video/mp4', ?, ?, ?, ?, ?, 'c-1', 's-1', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
       '2026-11-25T08:00:00.000Z', '2026-11-25T08:05:00.000Z')`,
  );
  upload.run(
    'u-1',
    1,
    '/home/ana/Videos/welding-intro.mp4',
    'welding-intro.mp4',
    40 * MiB,
    1_764_000_000_000.5,
    'a'.repeat(64),
    'b'.repeat(64),
    'new',
    null,
    'Welding intro',
    'uploading',
    'sess-1',
    'f9b6c1de-0000-4000-8000-000000000001',
    10 * MiB,
    4,
    0,
    'f9b6c1de-0000-4000-8000-000000000002',
    0,
    null,
    20 * MiB,
    10 * MiB,
  );
  upload.run(
    'u-2',
    2,
    '/home/ana/Videos/arc-v2.mp4',
    'arc-v2.mp4',
    8 * MiB,
    1_764_000_100_000,
    'c'.repeat(64),
    'd'.repeat(64),
    'replace',
    'l-7',
    null,
    'done',
    'sess-2',
    'f9b6c1de-0000-4000-8000-000000000003',
    8 * MiB,
    1,
    1,
    'f9b6c1de-0000-4000-8000-000000000004',
    1,
    'l-7',
    8 * MiB,
    0,
  );
  const part = db.prepare(
    'INSERT INTO upload_parts (upload_id, part_number, size, attempts, done, etag, md5) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  part.run('u-1', 1, 10 * MiB, 1, 1, '"etag-1"', 'md5-1');
  part.run('u-1', 2, 10 * MiB, 2, 1, '"etag-2"', 'md5-2');
  part.run('u-1', 3, 10 * MiB, 1, 0, null, null);
  part.run('u-2', 1, 8 * MiB, 1, 1, '"etag-9"', 'md5-9');
}

/** What fillJournalVersion1 wrote, as every later version must still hold it. */
export function journalVersion1Rows(db: DatabaseSync) {
  return {
    uploads: db
      .prepare('SELECT id, state, target_kind, session_id, bytes_sent, lesson_id FROM uploads ORDER BY id')
      .all(),
    parts: db.prepare('SELECT upload_id, part_number, attempts, done, etag FROM upload_parts ORDER BY 1, 2').all(),
  };
}

export const JOURNAL_VERSION1_ROWS = {
  uploads: [
    { id: 'u-1', state: 'uploading', target_kind: 'new', session_id: 'sess-1', bytes_sent: 20 * MiB, lesson_id: null },
    { id: 'u-2', state: 'done', target_kind: 'replace', session_id: 'sess-2', bytes_sent: 8 * MiB, lesson_id: 'l-7' },
  ],
  parts: [
    { upload_id: 'u-1', part_number: 1, attempts: 1, done: 1, etag: '"etag-1"' },
    { upload_id: 'u-1', part_number: 2, attempts: 2, done: 1, etag: '"etag-2"' },
    { upload_id: 'u-1', part_number: 3, attempts: 1, done: 0, etag: null },
    { upload_id: 'u-2', part_number: 1, attempts: 1, done: 1, etag: '"etag-9"' },
  ],
};

/** A file check as version 2 stores it (what was read from u-1 before it was sent). */
export function fillFileCheck(db: DatabaseSync): void {
  db.prepare(
    `INSERT INTO upload_file_checks (upload_id, mime, probed, container, duration_seconds, width, height,
       video_codec, audio_codec, frame_rate_mode, frame_rate, size, mtime_ms, sample_sha256, sha256)
     VALUES ('u-1', 'video/mp4', 1, 'mp4', 312.5, 1920, 1080, 'h264', 'aac', 'CFR', 30, ?, 1764000000000.5, ?, NULL)`,
  ).run(40 * MiB, 'e'.repeat(64));
}

/** A course push entry as version 4 stores it. */
export function fillPushEntry(db: DatabaseSync): void {
  db.prepare(
    `INSERT INTO push_entries (course_id, kind, path, section_path, server_id, create_key, create_body,
       content_sha256, size, mtime_ms, updated_at)
     VALUES ('c-1', 'lesson', '01 Basics/02 Arc.md', '01 Basics', 'l-8', 'key-1', '{"title":"Arc"}', ?, 2048,
       1764000000000, '2026-11-25T08:10:00.000Z')`,
  ).run('f'.repeat(64));
}
