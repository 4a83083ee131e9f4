/**
 * Main process / plain Node. Faults of the instructor's own machine, told apart from bugs: a full
 * disk (ENOSPC, EDQUOT, SQLITE_FULL, or a SQLite I/O error on a disk with no room left) and a
 * database another Lectern holds locked. Each becomes one typed error carrying one plain sentence
 * (what happened, what to do), which the app shows as a notice and the CLI prints before exiting.
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** Below this much free space a SQLite I/O error is read as "the disk is full". */
const NEARLY_FULL_BYTES = 1024 * 1024;

const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

export class DiskFullError extends Error {
  readonly code = 'DISK_FULL';
  /** The folder whose disk is full (Lectern's data folder, a journal's folder…). */
  readonly folder: string;
  constructor(folder: string, cause?: unknown) {
    super(
      `The disk holding ${folder} is full. Free some space on it, then try again: ` +
        'nothing was lost, and Lectern carries on where it stopped.',
      { cause },
    );
    this.folder = folder;
  }
}

export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
  readonly file: string;
  constructor(file: string, cause?: unknown) {
    super(
      `Another Lectern (the app or a lectern command) kept ${file} busy for too long. ` +
        'Wait for it to finish, then try again.',
      { cause },
    );
    this.file = file;
  }
}

function primarySqliteCode(error: unknown): number | null {
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  return typeof errcode === 'number' ? errcode & 0xff : null;
}

function errnoCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/** Free bytes on the disk holding `path` (its nearest existing folder); null when unknown. */
export function freeBytes(path: string): number | null {
  for (let dir = path; ; dir = dirname(dir)) {
    try {
      const s = statfsSync(dir);
      return Number(s.bavail) * Number(s.bsize);
    } catch {
      if (dirname(dir) === dir) return null;
    }
  }
}

/**
 * True when `error` means the disk is full. `path` is where the write went: a SQLite I/O error
 * (the WAL index or journal could not grow) counts as full when that disk has under 1 MiB left.
 */
export function isDiskFull(error: unknown, path?: string): boolean {
  const code = errnoCode(error);
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  const primary = primarySqliteCode(error);
  if (primary === SQLITE_FULL) return true;
  const message = error instanceof Error ? error.message : '';
  if (/database or disk is full|no space left on device/i.test(message)) return true;
  if ((primary === SQLITE_IOERR || /disk I\/O error/i.test(message)) && path !== undefined) {
    const free = freeBytes(path);
    return free !== null && free < NEARLY_FULL_BYTES;
  }
  return false;
}

export function isDatabaseBusy(error: unknown): boolean {
  const primary = primarySqliteCode(error);
  if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return true;
  return /database is locked|database table is locked/i.test(error instanceof Error ? error.message : '');
}

/**
 * The typed error for a machine fault met while writing `file` (or in folder `file`), else null.
 * Already-typed errors pass through, so a caller may ask twice.
 */
export function localFaultOf(error: unknown, file: string): DiskFullError | DatabaseBusyError | null {
  if (error instanceof DiskFullError || error instanceof DatabaseBusyError) return error;
  if (isDiskFull(error, file)) return new DiskFullError(folderOf(file), error);
  if (isDatabaseBusy(error)) return new DatabaseBusyError(file, error);
  return null;
}

/** The folder a user would look for: a file's own folder, or the folder itself. */
function folderOf(file: string): string {
  return /\.(db|log|json|tmp)$|-wal$|-shm$/.test(file) ? dirname(file) : file;
}
