// Main process / plain Node. The profile database, schema version 5, applied by store/migrate.ts after
// version 4. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../migrate.ts';

export const migration: Migration = {
  version: 5,
  name: 'outline lessons as rows',
  up: (db) => {
    // A course's cached outline keeps each lesson in a row of its own (sync/cache/outline-rows.ts):
    // a section of thousands of lessons was one value of megabytes, bound, stored and read whole
    // each time one lesson changed. Outlines cached before this keep their lessons inline and are
    // read as they are; their next write splits them.
    db.exec(`
      CREATE TABLE cache_lessons (
        key        TEXT NOT NULL REFERENCES cache_entries(key) ON DELETE CASCADE, -- the outline's key
        section_id TEXT NOT NULL,
        position   INTEGER NOT NULL,         -- 0-based, as the cached list has it
        data       TEXT NOT NULL,            -- the lesson's JSON as the server sent it
        PRIMARY KEY (key, section_id, position)
      );
    `);
  },
};
