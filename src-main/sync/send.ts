// Main process / plain Node. Sends one outbox row: a create with the draft's stored
// Idempotency-Key, or a PATCH preceded by a read of the server copy and a three-way merge.
// Every state change is one transaction; a crash between any two leaves a row that is safe to resend.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../store/index.ts';
import { backoffDelay } from '../../src-shared/retry.ts';
import type { DraftRow, DraftStore } from './drafts.ts';
import { dispositionOf, errorKind, mayHaveReachedServer, toSyncError } from './errors.ts';
import { changedFields, mergeForPatch, type Fields } from './merge.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import { behaviourOf, sendCall, type ResourceParts } from './resource-behaviour.ts';
import type { OutboxRow } from './outbox-queue.ts';
import { deleteTarget } from './deletes.ts';
import { isWriteRefusal, refusalSentence } from './write-access.ts';

/** Who hears that this key may, or may not, change a kind of resource (write-access.ts). */
export interface WriteNotes {
  /** A write of this kind was refused with 403 (the key may view but not change it). */
  refused(resource: ResourceKind, error: unknown): void;
  /** A write of this kind went through. */
  allowed(resource: ResourceKind): void;
}

export interface SendContext {
  db: DatabaseSync;
  drafts: DraftStore;
  /** The client and the caches each kind's entry of RESOURCE_BEHAVIOUR acts on. */
  parts: ResourceParts;
  writes?: WriteNotes;
  now: () => number;
  retryPolicy: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; random?: () => number };
  isClosed: () => boolean;
  /** Aborts in-flight calls when the service closes. */
  signal?: AbortSignal;
  onResult: (error: unknown) => void;
  changed: (draftId: string) => void;
}

const json = (value: unknown) => JSON.stringify(value);
const errorStatus = (error: unknown) => (error as { status?: unknown } | null)?.status;
const updatedAt = (copy: Fields) => (typeof copy.updated_datetime === 'string' ? copy.updated_datetime : null);

/** Returns false when the worker should stop (offline, key rejected, closed). */
export async function sendOne(ctx: SendContext, op: OutboxRow): Promise<boolean> {
  const { db, drafts } = ctx;
  const draft = drafts.row(op.draft_id);
  const parent = JSON.parse(draft.parent) as DraftParent;
  const isCreate = op.operation === 'create';
  const isDelete = op.operation === 'delete';
  const priorDoubt = draft.in_doubt;

  transaction(db, () => {
    db.prepare(`UPDATE outbox SET state = 'sending', attempts = attempts + 1, updated_at = ? WHERE seq = ?`).run(
      ctx.now(),
      op.seq,
    );
    // Before the request leaves: from here until a definite answer, a create may exist remotely.
    drafts.update(
      draft.id,
      isCreate
        ? { state: 'sending', in_doubt: 1, key_body: op.body }
        : isDelete
          ? { state: 'sending', in_doubt: 1 } // from here "Undo" can no longer promise nothing happened
          : { state: 'sending' },
    );
  });
  ctx.changed(draft.id);

  // Whether a write request left on this attempt (a create at once; a PATCH after its merge).
  const progress = { writeSent: isCreate || isDelete };
  try {
    let result: Fields;
    if (isDelete) {
      try {
        await sendCall(draft.resource, 'delete')(ctx.parts.client, parent, deleteTarget(draft), ctx.signal);
      } catch (error) {
        // Already gone (an earlier attempt of ours landed, or someone else deleted it): done.
        if (dispositionOf(error) !== 'not-found' || ctx.isClosed()) throw error;
      }
      if (ctx.isClosed()) return false;
      ctx.onResult(null);
      ctx.writes?.allowed(draft.resource);
      deleted(ctx, op, draft, parent);
      return true;
    }
    if (isCreate) {
      if (!draft.idempotency_key) throw new Error('create draft without an Idempotency-Key');
      result = await sendCall(draft.resource, 'create')(
        ctx.parts.client,
        parent,
        JSON.parse(op.body) as Fields,
        draft.idempotency_key,
        ctx.signal,
      );
    } else {
      const outcome = await patchWithMerge(ctx, draft, parent, progress);
      if (outcome === 'conflict' || outcome === 'closed') return outcome === 'conflict';
      result = outcome;
    }
    if (ctx.isClosed()) return false;
    ctx.onResult(null);
    if (progress.writeSent) ctx.writes?.allowed(draft.resource);
    succeed(ctx, op, draft, result);
    return true;
  } catch (error) {
    if (ctx.isClosed()) return false; // leave the row `sending`; it is recovered as queued on next open
    return fail(ctx, op, draft, error, isCreate, progress.writeSent ? priorDoubt : -1);
  }
}

