// Main process / plain Node. Writes this workspace's key is refused: a 403 on a write
// (create, update or delete that left for the server) marks that kind of change read-only, kept in
// the workspace's database so the app says it once and disables the action with the reason, across
// restarts. A later write of that kind that succeeds, or a new key, clears it. Reads never mark it:
// a key may well view what it may not change (catalogue.ts, "Write permissions").
import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { t } from '../i18n/index.ts';
import { openProfileDatabase, profileDatabasePath } from '../store/index.ts';
import { errorKind } from './errors.ts';
import { SyncServiceError } from './errors.ts';
import type { ResourceKind } from './resources.ts';

export interface WriteRefusal {
  resource: ResourceKind;
  message: string;
  notedAt: string;
}

export interface WriteAccess {
  refused(): WriteRefusal[];
  /** Notes a refused write; the refusal the first time (say it once), else null. */
  noteRefused(resource: ResourceKind, error: unknown): WriteRefusal | null;
  /** A write of this kind went through: the key may change it after all. True if a mark went. */
  noteAllowed(resource: ResourceKind): boolean;
  /** Throws WRITE_REFUSED when this kind of change is known to be refused for this key. */
  assertAllowed(resource: ResourceKind): void;
  /** The key changed: what the old one was refused says nothing about the new one. */
  forget(): void;
}

/**
 * The sentence shown once, and again as the reason on every disabled action of that kind. Said when
 * read, in the language chosen now; the row's message column keeps the words it was noted in.
 */
export function refusalSentence(resource: ResourceKind): string {
  return t(
    {
      id: 'sync.writeAccess.refused',
      defaultMessage:
        'This workspace’s key may view {resource, select, lesson {lessons} section {sections} course {courses} assessment {assessments} other {assignments}} but not change them (the server refused a change). Ask your administrator for a key that may change {resource, select, lesson {lessons} section {sections} course {courses} assessment {assessments} other {assignments}}, or replace the key under Workspaces.',
    },
    { resource },
  );
}

/** A 403 answer to a write request. */
export function isWriteRefusal(error: unknown): boolean {
  return errorKind(error) === 'Forbidden';
}

export function createWriteAccess(db: DatabaseSync, now: () => number = Date.now): WriteAccess {
  const refused = (): WriteRefusal[] =>
    (
      db.prepare('SELECT resource, noted_at FROM write_refusals ORDER BY resource').all() as {
        resource: ResourceKind;
        noted_at: string;
      }[]
    ).map((row) => ({ resource: row.resource, message: refusalSentence(row.resource), notedAt: row.noted_at }));

  return {
    refused,
    noteRefused(resource, error) {
      if (!isWriteRefusal(error)) return null;
      const entry: WriteRefusal = {
        resource,
        message: refusalSentence(resource),
        notedAt: new Date(now()).toISOString(),
      };
      const inserted = db
        .prepare('INSERT INTO write_refusals (resource, message, noted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
        .run(entry.resource, entry.message, entry.notedAt);
      return Number(inserted.changes) > 0 ? entry : null;
    },
    noteAllowed(resource) {
      return Number(db.prepare('DELETE FROM write_refusals WHERE resource = ?').run(resource).changes) > 0;
    },
    assertAllowed(resource) {
      const found = refused().find((r) => r.resource === resource);
      if (found) throw new SyncServiceError('WRITE_REFUSED', found.message, { resource });
    },
    forget() {
      db.prepare('DELETE FROM write_refusals').run();
    },
  };
}

/**
 * A workspace that is not open got a new key: its refusals go from its own file (none to forget when
 * it has no file yet). The open workspace's go through its sync service (`forgetWriteRefusals`), so
 * the status bar hears of it.
 */
export function forgetWriteRefusalsOf(dataDir: string, profileId: string): void {
  if (!existsSync(profileDatabasePath(dataDir, profileId))) return;
  const store = openProfileDatabase({ dataDir, profileId });
  try {
    createWriteAccess(store.db).forget();
  } finally {
    store.close();
  }
}
