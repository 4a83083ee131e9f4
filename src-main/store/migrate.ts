/**
 * Main process / plain Node. The one migration runner (Signal-Desktop style): every SQLite file's
 * migrations live one per file in its folder's `migrations/NNNN-name.ts`, numbered 1..n, and are
 * applied here in order, each in its own transaction, `PRAGMA user_version` recording the last one.
 */
import type { DatabaseSync } from 'node:sqlite';
import { isDiskFull } from '../platform/index.ts';

export interface Migration {
  /** 1, 2, 3 … in order, the number its file name starts with; never renumber a shipped migration. */
  version: number;
  name: string;
  up: (db: DatabaseSync) => void;
}

export class SchemaTooNewError extends Error {
  readonly code = 'SCHEMA_TOO_NEW';
  readonly file: string;
  readonly found: number;
  readonly known: number;
  constructor(file: string, found: number, known: number) {
    super(
      `The database ${file} has schema version ${found}, but this Lectern knows only up to ${known}. ` +
        'It was written by a newer Lectern; update the app. Nothing was changed.',
    );
    this.file = file;
    this.found = found;
    this.known = known;
  }
}

export class MigrationFailedError extends Error {
  readonly code = 'MIGRATION_FAILED';
  readonly file: string;
  readonly version: number;
  readonly migration: string;
  constructor(file: string, migration: Migration, cause: unknown) {
    super(
      `Updating the database ${file} to schema version ${migration.version} (${migration.name}) failed; ` +
        `it was left at version ${migration.version - 1}, unchanged.`,
      { cause },
    );
    this.file = file;
    this.version = migration.version;
    this.migration = migration.name;
  }
}

export function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** Brings `db` from its user_version to the last of `migrations`, one transaction per step. */
export function migrate(db: DatabaseSync, file: string, migrations: readonly Migration[]): void {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`Migrations must be numbered 1..n without gaps; found ${m.version}`);
  });
  const current = userVersion(db);
  if (current > sorted.length) throw new SchemaTooNewError(file, current, sorted.length);
  for (const migration of sorted.slice(current)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      rollbackQuietly(db);
      // A damaged file must still reach the move-aside path, a full disk its own sentence;
      // anything else names the step that failed.
      if (isCorruption(error) || isDiskFull(error, file)) throw error;
      throw new MigrationFailedError(file, migration, error);
    }
  }
}

export function isCorruption(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /file is not a database|database disk image is malformed|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(message);
}

/** Rolls back what is still open; never throws over the error being handled. */
export function rollbackQuietly(db: DatabaseSync): void {
  if (!db.isOpen || !db.isTransaction) return;
  try {
    db.exec('ROLLBACK');
  } catch {
    // The first error is the one worth telling; SQLite ends the transaction either way.
  }
}
