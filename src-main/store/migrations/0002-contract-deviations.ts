// Main process / plain Node. The profile database, schema version 2, applied by store/migrate.ts after
// version 1. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../migrate.ts';

export const migration: Migration = {
  version: 2,
  name: 'contract deviations',
  up: (db) => {
    // What a server sent that differs from the reference and was tolerated: one row per
    // operation and JSON path (list indices folded), never the key (`received` is redacted).
    db.exec(`
      CREATE TABLE contract_deviations (
        operation  TEXT NOT NULL,            -- catalogue id, e.g. courses.list
        json_path  TEXT NOT NULL,            -- e.g. data.results[*].level
        expected   TEXT NOT NULL,
        received   TEXT NOT NULL,            -- short description of the latest value
        count      INTEGER NOT NULL,
        first_seen TEXT NOT NULL,            -- ISO 8601
        last_seen  TEXT NOT NULL,
        PRIMARY KEY (operation, json_path)
      );
    `);
  },
};
