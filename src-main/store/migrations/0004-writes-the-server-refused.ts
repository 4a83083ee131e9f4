// Main process / plain Node. The profile database, schema version 4, applied by store/migrate.ts after
// version 3. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../migrate.ts';

export const migration: Migration = {
  version: 4,
  name: 'writes the server refused this key',
  up: (db) => {
    // A 403 on a write marks that kind of change read-only for this workspace, so the app
    // says it once and disables the action with the reason, across restarts, until the key changes
    // or a write of that kind succeeds.
    db.exec(`
      CREATE TABLE write_refusals (
        resource  TEXT PRIMARY KEY,           -- lesson | section | course | assessment | assignment
        message   TEXT NOT NULL,              -- the sentence shown
        noted_at  TEXT NOT NULL               -- ISO 8601
      );
    `);
  },
};
