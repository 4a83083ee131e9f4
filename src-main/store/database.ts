/**
 * Main process / plain Node. Opens a node:sqlite database and brings it to the newest schema
 * with its numbered migrations (migrate.ts). Used by the app store, the upload journal,
 * workspaces and the sandbox server, so there is one code path for every SQLite file.
 */
import { DatabaseSync } from 'node:sqlite';
import { existsSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { DiskFullError, isDiskFull } from '../platform/index.ts';
import { salvageRows, type Recovered } from './salvage.ts';
import { isCorruption, migrate, rollbackQuietly, SchemaTooNewError, type Migration } from './migrate.ts';

export { MigrationFailedError, rollbackQuietly, SchemaTooNewError, type Migration } from './migrate.ts';

export class DatabaseCorruptError extends Error {
  readonly code = 'DATABASE_CORRUPT';
  readonly file: string;
  readonly movedTo: string;
  /** Why it was set aside: unreadable, or written by a newer Lectern. */
  readonly reason: 'damaged' | 'newer';
  /** Rows carried over into the new file, per table. */
  readonly recovered: Recovered;
  constructor(file: string, movedTo: string, cause: unknown, reason: 'damaged' | 'newer', recovered: Recovered) {
    const why =
      reason === 'newer' ? `The database ${file} was written by a newer Lectern` : `The database ${file} was damaged`;
    const rows = Object.entries(recovered).filter(([, n]) => n > 0);
    const kept =
      rows.length > 0
        ? ` What could still be read was carried over (${rows.map(([t, n]) => `${t}: ${n}`).join(', ')}).`
        : '';
    const next = reason === 'newer' ? ' Update Lectern to use the set-aside file again.' : '';
    super(`${why}; it was set aside as ${movedTo} (not deleted) and a new one was started.${kept}${next}`, {
      cause,
    });
    this.file = file;
    this.movedTo = movedTo;
    this.reason = reason;
    this.recovered = recovered;
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
  /** Tables whose readable rows are carried from a set-aside file into the new one (parents first). */
  keep?: readonly string[];
  /**
   * A file from a newer Lectern: 'refuse' (SchemaTooNewError, the default) or 'set-aside' like a
   * damaged one, its rows carried over (for files this version can rebuild or re-derive).
   */
  tooNew?: 'refuse' | 'set-aside';
  /** Run SQLite's quick_check on open, so damage deep inside a table is found now, not mid-write. */
  checkIntegrity?: boolean;
}

export function openDatabase(options: OpenOptions): DatabaseSync {
  const { path } = options;
  try {
    return openAndMigrate(options);
  } catch (error) {
    if (path !== ':memory:' && isDiskFull(error, path)) throw new DiskFullError(dirname(path), error);
    const newer = error instanceof SchemaTooNewError && options.tooNew === 'set-aside';
    if (
      path === ':memory:' ||
      !existsSync(path) ||
      !(newer || (!(error instanceof SchemaTooNewError) && isCorruption(error)))
    ) {
      throw error;
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const movedTo = `${path}.${newer ? 'newer' : 'corrupt'}-${stamp}`;
    renameSync(path, movedTo);
    for (const suffix of ['-wal', '-shm']) {
      if (existsSync(path + suffix)) renameSync(path + suffix, movedTo + suffix);
    }
    const db = openAndMigrate(options);
    const recovered = options.keep ? salvageRows(movedTo, db, options.keep) : {};
    options.onCorrupt?.(new DatabaseCorruptError(path, movedTo, error, newer ? 'newer' : 'damaged', recovered));
    return db;
  }
}

function openAndMigrate({ path, migrations, synchronous = 'FULL', checkIntegrity }: OpenOptions): DatabaseSync {
  const db = new DatabaseSync(path);
  try {
    // Another Lectern (app or CLI) may hold the write lock for a moment: wait for it, never fail.
    db.exec('PRAGMA busy_timeout = 15000');
    if (path !== ':memory:') db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA synchronous = ${synchronous}`);
    db.exec('PRAGMA foreign_keys = ON');
    // Touch the schema so a damaged file fails here, not halfway through the app.
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    if (checkIntegrity) {
      const problems = (db.prepare('PRAGMA quick_check').all() as { quick_check: string }[]).filter(
        (r) => r.quick_check !== 'ok',
      );
      if (problems.length > 0) throw new Error(`SQLITE_CORRUPT: quick_check: ${problems[0]!.quick_check}`);
    }
    migrate(db, path, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs fn inside one transaction; rolls back on throw and rethrows fn's (or COMMIT's) own error.
 * SQLite may already have rolled back by itself (SQLITE_FULL, an I/O error, a failed COMMIT): a
 * second ROLLBACK would then fail with "no transaction is active" and hide the real cause.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  // Inside another transaction (a batch of journal writes): a savepoint, so this part still rolls
  // back alone on a throw and the outer transaction decides when everything commits.
  if (db.isTransaction) return savepoint(db, fn);
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    rollbackQuietly(db);
    throw error;
  }
}

let savepoints = 0;

function savepoint<T>(db: DatabaseSync, fn: () => T): T {
  const name = `nested_${++savepoints}`;
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = fn();
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    // SQLite may have ended the whole transaction by itself (SQLITE_FULL): then nothing is left to undo here.
    if (db.isOpen && db.isTransaction) {
      try {
        db.exec(`ROLLBACK TO ${name}`);
        db.exec(`RELEASE ${name}`);
      } catch {
        // The first error is the one worth telling.
      }
    }
    throw error;
  }
}
