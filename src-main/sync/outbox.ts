// Main process / plain Node. The sync outbox: "Save to server" writes an outbox row in the same
// transaction as the draft's state change, and one worker sends rows in order per resource.
import type { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { transaction } from '../store/index.ts';
import type { DraftRow, DraftStore, DraftView } from './drafts.ts';
import { draftInvalid, draftLocked, SyncServiceError, type SyncError } from './errors.ts';
import { deepEqual, resolveConflicts, type ConflictChoice, type Fields } from './merge.ts';
import { draftTitle, validateBody, type DraftOperation, type DraftParent, type ResourceKind } from './resources.ts';
import { sendOne, type SendContext } from './send.ts';
import { cancelDelete, deleteKey, deleteTarget, insertDelete } from './deletes.ts';
import type { Remote } from './client.ts';
import type { OutboxState } from '../../src-shared/index.ts';

export type { OutboxState };

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

export interface OutboxOptions {
  db: DatabaseSync;
  drafts: DraftStore;
  remote: Remote;
  now?: () => number;
  /** False while offline / unreachable / key rejected: the worker waits. */
  canSend: () => boolean;
  /** Every remote call's outcome (null = success), for connectivity. */
  onResult?: (error: unknown) => void;
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  onOutboxChanged?: () => void;
  onDraftsChanged?: (draftIds: string[]) => void;
  /** A fresh server copy arrived (after a send or a pre-PATCH read): update the cache. */
  onServerCopy?: (resource: ResourceKind, draft: DraftRow, copy: Fields) => void;
  /** A delete was confirmed by the server (or the resource was already gone). */
  onDeleted?: (resource: ResourceKind, parent: DraftParent, id: string) => void;
  onInternalError?: (error: unknown) => void;
  /** Aborted when the service closes: in-flight requests stop, their rows stay safe to resend. */
  signal?: AbortSignal;
}

export interface Outbox {
  /** "Save to server": saves `patch` (if any), then validates and queues in one transaction. */
  enqueue(draftId: string, patch?: Fields): DraftView;
  /** Queues a delete of `copy` (a server resource) that is not sent before `delayMs` has passed. */
  scheduleDelete(input: { resource: ResourceKind; parent: DraftParent; copy: Fields; delayMs: number }): DraftView;
  /** "Undo" of a scheduled delete that has not been sent: nothing reaches the server. */
  cancelDelete(draftId: string): void;
  /** Takes a queued (not yet sent) draft back to editing. */
  reopen(draftId: string): DraftView;
  /** Sends a failed item again, or a backing-off one now. */
  retry(draftId: string): DraftView;
  resolveConflict(draftId: string, choices: Record<string, ConflictChoice>, options?: { enqueue?: boolean }): DraftView;
  list(): OutboxItem[];
  summary(): OutboxSummary;
  /** Rows left `sending` by a crash go back to `queued`. Call once at start. */
  recover(): void;
  /** Sends until nothing is due or sending is not possible. Concurrent calls share one run. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, drafts } = options;
  const now = options.now ?? Date.now;
  const retryPolicy = { maxAttempts: 6, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000, ...options.retry };
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  const draftsChanged = (ids: string[]) => options.onDraftsChanged?.(ids);
  const outboxChanged = () => options.onOutboxChanged?.();
  const opOf = (draftId: string) =>
    (db.prepare('SELECT * FROM outbox WHERE draft_id = ?').get(draftId) as OutboxRow | undefined) ?? null;

  const enqueueIn = (draftId: string): void => {
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
  };

  const afterChange = (draftId: string) => {
    draftsChanged([draftId]);
    outboxChanged();
    void drain();
    return drafts.get(draftId);
  };

  const ctx: SendContext = {
    db,
    drafts,
    remote: options.remote,
    now,
    retryPolicy,
    isClosed: () => closed || options.signal?.aborted === true,
    signal: options.signal,
    onResult: (error) => options.onResult?.(error),
    onServerCopy: (resource, draft, copy) => options.onServerCopy?.(resource, draft, copy),
    onDeleted: (resource, parent, id) => options.onDeleted?.(resource, parent, id),
    changed: (draftId) => {
      draftsChanged([draftId]);
      outboxChanged();
    },
  };

  const nextDue = (): OutboxRow | null =>
    (db
      .prepare(
        `SELECT * FROM outbox o WHERE o.state = 'queued' AND o.next_attempt_at <= ?
           AND NOT EXISTS (SELECT 1 FROM outbox p WHERE p.resource_key = o.resource_key AND p.seq < o.seq)
         ORDER BY o.seq LIMIT 1`,
      )
      .get(now()) as OutboxRow | undefined) ?? null;

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed) return;
    const row = db
      .prepare(`SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'queued' AND next_attempt_at > ?`)
      .get(now()) as { at: number | null };
    if (row.at === null) return;
    timer = setTimeout(() => void drain(), Math.max(0, row.at - now()) + 5);
    timer.unref();
  };

  const drain = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    const loop = async () => {
      do {
        again = false;
        while (!closed && options.canSend()) {
          const op = nextDue();
          if (!op) break;
          const keepGoing = await sendOne(ctx, op);
          if (!keepGoing) break;
        }
      } while (again && !closed && options.canSend());
    };
    // `.finally` runs as a later microtask, so `running` is cleared only after it was set.
    running = loop()
      .catch((error: unknown) => options.onInternalError?.(error))
      .finally(() => {
        running = null;
        if (closed) return;
        // A drain asked for after the loop's last check (e.g. going online) must not be lost.
        if (again) void drain();
        else schedule();
      });
    return running;
  };

  return {
    scheduleDelete({ resource, parent, copy, delayMs }) {
      const at = now();
      const draftId = transaction(db, () =>
        insertDelete(db, drafts, { resource, parent, copy, notBefore: at + Math.max(0, delayMs), now: at }),
      );
      return afterChange(draftId);
    },

    cancelDelete(draftId) {
      transaction(db, () => cancelDelete(drafts, draftId));
      outboxChanged();
    },

    enqueue(draftId, patch) {
      // The last keystrokes are committed first, on their own: a body that fails validation must
      // not roll back what the user typed. Queueing is then one transaction with the state change.
      if (patch && Object.keys(patch).length > 0) drafts.saveFields(draftId, patch);
      transaction(db, () => enqueueIn(draftId));
      return afterChange(draftId);
    },

    reopen(draftId) {
      transaction(db, () => {
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
      });
      return afterChange(draftId);
    },

    retry(draftId) {
      transaction(db, () => {
        const row = drafts.row(draftId);
        const op = opOf(draftId);
        if (op && (op.state === 'failed' || op.state === 'queued')) {
          db.prepare(
            `UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = 0, updated_at = ? WHERE seq = ?`,
          ).run(now(), op.seq);
          drafts.update(draftId, { state: 'queued', error: null });
        } else if (!op && (row.state === 'failed' || row.state === 'editing')) {
          enqueueIn(draftId);
        } else if (row.state !== 'sending') {
          throw draftLocked(draftId, row.state, 'There is nothing to retry for this draft.');
        }
      });
      return afterChange(draftId);
    },

    resolveConflict(draftId, choices, opts) {
      transaction(db, () => {
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
      });
      // The resolution stands on its own: if the result fails validation the user fixes the form.
      if (opts?.enqueue ?? true) {
        try {
          transaction(db, () => enqueueIn(draftId));
        } finally {
          draftsChanged([draftId]);
        }
      }
      return afterChange(draftId);
    },

    list() {
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
    },

    summary() {
      const rows = db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state').all() as {
        state: OutboxState;
        n: number;
      }[];
      const by = (s: OutboxState) => rows.find((r) => r.state === s)?.n ?? 0;
      return {
        count: by('queued') + by('sending') + by('failed'),
        queued: by('queued'),
        sending: by('sending'),
        failed: by('failed'),
      };
    },

    recover() {
      transaction(db, () => {
        db.prepare(`UPDATE outbox SET state = 'queued', next_attempt_at = 0 WHERE state = 'sending'`).run();
        db.prepare(`UPDATE drafts SET state = 'queued' WHERE state = 'sending'`).run();
        // A queued draft must have a row to be sent by; if not, give it back to the user.
        db.prepare(
          `UPDATE drafts SET state = 'editing' WHERE state IN ('queued', 'failed') AND id NOT IN (SELECT draft_id FROM outbox)`,
        ).run();
      });
    },

    drain,

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

/** Updates of a server resource share one key so they can never overtake each other. */
export function resourceKey(row: Pick<DraftRow, 'id' | 'resource' | 'server_id' | 'operation' | 'base'>): string {
  if (row.operation === 'delete') return deleteKey(row.resource, deleteTarget(row));
  return row.operation === 'update' && row.server_id ? `${row.resource}:${row.server_id}` : `draft:${row.id}`;
}