/** A delete is done: nothing of it is kept (the outbox row and its draft go). */
function deleted(ctx: SendContext, op: OutboxRow, draft: DraftRow, parent: DraftParent): void {
  transaction(ctx.db, () => {
    ctx.db.prepare('DELETE FROM outbox WHERE seq = ?').run(op.seq);
    ctx.db.prepare('DELETE FROM drafts WHERE id = ?').run(draft.id);
  });
  behaviourOf(draft.resource).onDeleted?.(ctx.parts, parent, deleteTarget(draft));
  ctx.changed(draft.id);
}

/** A kind's position field (RESOURCE_BEHAVIOUR) is sent as the user's last word, outside the merge. */
function splitPosition(resource: ResourceKind, fields: Fields): { rest: Fields; order: unknown } {
  const position = behaviourOf(resource).position;
  if (position === null || !(position in fields)) return { rest: fields, order: undefined };
  const { [position]: order, ...rest } = fields;
  return { rest, order };
}

/** A fresh server copy: the kind's caches take it (RESOURCE_BEHAVIOUR). */
function serverCopy(ctx: SendContext, draft: DraftRow, copy: Fields): void {
  if (typeof copy.id === 'string') behaviourOf(draft.resource).onServerCopy?.(ctx.parts, draft, copy);
}

/** GET, merge, then PATCH only what is still the user's. Returns the server copy afterwards. */
async function patchWithMerge(
  ctx: SendContext,
  draft: DraftRow,
  parent: DraftParent,
  progress: { writeSent: boolean },
): Promise<Fields | 'conflict' | 'closed'> {
  if (!draft.server_id) throw new Error('update draft without a server id');
  const theirs = await sendCall(draft.resource, 'get')(ctx.parts.client, parent, draft.server_id, ctx.signal);
  if (ctx.isClosed()) return 'closed';
  ctx.onResult(null);
  serverCopy(ctx, draft, theirs);
  const base = splitPosition(draft.resource, JSON.parse(draft.base ?? '{}') as Fields).rest;
  const allMine = JSON.parse(draft.fields) as Fields;
  const { rest: mine, order } = splitPosition(draft.resource, allMine);
  const merge = mergeForPatch({
    base,
    baseUpdatedAt: draft.base_updated_at,
    mine,
    theirs: splitPosition(draft.resource, theirs).rest,
    theirsUpdatedAt: updatedAt(theirs),
  });
  const position = behaviourOf(draft.resource).position;
  const patch = order === undefined || position === null ? merge.patch : { ...merge.patch, [position]: order };

  if (merge.conflicts.length > 0) {
    transaction(ctx.db, () => {
      ctx.db.prepare('DELETE FROM outbox WHERE draft_id = ?').run(draft.id);
      ctx.drafts.update(draft.id, {
        state: 'conflict',
        conflict: json({ theirs, theirsUpdatedAt: updatedAt(theirs) }),
        error: null,
        in_doubt: 0, // the copy just read includes any earlier write of ours
      });
    });
    ctx.changed(draft.id);
    return 'conflict';
  }
  const nothingToSend = Object.keys(patch).length === 0;
  // Rebase onto the server copy first: untouched fields take its values, and a crash before the
  // PATCH lands simply merges again next time. From here the PATCH may land: the draft is in doubt
  // (not reopenable) until a definite answer, so the user never conflicts with their own write.
  ctx.drafts.update(draft.id, {
    ...(merge.serverChanged
      ? {
          base: json(theirs),
          base_updated_at: updatedAt(theirs),
          fields: json({
            ...changedFields(theirs, mine),
            ...(order === undefined || position === null ? {} : { [position]: order }),
          }),
        }
      : {}),
    in_doubt: nothingToSend ? draft.in_doubt : 1,
  });
  if (nothingToSend) return theirs;
  progress.writeSent = true;
  return sendCall(draft.resource, 'update')(ctx.parts.client, parent, draft.server_id, patch, ctx.signal);
}

