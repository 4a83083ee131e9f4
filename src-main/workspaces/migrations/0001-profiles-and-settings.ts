// Main process / plain Node. The workspaces database, schema version 1, applied by store/migrate.ts after
// version 0. Shipped: never edit it; a change is a new numbered file. There is deliberately no column for the
// key: keys live only in the OS keychain (or, for the built-in Sandbox, in memory); `key_hint` holds
// at most 4 characters.
import type { Migration } from '../../store/index.ts';

export const migration: Migration = {
  version: 1,
  name: 'profiles and settings',
  up: (db) => {
    db.exec(`
      CREATE TABLE profiles (
        id               TEXT PRIMARY KEY,
        name             TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
        environment      TEXT NOT NULL CHECK (environment IN ('production', 'staging', 'custom', 'sandbox')),
        base_url         TEXT NOT NULL,
        key_mode         TEXT NOT NULL CHECK (key_mode IN ('tenant', 'service-provider')),
        has_key          INTEGER NOT NULL DEFAULT 0 CHECK (has_key IN (0, 1)),
        key_hint         TEXT CHECK (key_hint IS NULL OR length(key_hint) <= 4),
        access           TEXT CHECK (access IS NULL OR access IN ('full', 'assessments-forbidden', 'module-forbidden', 'unknown')),
        last_verified_at TEXT,
        created_at       TEXT NOT NULL,
        updated_at       TEXT NOT NULL
      ) STRICT;
      -- At most one built-in Sandbox profile.
      CREATE UNIQUE INDEX profiles_one_sandbox ON profiles (environment) WHERE environment = 'sandbox';
      CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `);
  },
};
