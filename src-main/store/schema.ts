// Main process / plain Node. The per-profile database schema: the resource cache, drafts and the
// sync outbox live in one file so a draft's state change and its outbox row share a transaction.
import type { Migration } from './database.ts';

export const profileMigrations: readonly Migration[] = [
  {
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
  },
  {
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
  },
  {
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
  },
  {
    version: 4,
    name: 'writes the server refused this key',
    up: (db) => {
      // Issue 24: a 403 on a write marks that kind of change read-only for this workspace, so the app
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
  },
];