function succeed(ctx: SendContext, op: OutboxRow, draft: DraftRow, result: Fields): void {
  const serverId = typeof result.id === 'string' ? result.id : draft.server_id;
  transaction(ctx.db, () => {
    ctx.db.prepare('DELETE FROM outbox WHERE seq = ?').run(op.seq);
    ctx.drafts.update(draft.id, {
      state: 'sent',
      server_id: serverId,
      base: json(result),
      base_updated_at: updatedAt(result),
      // Nothing left unsent: the server copy (base) now shows every value the user saved.
      fields: '{}',
      result: json(result),
      error: null,
      conflict: null,
      in_doubt: 0,
    });
  });
  serverCopy(ctx, { ...draft, server_id: serverId }, result);
  ctx.changed(draft.id);
}

/** `priorDoubt` is -1 when no write left on this attempt (the draft's doubt is then unchanged). */
function fail(
  ctx: SendContext,
  op: OutboxRow,
  draft: DraftRow,
  error: unknown,
  isCreate: boolean,
  priorDoubt: number,
): boolean {
  ctx.onResult(error);
  // A 403 to a write (not to the read before a PATCH) says the key may not change this: said in
  // those words wherever the failure shows, not as "not allowed to open".
  const refusedWrite = priorDoubt >= 0 && isWriteRefusal(error);
  if (refusedWrite) ctx.writes?.refused(draft.resource, error);
  const stored = json(
    refusedWrite
      ? { ...toSyncError(error), code: 'WRITE_REFUSED', message: refusalSentence(draft.resource) }
      : toSyncError(error),
  );
  const status = errorStatus(error);
  const answered =
    op.operation === 'delete' &&
    typeof status === 'number' &&
    behaviourOf(draft.resource).finalDeleteStatuses.includes(status);
  const disposition = answered ? 'permanent' : dispositionOf(error);
  // A definite refusal proves this write did nothing; a connection never made proves nothing new.
  const reached = mayHaveReachedServer(error);
  const notSent = errorKind(error) === 'Network' && !reached;
  const current = ctx.drafts.row(draft.id).in_doubt;
  const inDoubt = priorDoubt < 0 ? current : notSent ? priorDoubt : reached ? 1 : 0;
  const at = ctx.now();
  const attempts = op.attempts + 1;

  const requeue = (nextAttemptAt: number, countAttempt: boolean) =>
    transaction(ctx.db, () => {
      ctx.db
        .prepare(
          `UPDATE outbox SET state = 'queued', attempts = ?, next_attempt_at = ?, last_error = ?, updated_at = ? WHERE seq = ?`,
        )
        .run(countAttempt ? attempts : op.attempts, nextAttemptAt, stored, at, op.seq);
      ctx.drafts.update(draft.id, { state: 'queued', in_doubt: inDoubt });
    });
  const markFailed = () =>
    transaction(ctx.db, () => {
      ctx.db
        .prepare(`UPDATE outbox SET state = 'failed', attempts = ?, last_error = ?, updated_at = ? WHERE seq = ?`)
        .run(attempts, stored, at, op.seq);
      ctx.drafts.update(draft.id, { state: 'failed', error: stored, in_doubt: inDoubt });
    });

  let keepGoing = true;
  switch (disposition) {
    case 'offline':
    case 'key-rejected':
      // Not the item's fault: wait for connectivity to come back, without using up its attempts.
      requeue(0, false);
      keepGoing = false;
      break;
    case 'transient': {
      if (attempts >= ctx.retryPolicy.maxAttempts) {
        markFailed();
        break;
      }
      const { baseDelayMs, maxDelayMs, random } = ctx.retryPolicy;
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      const wait = backoffDelay(
        attempts,
        { baseMs: baseDelayMs, capMs: maxDelayMs, random },
        typeof retryAfter === 'number' ? retryAfter * 1000 : null,
      );
      requeue(at + wait, true);
      break;
    }
    case 'not-found':
      if (!isCreate) {
        // Deleted on the server while the user was editing: report it, keep every keystroke.
        transaction(ctx.db, () => {
          ctx.db.prepare('DELETE FROM outbox WHERE seq = ?').run(op.seq);
          ctx.drafts.update(draft.id, { state: 'deleted-on-server', error: stored, in_doubt: 0 });
        });
        break;
      }
      markFailed(); // a create whose course/section is gone
      break;
    default:
      markFailed();
      if (!isCreate) behaviourOf(draft.resource).onRefused?.(ctx.parts, draft);
  }
  ctx.changed(draft.id);
  return keepGoing;
}
