// Main process / plain Node. The upload journal, schema version 1, applied by store/migrate.ts after
// version 0. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 1,
  name: 'upload journal',
  up(db) {
    db.exec(`
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        path TEXT NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        mtime_ms REAL NOT NULL,
        head_sha256 TEXT NOT NULL,
        tail_sha256 TEXT NOT NULL,
        target_kind TEXT NOT NULL CHECK (target_kind IN ('new', 'replace')),
        course_id TEXT NOT NULL,
        section_id TEXT NOT NULL,
        target_lesson_id TEXT,
        title TEXT,
        state TEXT NOT NULL,
        session_id TEXT,
        session_key TEXT NOT NULL,
        part_size INTEGER,
        total_parts INTEGER,
        session_completed INTEGER NOT NULL DEFAULT 0,
        lesson_key TEXT NOT NULL,
        attach_attempted INTEGER NOT NULL DEFAULT 0,
        lesson_id TEXT,
        bytes_sent INTEGER NOT NULL DEFAULT 0,
        bytes_resent INTEGER NOT NULL DEFAULT 0,
        error_code TEXT,
        error_message TEXT,
        notice_code TEXT,
        notice_message TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE upload_parts (
        upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        part_number INTEGER NOT NULL,
        size INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        done INTEGER NOT NULL DEFAULT 0,
        etag TEXT,
        md5 TEXT,
        PRIMARY KEY (upload_id, part_number)
      );
    `);
  },
};
