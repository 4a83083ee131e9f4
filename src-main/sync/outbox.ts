// Main process / plain Node. The sync outbox: "Save to server" writes an outbox row in the same
// transaction as the draft's state change (outbox-queue.ts), and one worker sends rows in order
// per resource (here: when to send, outbox-order.ts: which row next, send.ts: how).
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../store/index.ts';
import type { DraftStore, DraftView } from './drafts.ts';
import type { ConflictChoice, Fields } from './merge.ts';
import type { ResourceParts } from './resource-behaviour.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import { sendOne, type SendContext, type WriteNotes } from './send.ts';
import { cancelDelete, insertDelete } from './deletes.ts';
import { LONGEST_OUTBOX_WAIT_MS, nextDue, nextOfCourse, nextWakeAt, unsentOfCourse } from './outbox-order.ts';
import {
  listOutbox,
  outboxSummary,
  queueDraft,
  recoverOutbox,
  reopenDraft,
  resolveDraftConflict,
  retryDraft,
  type OutboxItem,
  type OutboxSummary,
  type QueueContext,
} from './outbox-queue.ts';
import type { OutboxState } from '../../src-shared/index.ts';
import { wallWait } from '../../src-shared/clock.ts';

export type { OutboxState };
export type { OutboxItem, OutboxSummary };

export interface OutboxOptions {
  db: DatabaseSync;
  drafts: DraftStore;
  /** The client and caches each kind's entry of RESOURCE_BEHAVIOUR sends with and keeps in step. */
  parts: ResourceParts;
  /** Writes refused with 403 / gone through (write-access.ts). */
  writes?: WriteNotes;
  now?: () => number;
  /** False while offline / unreachable / key rejected: the worker waits. */
  canSend: () => boolean;
  /** Every remote call's outcome (null = success), for connectivity. */
  onResult?: (error: unknown) => void;
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; random?: () => number };
  onOutboxChanged?: () => void;
  onDraftsChanged?: (draftIds: string[]) => void;
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
  /**
   * One writer per course: while held, the background worker sends nothing of this course (its
   * sections, lessons and the course itself); a folder push holds the course it writes. Returns
   * the release (idempotent), after which the worker goes on.
   */
  holdCourse(courseId: string): () => void;
  /**
   * Sends this course's queued changes now, in order, also those backing off, held or not (the
   * push sends them before it plans and before it writes); resolves to what is still unsent
   * (offline, failed, in conflict).
   */
  sendCourse(courseId: string, signal?: AbortSignal): Promise<OutboxItem[]>;
  close(): Promise<void>;
}

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
  const queue: QueueContext = { db, drafts, now };

  const afterChange = (draftId: string) => {
    draftsChanged([draftId]);
    outboxChanged();
    void drain();
    return drafts.get(draftId);
  };

  const ctx: SendContext = {
    db,
    drafts,
    parts: options.parts,
    writes: options.writes,
    now,
    retryPolicy,
    isClosed: () => closed || options.signal?.aborted === true,
    signal: options.signal,
    onResult: (error) => options.onResult?.(error),
    changed: (draftId) => {
      draftsChanged([draftId]);
      outboxChanged();
    },
  };

  /** Courses a folder push is writing: id → how many holds (each push holds once). */
  const held = new Map<string, number>();

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (closed) return;
    const at = nextWakeAt(db, now());
    if (at === null) return;
    timer = setTimeout(() => void drain(), wallWait(at, now(), LONGEST_OUTBOX_WAIT_MS) + 5);
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
          const op = nextDue(db, now(), [...held.keys()]);
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

  function holdCourse(courseId: string): () => void {
    held.set(courseId, (held.get(courseId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (held.get(courseId) ?? 1) - 1;
      if (left > 0) held.set(courseId, left);
      else held.delete(courseId);
      void drain();
    };
  }

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
      transaction(db, () => queueDraft(queue, draftId));
      return afterChange(draftId);
    },

    reopen(draftId) {
      transaction(db, () => reopenDraft(queue, draftId));
      return afterChange(draftId);
    },

    retry(draftId) {
      transaction(db, () => retryDraft(queue, draftId));
      return afterChange(draftId);
    },

    resolveConflict(draftId, choices, opts) {
      transaction(db, () => resolveDraftConflict(drafts, draftId, choices));
      // The resolution stands on its own: if the result fails validation the user fixes the form.
      if (opts?.enqueue ?? true) {
        try {
          transaction(db, () => queueDraft(queue, draftId));
        } finally {
          draftsChanged([draftId]);
        }
      }
      return afterChange(draftId);
    },

    list: () => listOutbox(db),

    summary: () => outboxSummary(db),

    recover() {
      transaction(db, () => recoverOutbox(db));
    },

    drain,

    holdCourse,

    async sendCourse(courseId, signal) {
      // Held while sending, so the worker never sends a row of it at the same time; a row it is
      // sending right now ends first.
      const release = holdCourse(courseId);
      try {
        await running?.catch(() => undefined);
        while (!closed && !signal?.aborted && options.canSend()) {
          const op = nextOfCourse(db, courseId);
          if (!op) break;
          if (!(await sendOne(ctx, op))) break;
        }
        return unsentOfCourse(db, courseId);
      } finally {
        release();
      }
    },

    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
