// Main process / plain Node. Deletes that wait in the outbox before they are sent, so "Undo" is
// real: until the not-before time passes the row is only local and cancelling it sends nothing.
// A delete is a draft of operation `delete` (its `base` is the server copy, whose `id` is the
// target; `server_id` stays empty so it never clashes with the resource's edit draft) plus one
// outbox row whose `next_attempt_at` is the not-before time. It shares the resource's ordering
// key, so edits queued before it are sent first.
import type { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import type { DraftRow, DraftStore } from './drafts.ts';
import { draftLocked, SyncServiceError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { DraftParent, ResourceKind } from './resources.ts';

export interface PendingDelete {
  draftId: string;
  resource: ResourceKind;
  targetId: string;
  parent: DraftParent;
  title: string;
  /** queued (waiting or backing off), sending, failed. */
  state: string;
  /** When it will be sent, at the earliest (ms since epoch). */
  notBefore: number;
  inDoubt: boolean;
  error: string | null;
}

export const deleteTarget = (row: Pick<DraftRow, 'base'>): string => {
  const id = (JSON.parse(row.base ?? '{}') as Fields).id;
  if (typeof id !== 'string') throw new Error('delete draft without a target id');
  return id;
};

export const deleteKey = (resource: ResourceKind, targetId: string) => `${resource}:${targetId}`;

export function listPendingDeletes(db: DatabaseSync): PendingDelete[] {
  const rows = db
    .prepare(
      `SELECT d.*, o.next_attempt_at, o.state AS op_state FROM drafts d JOIN outbox o ON o.draft_id = d.id
        WHERE d.operation = 'delete' ORDER BY o.seq`,
    )
    .all() as unknown as (DraftRow & { next_attempt_at: number; op_state: string })[];
  return rows.map((row) => {
    const base = JSON.parse(row.base ?? '{}') as Fields;
    return {
      draftId: row.id,
      resource: row.resource,
      targetId: deleteTarget(row),
      parent: JSON.parse(row.parent) as DraftParent,
      title: typeof base.title === 'string' ? base.title : '',
      state: row.op_state,
      notBefore: row.next_attempt_at,
      inDoubt: row.in_doubt === 1,
      error: row.error,
    };
  });
}

/** Queues a delete to be sent no sooner than `notBefore`. A second request for the same target
 * returns the one already waiting. Call inside a transaction. */
export function insertDelete(
  db: DatabaseSync,
  drafts: DraftStore,
  input: { resource: ResourceKind; parent: DraftParent; copy: Fields; notBefore: number; now: number },
): string {
  const targetId = input.copy.id;
  if (typeof targetId !== 'string') throw new SyncServiceError('DRAFT_INVALID', 'Nothing to delete: no id.');
  const existing = listPendingDeletes(db).find((p) => p.resource === input.resource && p.targetId === targetId);
  if (existing) return existing.draftId;
  const id = randomUUID();
  db.prepare(
    `INSERT INTO drafts (id, resource, operation, server_id, parent, base, base_updated_at, fields, idempotency_key,
       state, revision, created_at, updated_at) VALUES (?, ?, 'delete', NULL, ?, ?, NULL, '{}', NULL, 'queued', 1, ?, ?)`,
  ).run(id, input.resource, JSON.stringify(input.parent), JSON.stringify(input.copy), input.now, input.now);
  db.prepare(
    `INSERT INTO outbox (draft_id, resource_key, operation, body, draft_revision, state, attempts, next_attempt_at,
       created_at, updated_at) VALUES (?, ?, 'delete', '{}', 1, 'queued', 0, ?, ?, ?)`,
  ).run(id, deleteKey(input.resource, targetId), input.notBefore, input.now, input.now);
  drafts.row(id); // read back: proves the insert
  return id;
}

/** "Undo": removes a delete that has not left. Refused once its request may have gone out. */
export function cancelDelete(drafts: DraftStore, draftId: string): void {
  const row = drafts.row(draftId);
  if (row.operation !== 'delete') {
    throw new SyncServiceError('NOT_A_DELETE', 'This is not a waiting delete.', { draftId });
  }
  if (row.state === 'sending' || row.state === 'sent' || row.in_doubt === 1) {
    throw draftLocked(draftId, row.state, 'The delete has already been sent to the server.');
  }
  drafts.discard(draftId); // its outbox row goes with it
}
