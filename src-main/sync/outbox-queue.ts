// Main process / plain Node. The outbox table's rows: what "Save to server", reopen, retry and
// conflict resolution do to a draft and its row, each run inside the caller's transaction, and
// how the table reads back as a list and a summary. The worker that sends rows is in outbox.ts.
import type { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import type { DraftRow, DraftStore } from './drafts.ts';
import { draftInvalid, draftLocked, SyncServiceError, type SyncError } from './errors.ts';
import { deepEqual, resolveConflicts, type ConflictChoice, type Fields } from './merge.ts';
import { draftTitle, validateBody, type DraftOperation, type ResourceKind } from './resources.ts';
import { deleteKey, deleteTarget } from './deletes.ts';
import type { OutboxState } from '../../src-shared/index.ts';

export interface OutboxItem {
  seq: number;
  draftId: string;
  resource: ResourceKind;
  operation: DraftOperation;
  /** Items with the same key are sent strictly in `seq` order. */
  resourceKey: string;
  title: string;
  state: OutboxState;
  attempts: number;
  /** When a queued item that failed transiently will be tried again (null = as soon as online). */
  nextAttemptAt: string | null;
  lastError: SyncError | null;
  inDoubt: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface OutboxSummary {
  count: number;
  queued: number;
  sending: number;
  failed: number;
  /** Drafts changed on the server too, waiting for the user's choice (no outbox row). */
  conflicts: number;
  /** Drafts whose resource was deleted on the server (no outbox row; kept until discarded). */
  deletedOnServer: number;
}

export interface OutboxRow {
  seq: number;
  draft_id: string;
  resource_key: string;
  operation: DraftOperation;
  body: string;
  draft_revision: number;
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

export interface QueueContext {
  db: DatabaseSync;
  drafts: DraftStore;
  now: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

const opOf = (db: DatabaseSync, draftId: string) =>
  (db.prepare('SELECT * FROM outbox WHERE draft_id = ?').get(draftId) as OutboxRow | undefined) ?? null;

/** Validates the draft and gives it a fresh `queued` row (nothing if it is already on its way). */
export function queueDraft(ctx: QueueContext, draftId: string): void {
  const { db, drafts, now } = ctx;
  const row = drafts.row(draftId);
  switch (row.state) {
    case 'queued':
    case 'sending':
      return; // already on its way (a double click)
    case 'conflict':
      throw new SyncServiceError('DRAFT_IN_CONFLICT', 'Resolve the conflicting fields before saving to the server.', {
        draftId,
      });
    case 'deleted-on-server':
      throw new SyncServiceError(
        'DELETED_ON_SERVER',
        'This was deleted on the server; your draft is kept but cannot be sent.',
        {
          draftId,
        },
      );
    default:
      break;
  }
  if (row.operation === 'delete') {
    // A failed delete sent again: no waiting this time, the user asked for it now.
    const at = now();
    db.prepare('DELETE FROM outbox WHERE draft_id = ?').run(draftId);
    db.prepare(
      `INSERT INTO outbox (draft_id, resource_key, operation, body, draft_revision, state, attempts, next_attempt_at,
         created_at, updated_at) VALUES (?, ?, 'delete', '{}', ?, 'queued', 0, 0, ?, ?)`,
    ).run(draftId, resourceKey(row), row.revision, at, at);
    drafts.update(draftId, { state: 'queued', error: null });
    return;
  }
  const body = JSON.parse(row.fields) as Fields;
  if (row.operation === 'update' && Object.keys(body).length === 0) {
    // Nothing changed: the draft is simply in step with the server copy it holds.
    // `base` is the newest server copy the draft knows (a merge may have rebased it after the last
    // send), so it, not an older `result`, is what the next edit must start from.
    if (row.state !== 'sent') drafts.update(draftId, { state: 'sent', error: null, result: row.base ?? row.result });
    return;
  }
  if (row.state === 'sent') return;
  const problems = validateBody(row.resource, row.operation, body);
  if (problems.length > 0) throw draftInvalid(problems);
  let key = row.idempotency_key;
  if (row.operation === 'create' && row.key_body !== null && !deepEqual(JSON.parse(row.key_body), body)) {
    // The server answered the old body definitively (nothing was created): a changed body needs a
    // fresh key, or the server would call it a different request with a reused key (409).
    if (row.in_doubt === 1) throw draftLocked(draftId, row.state, 'This draft may already exist on the server.');
    key = randomUUID();
  }
  const at = now();
  db.prepare('DELETE FROM outbox WHERE draft_id = ?').run(draftId);
  db.prepare(
    `INSERT INTO outbox (draft_id, resource_key, operation, body, draft_revision, state, attempts, next_attempt_at,
       created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'queued', 0, 0, ?, ?)`,
  ).run(draftId, resourceKey(row), row.operation, row.fields, row.revision, at, at);
  drafts.update(draftId, {
    state: 'queued',
    error: null,
    idempotency_key: key,
    key_body: key === row.idempotency_key ? row.key_body : null,
  });
}

/** Takes a queued draft's row away and the draft back to editing. */
export function reopenDraft(ctx: QueueContext, draftId: string): void {
  const { db, drafts } = ctx;
  const row = drafts.row(draftId);
  if (row.operation === 'delete') {
    throw draftLocked(draftId, row.state, 'A delete cannot be edited; undo it instead.');
  }
  if (row.state !== 'queued') {
    if (row.state === 'editing') return;
    throw draftLocked(draftId, row.state, 'Only a draft waiting in the outbox can be reopened.');
  }
  if (row.in_doubt === 1) {
    // Editing now could conflict with our own write, or reuse a create key with a new body.
    throw draftLocked(draftId, row.state, 'This may already have reached the server; let it finish sending.');
  }
  db.prepare('DELETE FROM outbox WHERE draft_id = ?').run(draftId);
  drafts.update(draftId, { state: 'editing' });
}

/** A failed or backing-off row becomes due now; a failed draft without a row is queued again. */
export function retryDraft(ctx: QueueContext, draftId: string): void {
  const { db, drafts, now } = ctx;
  const row = drafts.row(draftId);
  const op = opOf(db, draftId);
  if (op && (op.state === 'failed' || op.state === 'queued')) {
    db.prepare(
      `UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = 0, updated_at = ? WHERE seq = ?`,
    ).run(now(), op.seq);
    drafts.update(draftId, { state: 'queued', error: null });
  } else if (!op && (row.state === 'failed' || row.state === 'editing')) {
    queueDraft(ctx, draftId);
  } else if (row.state !== 'sending') {
    throw draftLocked(draftId, row.state, 'There is nothing to retry for this draft.');
  }
}

/** Applies the user's choice per field; the draft goes back to editing on top of the server's copy. */
export function resolveDraftConflict(
  drafts: DraftStore,
  draftId: string,
  choices: Record<string, ConflictChoice>,
): void {
  const row = drafts.row(draftId);
  if (row.state !== 'conflict' || row.conflict === null) {
    throw new SyncServiceError('NOT_IN_CONFLICT', 'This draft has no conflict to resolve.', {
      draftId,
      state: row.state,
    });
  }
  const stored = JSON.parse(row.conflict) as { theirs: Fields; theirsUpdatedAt: string | null };
  const next = resolveConflicts(
    {
      base: JSON.parse(row.base ?? '{}') as Fields,
      mine: JSON.parse(row.fields) as Fields,
      theirs: stored.theirs,
    },
    choices,
  );
  drafts.update(draftId, {
    base: JSON.stringify(stored.theirs),
    base_updated_at: stored.theirsUpdatedAt,
    fields: JSON.stringify(next),
    conflict: null,
    error: null,
    state: 'editing',
    revision: row.revision + 1,
  });
}

export function listOutbox(db: DatabaseSync): OutboxItem[] {
  const rows = db
    .prepare(
      `SELECT o.*, d.resource, d.fields AS draft_fields, d.base AS draft_base, d.in_doubt
         FROM outbox o JOIN drafts d ON d.id = o.draft_id ORDER BY o.seq`,
    )
    .all() as unknown as (OutboxRow & {
    resource: ResourceKind;
    draft_fields: string;
    draft_base: string | null;
    in_doubt: number;
  })[];
  return rows.map((r) => ({
    seq: r.seq,
    draftId: r.draft_id,
    resource: r.resource,
    operation: r.operation,
    resourceKey: r.resource_key,
    title: draftTitle({
      ...(JSON.parse(r.draft_base ?? '{}') as Fields),
      ...(JSON.parse(r.draft_fields) as Fields),
    }),
    state: r.state,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at > 0 ? iso(r.next_attempt_at) : null,
    lastError: r.last_error ? (JSON.parse(r.last_error) as SyncError) : null,
    inDoubt: r.in_doubt === 1,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  }));
}

export function outboxSummary(db: DatabaseSync): OutboxSummary {
  const rows = db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as {
    state: OutboxState;
    n: number;
  }[];
  const by = (s: OutboxState) => rows.find((r) => r.state === s)?.n ?? 0;
  const drafts = db
    .prepare(`SELECT state, count(*) AS n FROM drafts WHERE state IN ('conflict', 'deleted-on-server') GROUP BY state`)
    .all() as { state: string; n: number }[];
  const draftsIn = (state: string) => drafts.find((r) => r.state === state)?.n ?? 0;
  return {
    count: by('queued') + by('sending') + by('failed'),
    queued: by('queued'),
    sending: by('sending'),
    failed: by('failed'),
    conflicts: draftsIn('conflict'),
    deletedOnServer: draftsIn('deleted-on-server'),
  };
}

/** Rows left `sending` by a crash go back to `queued`; run in one transaction at start. */
export function recoverOutbox(db: DatabaseSync): void {
  db.prepare(`UPDATE outbox SET state = 'queued', next_attempt_at = 0 WHERE state = 'sending'`).run();
  db.prepare(`UPDATE drafts SET state = 'queued' WHERE state = 'sending'`).run();
  // A queued draft must have a row to be sent by; if not, give it back to the user.
  db.prepare(
    `UPDATE drafts SET state = 'editing' WHERE state IN ('queued', 'failed') AND id NOT IN (SELECT draft_id FROM outbox)`,
  ).run();
}

/** Updates of a server resource share one key so they can never overtake each other. */
function resourceKey(row: Pick<DraftRow, 'id' | 'resource' | 'server_id' | 'operation' | 'base'>): string {
  if (row.operation === 'delete') return deleteKey(row.resource, deleteTarget(row));
  return row.operation === 'update' && row.server_id ? `${row.resource}:${row.server_id}` : `draft:${row.id}`;
}
