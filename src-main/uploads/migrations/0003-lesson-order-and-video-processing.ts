// Main process / plain Node. The upload journal, schema version 3, applied by store/migrate.ts after
// version 2. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 3,
  name: 'lesson order and video processing',
  // batch_id: the files added together (their lessons keep the order they were given in).
  // lesson_order: the `order` sent with the first create try, reused by every retry.
  // video_*: what retrieve lesson last said about the attached video's processing.
  up(db) {
    db.exec(`
      ALTER TABLE uploads ADD COLUMN batch_id TEXT;
      ALTER TABLE uploads ADD COLUMN lesson_order INTEGER;
      ALTER TABLE uploads ADD COLUMN video_status TEXT;
      ALTER TABLE uploads ADD COLUMN video_error TEXT;
      ALTER TABLE uploads ADD COLUMN duration_seconds REAL;
      ALTER TABLE uploads ADD COLUMN video_checked_at INTEGER;
      ALTER TABLE uploads ADD COLUMN video_polls INTEGER NOT NULL DEFAULT 0;
    `);
  },
};
