// Main process / plain Node. The sandbox server's database, schema version 3, applied by store/migrate.ts after
// version 2. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 3,
  name: 'course preview video processing',
  // The preview video a course was given (ASSUMPTIONS.md "Course structure"), processed as a
  // lesson's video; its status, error and readiness live in the existing preview_video_* columns.
  up: (db) => {
    db.exec(`
      ALTER TABLE courses ADD COLUMN preview_video_upload_id TEXT REFERENCES uploads (id);
      ALTER TABLE courses ADD COLUMN preview_video_due_ms INTEGER;
    `);
  },
};
