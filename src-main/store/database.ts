/**
 * Main process / plain Node. Opens a node:sqlite database and brings it to the newest schema
 * with numbered migrations (Signal-Desktop style). Used by the app store, the upload journal,
 * workspaces and the sandbox server, so there is one code path for every SQLite file.
 */
import { DatabaseSync } from 'node:sqlite';
import { existsSync, renameSync } from 'node:fs';

export interface Migration {
  /** 1, 2, 3 … in order; never renumber a shipped migration. */
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

export class DatabaseCorruptError extends Error {
  readonly code = 'DATABASE_CORRUPT';
  readonly file: string;
  readonly movedTo: string;
  constructor(file: string, movedTo: string, cause: unknown) {
    super(`The database ${file} was damaged and has been moved aside to ${movedTo}. A new one was started.`, {
      cause,
    });
    this.file = file;
    this.movedTo = movedTo;
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

export interface OpenOptions {
  /** ':memory:' or a file path. */
  path: string;
  migrations: readonly Migration[];
  /** FULL where a lost write would lose user work (drafts, outbox, journal). */
  synchronous?: 'FULL' | 'NORMAL';
  /**
   * Called when an unreadable file was moved aside. The caller must tell the user;
   * we never reset silently.
   */
  onCorrupt?: (error: DatabaseCorruptError) => void;
}

export function openDatabase(options: OpenOptions): DatabaseSync {
  const { path } = options;
  try {
    return openAndMigrate(options);
  } catch (error) {
    if (path === ':memory:' || error instanceof SchemaTooNewError || !isCorruption(error) || !existsSync(path)) {
      throw error;
    }
    const movedTo = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(path, movedTo);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
    }
    const notice = new DatabaseCorruptError(path, movedTo, error);
    options.onCorrupt?.(notice);
    return openAndMigrate(options);
  }
}

function openAndMigrate({ path, migrations, synchronous = 'FULL' }: OpenOptions): DatabaseSync {
  const db = new DatabaseSync(path);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA synchronous = ${synchronous}`);
    db.exec('PRAGMA foreign_keys = ON');
    // Touch the schema so a damaged file fails here, not halfway through the app.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    migrate(db, path, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function migrate(db: DatabaseSync, file: string, migrations: readonly Migration[]): void {
  const sorted = [...migrations].sort((a, b) => a.version - b.version);
  sorted.forEach((m, index) => {
    if (m.version !== index + 1) throw new Error(`Migrations must be numbered 1..n without gaps; found ${m.version}`);
  });
  const known = sorted.length;
  const current = Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
  if (current > known) throw new SchemaTooNewError(file, current, known);
  for (const migration of sorted.slice(current)) {
    db.exec('BEGIN IMMEDIATE');
    try {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      // A damaged file must still reach the move-aside path; anything else names the step that failed.
      throw isCorruption(error) ? error : new MigrationFailedError(file, migration, error);
    }
  }
}

function isCorruption(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /file is not a database|database disk image is malformed|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(message);
}

/** Runs fn inside one transaction; rolls back on throw. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
