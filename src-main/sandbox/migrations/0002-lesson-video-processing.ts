// Main process / plain Node. The sandbox server's database, schema version 2, applied by store/migrate.ts after
// version 1. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 2,
  name: 'lesson video processing',
  // NULL status: a lesson from before processing existed (or a seed's), read as processed.
  up: (db) => {
    db.exec(`
      ALTER TABLE lessons ADD COLUMN video_status TEXT;
      ALTER TABLE lessons ADD COLUMN video_error TEXT NOT NULL DEFAULT '';
      ALTER TABLE lessons ADD COLUMN video_due_ms INTEGER;
    `);
  },
};
