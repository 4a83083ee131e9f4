// Main process / plain Node. The profile database, schema version 3, applied by store/migrate.ts after
// version 2. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../migrate.ts';

export const migration: Migration = {
  version: 3,
  name: 'operations this server does not offer',
  up: (db) => {
    // ASSUMPTIONS.md "Course structure": a server may lack section writes or course update. Once
    // seen (405, or 404 while the course exists) it is remembered for this workspace, so the app
    // says it once and disables the action with the reason, across restarts.
    db.exec(`
      CREATE TABLE missing_operations (
        operation TEXT PRIMARY KEY,          -- catalogue id, e.g. sections.create
        message   TEXT NOT NULL,             -- the sentence shown, e.g. This server does not let Lectern create sections.
        status    INTEGER,                   -- the HTTP status that showed it (405 or 404)
        noted_at  TEXT NOT NULL              -- ISO 8601
      );
    `);
  },
};
