// Main process / plain Node. Who drives an upload when the app and `lectern upload` (or two
// commands) share one journal: one process at a time owns a row. The owner is named by its process
// id and start time, so a killed owner (or a recycled pid) is seen as gone and its uploads are
// taken over at once — no heartbeat, nothing racing the wall clock. A killed process its parent
// has not reaped yet (a zombie) still answers `kill(pid, 0)` and keeps its start time: its state
// in /proc says it is dead. Ownership lives in its own table, created at open: it is not data (it
// means nothing once its process is gone).
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { statement } from '../store/index.ts';
import { progressWords } from './upload-words.ts';

export interface Owner {
  pid: number;
  /** The process's start time as the OS counts it (Linux: clock ticks after boot), else null. */
  started: string | null;
}

const OWNER_TABLE = `CREATE TABLE IF NOT EXISTS upload_owners (
  upload_id TEXT PRIMARY KEY,
  owner TEXT NOT NULL
)`;

export function ensureOwnerTable(db: DatabaseSync): void {
  db.exec(OWNER_TABLE);
}

interface ProcStat {
  /** One letter: R, S, D, T… running or sleeping; Z (zombie) or X (dead) have exited. */
  state: string;
  /** Field 22: clock ticks after boot. */
  started: string | null;
}

/** Fields of `/proc/PID/stat` (Linux), or null where the OS does not tell or the pid is gone. */
function procStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Counted after the command name (which may hold spaces and parentheses) in parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', started: fields[19] ?? null };
  } catch {
    return null;
  }
}

export function thisProcess(): Owner {
  return { pid: process.pid, started: procStat(process.pid)?.started ?? null };
}

/** `pid:start:token`; the token tells two engines of one process apart (tests, a workspace switch). */
export function ownerText(owner: Owner, token: string): string {
  return `${owner.pid}:${owner.started ?? ''}:${token}`;
}

function parseOwner(text: string): Owner {
  const [pid, started] = text.split(':');
  return { pid: Number(pid), started: started ? started : null };
}

/** True while the process named by `text` still runs (the same process, not a recycled pid). */
export function ownerAlive(text: string): boolean {
  const owner = parseOwner(text);
  if (!Number.isInteger(owner.pid) || owner.pid <= 0) return false;
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = procStat(owner.pid);
  if (stat === null) return owner.started === null || process.platform !== 'linux';
  if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  return owner.started === null || stat.started === null || stat.started === owner.started;
}

/**
 * Takes `uploadId` for `me` unless another live process owns it. Returns null when taken (or
 * already ours), else the pid of the process that drives it. Call inside a write transaction.
 */
export function claimRow(db: DatabaseSync, uploadId: string, me: string): number | null {
  const row = statement(db, 'SELECT owner FROM upload_owners WHERE upload_id = ?').get(uploadId) as
    { owner: string } | undefined;
  if (row && row.owner !== me && ownerAlive(row.owner)) return parseOwner(row.owner).pid;
  statement(
    db,
    'INSERT INTO upload_owners (upload_id, owner) VALUES (?, ?) ON CONFLICT (upload_id) DO UPDATE SET owner = excluded.owner',
  ).run(uploadId, me);
  return null;
}

export function releaseRows(db: DatabaseSync, me: string): void {
  statement(db, 'DELETE FROM upload_owners WHERE owner = ?').run(me);
}

export function runningElsewhereMessage(fileName: string, pid: number): string {
  return progressWords.runningElsewhere(fileName, pid);
}
