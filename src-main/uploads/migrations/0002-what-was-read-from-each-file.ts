// Main process / plain Node. The upload journal, schema version 2, applied by store/migrate.ts after
// version 1. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 2,
  name: 'what was read from each file before it was sent',
  up(db) {
    // Its own table so the engine's rows stay as they were; deleted with its upload.
    db.exec(`
      CREATE TABLE upload_file_checks (
        upload_id TEXT PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
        mime TEXT,
        probed INTEGER NOT NULL DEFAULT 0,
        container TEXT,
        duration_seconds REAL,
        width INTEGER,
        height INTEGER,
        video_codec TEXT,
        audio_codec TEXT,
        frame_rate_mode TEXT,
        frame_rate REAL,
        size INTEGER NOT NULL,
        mtime_ms REAL,
        sample_sha256 TEXT NOT NULL,
        sha256 TEXT
      );
      CREATE INDEX upload_file_checks_by_content ON upload_file_checks (size, sample_sha256);
    `);
  },
};
