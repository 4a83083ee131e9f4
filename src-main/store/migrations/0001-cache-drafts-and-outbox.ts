// Main process / plain Node. The profile database, schema version 1, applied by store/migrate.ts after
// version 0. Shipped: never edit it; a change is a new numbered file.
import type { Migration } from '../migrate.ts';

export const migration: Migration = {
  version: 1,
  name: 'cache, drafts and outbox',
  up: (db) => {
    db.exec(`
      CREATE TABLE cache_entries (
        key        TEXT PRIMARY KEY,
        kind       TEXT NOT NULL,
        data       TEXT NOT NULL,           -- JSON as the server sent it
        fetched_at INTEGER NOT NULL          -- epoch ms
      );
      CREATE INDEX cache_entries_kind ON cache_entries(kind);

      CREATE TABLE drafts (
        id               TEXT PRIMARY KEY,
        resource         TEXT NOT NULL,      -- assessment | assignment | lesson
        operation        TEXT NOT NULL,      -- create | update
        server_id        TEXT,               -- the server resource (update, or after a create)
        parent           TEXT NOT NULL,      -- JSON {courseId?, sectionId?}
        base             TEXT,               -- JSON server copy when editing began
        base_updated_at  TEXT,               -- its updated_datetime
        fields           TEXT NOT NULL,      -- JSON: changed fields (update) / whole body (create)
        idempotency_key  TEXT,               -- creates: generated with the draft
        key_body         TEXT,               -- JSON body last sent with idempotency_key
        in_doubt         INTEGER NOT NULL DEFAULT 0, -- a create may have reached the server
        state            TEXT NOT NULL,
        revision         INTEGER NOT NULL,
        error            TEXT,               -- JSON SyncError of the last failure
        conflict         TEXT,               -- JSON {theirs, theirsUpdatedAt}
        result           TEXT,               -- JSON server copy after the last success
        created_at       INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX drafts_one_per_server_resource ON drafts(resource, server_id)
        WHERE server_id IS NOT NULL;

      CREATE TABLE outbox (
        seq             INTEGER PRIMARY KEY AUTOINCREMENT,
        draft_id        TEXT NOT NULL UNIQUE REFERENCES drafts(id) ON DELETE CASCADE,
        resource_key    TEXT NOT NULL,       -- ordering key, e.g. assessment:<id> or draft:<id>
        operation       TEXT NOT NULL,       -- create | update
        body            TEXT NOT NULL,       -- JSON snapshot (create body / fields to patch)
        draft_revision  INTEGER NOT NULL,
        state           TEXT NOT NULL,       -- queued | sending | failed
        attempts        INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL DEFAULT 0,
        last_error      TEXT,
        created_at      INTEGER NOT NULL,
        updated_at      INTEGER NOT NULL
      );
      CREATE INDEX outbox_resource ON outbox(resource_key, seq);
    `);
  },
};
