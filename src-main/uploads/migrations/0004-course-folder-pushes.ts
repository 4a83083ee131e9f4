// Main process / plain Node. The upload journal, schema version 4, applied by store/migrate.ts after
// version 3. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 4,
  name: 'course folder pushes',
  // What `course push` made of each folder entry, per course, keyed by the entry's path relative
  // to the pushed folder: the section or lesson id, the Idempotency-Key and exact body of its
  // create (written before the first try, so a killed push re-sends the same request), and the
  // hash, size and mtime of the content last pushed (so an unchanged file is not read again).
  // Here because the journal is the one local store per server and key (CLI) or workspace (app).
  up(db) {
    db.exec(`
      CREATE TABLE push_entries (
        course_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('section', 'lesson')),
        path TEXT NOT NULL,
        section_path TEXT,
        server_id TEXT,
        create_key TEXT,
        create_body TEXT,
        content_sha256 TEXT,
        size INTEGER,
        mtime_ms REAL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (course_id, kind, path)
      );
    `);
  },
};
