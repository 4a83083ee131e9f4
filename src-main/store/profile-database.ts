// Main process / plain Node. Opens the one SQLite file of a profile
// (`<dataDir>/profiles/<profileId>/lectern.db`) and collects notices the user must see.
import type { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseCorruptError } from './database.ts';
import { profileMigrations } from './migrations/index.ts';

/** Something the user must be told about the store (plain data, safe for IPC). */
export interface StoreNotice {
  code: 'DATABASE_CORRUPT';
  message: string;
  details: { file: string; movedTo: string };
}

export interface ProfileDatabase {
  readonly db: DatabaseSync;
  readonly file: string;
  /** Non-fatal problems found while opening, e.g. a damaged file moved aside. */
  readonly notices: readonly StoreNotice[];
  close(): void;
}

export class InvalidProfileIdError extends Error {
  readonly code = 'INVALID_PROFILE_ID';
  constructor() {
    super('A profile id may contain only letters, digits, "-" and "_" (1–64 characters).');
  }
}

const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function profileDatabasePath(dataDir: string, profileId: string): string {
  // The id becomes a folder name: refuse anything that could escape `profiles/`.
  if (!PROFILE_ID.test(profileId)) throw new InvalidProfileIdError();
  return join(dataDir, 'profiles', profileId, 'lectern.db');
}

/** Throws SchemaTooNewError (code SCHEMA_TOO_NEW) untouched: the file is never wiped. */
export function openProfileDatabase(options: { dataDir: string; profileId: string }): ProfileDatabase {
  const file = profileDatabasePath(options.dataDir, options.profileId);
  mkdirSync(join(file, '..'), { recursive: true });
  const notices: StoreNotice[] = [];
  const db = openDatabase({
    path: file,
    migrations: profileMigrations,
    synchronous: 'FULL',
    // The cache is refetched from the server; drafts and the outbox exist nowhere else.
    keep: ['drafts', 'outbox', 'contract_deviations'],
    checkIntegrity: true,
    onCorrupt: (error: DatabaseCorruptError) =>
      notices.push({ code: error.code, message: error.message, details: { file: error.file, movedTo: error.movedTo } }),
  });
  let open = true;
  return {
    db,
    file,
    notices,
    close: () => {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}
