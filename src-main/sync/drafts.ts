// Main process / plain Node. Drafts: the user's unsent work, one row per draft, committed durably
// on every save (synchronous=FULL) so a crash or a kill loses nothing the renderer was told is saved.
import type { DatabaseSync } from 'node:sqlite';
import { randomUUID } from 'node:crypto';
import { transaction } from '../store/index.ts';
import { changedFields, conflictsBetween, deepEqual, type FieldConflict, type Fields } from './merge.ts';
import { draftInvalid, draftLocked, draftNotFound, SyncServiceError, type SyncError } from './errors.ts';
import {
  allowedFields,
  draftTitle,
  RESOURCES,
  unknownFields,
  validateBody,
  type DraftOperation,
  type DraftParent,
  type ResourceKind,
} from './resources.ts';
import type { DraftState } from '../../src-shared/index.ts';

export type { DraftState };

/** One row of the drafts list (light: no server copies). */
export interface DraftSummary {
  id: string;
  resource: ResourceKind;
  operation: DraftOperation;
  serverId: string | null;
  parent: DraftParent;
  state: DraftState;
  title: string;
  /** Unsent work in it: a new resource not yet created, or changed fields of an existing one. */
  hasChanges: boolean;
  /** Bumps on every save; the renderer can ignore stale echoes. */
  revision: number;
  error: SyncError | null;
  /** A write that may have reached the server (its request went out; no definite answer came).
   * Such a draft cannot be edited or reopened until it is sent (or discarded). */
  inDoubt: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Everything an editor or the conflict view needs. */
export interface DraftView extends DraftSummary {
  /** Server copy when editing began (update drafts), or after the last successful send. */
  base: Fields | null;
  baseUpdatedAt: string | null;
  /** Update: only the fields the user changed. Create: the whole body. */
  changes: Fields;
  /** What the form shows: base with the user's changes on top. */
  values: Fields;
  idempotencyKey: string | null;
  /** 422 field errors by form field (first message per field). */
  fieldErrors: Record<string, string>;
  /** Present in state `conflict`: base / mine / theirs for each field changed on both sides. */
  conflict: { theirsUpdatedAt: string | null; theirs: Fields; fields: FieldConflict[] } | null;
  /** The server's copy after the last successful send. */
  result: Fields | null;
}

export interface DraftRow {
  id: string;
  resource: ResourceKind;
  operation: DraftOperation;
  server_id: string | null;
  parent: string;
  base: string | null;
  base_updated_at: string | null;
  fields: string;
  idempotency_key: string | null;
  key_body: string | null;
  in_doubt: number;
  state: DraftState;
  revision: number;
  error: string | null;
  conflict: string | null;
  result: string | null;
  created_at: number;
  updated_at: number;
}

export interface StoredConflict {
  theirs: Fields;
  theirsUpdatedAt: string | null;
}

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));
const iso = (ms: number) => new Date(ms).toISOString();

export function toSummary(row: DraftRow): DraftSummary {
  const base = parse<Fields>(row.base) ?? {};
  return {
    id: row.id,
    resource: row.resource,
    operation: row.operation,
    serverId: row.server_id,
    parent: parse<DraftParent>(row.parent) ?? {},
    state: row.state,
    title: draftTitle({ ...base, ...(parse<Fields>(row.fields) ?? {}) }),
    hasChanges: row.operation === 'update' ? row.fields !== '{}' : row.state !== 'sent',
    revision: row.revision,
    error: parse<SyncError>(row.error),
    inDoubt: row.in_doubt === 1,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toView(row: DraftRow): DraftView {
  const base = parse<Fields>(row.base);
  const changes = parse<Fields>(row.fields) ?? {};
  const error = parse<SyncError>(row.error);
  const stored = parse<StoredConflict>(row.conflict);
  const fieldErrors: Record<string, string> = {};
  for (const item of error?.fieldErrors ?? []) fieldErrors[item.field] ??= item.message;
  return {
    ...toSummary(row),
    base,
    baseUpdatedAt: row.base_updated_at,
    changes,
    values: { ...(base ?? {}), ...changes },
    idempotencyKey: row.idempotency_key,
    fieldErrors,
    // Recomputed from the draft as it is now, so edits made after the merge are never hidden.
    conflict: stored && {
      theirsUpdatedAt: stored.theirsUpdatedAt,
      theirs: stored.theirs,
      fields: conflictsBetween(base ?? {}, changes, stored.theirs),
    },
    result: parse<Fields>(row.result),
  };
}

function checkFields(resource: ResourceKind, operation: DraftOperation, patch: Fields): void {
  const unknown = unknownFields(resource, operation, patch);
  if (unknown.length > 0) {
    throw draftInvalid(
      unknown.map((field) => ({ field, code: 'unknown_field', message: 'This field cannot be edited here.' })),
    );
  }
}

function checkParent(resource: ResourceKind, parent: DraftParent): void {
  const missing = RESOURCES[resource].needsParent.filter((k) => typeof parent[k] !== 'string' || parent[k] === '');
  if (missing.length > 0) {
    throw new SyncServiceError('DRAFT_PARENT_REQUIRED', `A ${resource} draft needs ${missing.join(' and ')}.`, {
      missing,
    });
  }
}

/** Where an edit of this draft starts from, by its state (a draft that may not take one throws). */
interface EditStart {
  operation: DraftOperation;
  base: string | null;
  baseUpdatedAt: string | null;
  changes: Fields;
  state: DraftState;
  /** A failed draft's outbox row goes: it is back to editing. */
  dropQueued: boolean;
}

function editStart(current: DraftRow): EditStart {
  const { id, state } = current;
  const kept: EditStart = {
    operation: current.operation,
    base: current.base,
    baseUpdatedAt: current.base_updated_at,
    changes: parse<Fields>(current.fields) ?? {},
    state,
    dropQueued: false,
  };
  switch (state) {
    case 'sending':
      throw draftLocked(id, state, 'This draft is being sent right now; edit it again when it has been sent.');
    case 'queued':
      // Offline never locks editing: a change waiting to send takes further edits in.
      if (current.in_doubt === 1) {
        throw draftLocked(id, state, 'This may already have reached the server; let it finish sending.');
      }
      return kept;
    case 'failed':
      if (current.in_doubt === 1) {
        throw draftLocked(id, state, 'This may already have reached the server; retry sending it, or discard it.');
      }
      return { ...kept, state: 'editing', dropQueued: true };
    case 'sent': {
      // Editing what was sent: a new round of changes against the server copy we got back.
      if (RESOURCES[current.resource].updateFields.length === 0) {
        throw draftLocked(id, state, 'This was created on the server and cannot be changed from Lectern.');
      }
      // The newest server copy the draft holds (base is rebased by merges; result only by sends).
      const result = parse<Fields>(current.base) ?? parse<Fields>(current.result) ?? {};
      return {
        operation: 'update',
        base: JSON.stringify(result),
        baseUpdatedAt: typeof result.updated_datetime === 'string' ? result.updated_datetime : null,
        changes: {},
        state: 'editing',
        dropQueued: false,
      };
    }
    default:
      return kept; // editing, conflict, deleted-on-server: keep the user's work coming
  }
}

export interface DraftStore {
  row(id: string): DraftRow;
  get(id: string): DraftView;
  list(): DraftSummary[];
  findByServerId(resource: ResourceKind, serverId: string): DraftRow | null;
  createNew(resource: ResourceKind, parent: DraftParent, fields: Fields): DraftView;
  /** Returns the existing draft of that server resource, or starts one from `base`. */
  openEdit(resource: ResourceKind, serverId: string, parent: DraftParent, base: Fields): DraftView;
  /** Commits the patch before returning. Call inside a transaction or on its own. */
  saveFields(id: string, patch: Fields): DraftView;
  /** Writes columns of a draft row (used by the outbox inside its own transactions). */
  update(id: string, changes: Partial<Omit<DraftRow, 'id' | 'created_at'>>): void;
  discard(id: string): void;
}

export function createDraftStore(
  db: DatabaseSync,
  options: { now?: () => number; onChange?: (draftIds: string[]) => void } = {},
): DraftStore {
  const now = options.now ?? Date.now;
  const changed = (id: string) => options.onChange?.([id]);
  const selectOne = db.prepare('SELECT * FROM drafts WHERE id = ?');
  const selectAll = db.prepare('SELECT * FROM drafts ORDER BY updated_at DESC, id');
  const selectByServer = db.prepare('SELECT * FROM drafts WHERE resource = ? AND server_id = ?');
  const deleteOutbox = db.prepare('DELETE FROM outbox WHERE draft_id = ?');
  const updateOutboxBody = db.prepare(
    `UPDATE outbox SET body = ?, draft_revision = ?, updated_at = ? WHERE draft_id = ? AND state = 'queued'`,
  );
  const insert = db.prepare(
    `INSERT INTO drafts (id, resource, operation, server_id, parent, base, base_updated_at, fields,
       idempotency_key, state, revision, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'editing', 1, ?, ?)`,
  );

  const findRow = (id: string) => (selectOne.get(id) as DraftRow | undefined) ?? null;
  const row = (id: string): DraftRow => {
    const found = findRow(id);
    if (!found) throw draftNotFound(id);
    return found;
  };

  const update: DraftStore['update'] = (id, changes) => {
    const entries = Object.entries({ ...changes, updated_at: changes.updated_at ?? now() });
    db.prepare(`UPDATE drafts SET ${entries.map(([k]) => `${k} = ?`).join(', ')} WHERE id = ?`).run(
      ...entries.map(([, v]) => v),
      id,
    );
  };

  const saveFieldsIn = (id: string, patch: Fields): DraftView => {
    const current = row(id);
    const start = editStart(current);
    if (start.dropQueued) deleteOutbox.run(id); // back to editing; "Save to server" queues it again
    const { operation, base, baseUpdatedAt, changes } = start;
    let { state } = start;
    checkFields(current.resource, operation, patch);
    const merged = { ...changes, ...patch };
    const next = operation === 'update' ? changedFields(parse<Fields>(base) ?? {}, merged) : merged;
    if (state === 'queued') state = joinWaiting(id, current, next);
    update(id, {
      operation,
      base,
      base_updated_at: baseUpdatedAt,
      fields: JSON.stringify(next),
      state,
      revision: current.revision + 1,
    });
    return toView(row(id));
  };

  /** Edits into a change waiting to send: its outbox row carries them too, or (when the new body
   * would be refused, or nothing is left to send) the draft goes back to editing for the user to
   * fix and save. Returns the draft's state. */
  const joinWaiting = (id: string, current: DraftRow, next: Fields): DraftState => {
    const empty = current.operation === 'update' && Object.keys(next).length === 0;
    if (empty || validateBody(current.resource, current.operation, next).length > 0) {
      deleteOutbox.run(id);
      return 'editing';
    }
    updateOutboxBody.run(JSON.stringify(next), current.revision + 1, now(), id);
    // A create the server already answered for another body needs a fresh key for this one.
    if (current.key_body !== null && !deepEqual(parse<Fields>(current.key_body), next)) {
      update(id, { idempotency_key: randomUUID(), key_body: null });
    }
    return 'queued';
  };

  return {
    row,
    get: (id) => toView(row(id)),
    list: () => (selectAll.all() as unknown as DraftRow[]).map(toSummary),
    findByServerId: (resource, serverId) => (selectByServer.get(resource, serverId) as DraftRow | undefined) ?? null,

    createNew(resource, parent, fields) {
      if (RESOURCES[resource].createFields.length === 0) {
        throw new SyncServiceError('NOT_CREATABLE', `A ${resource} cannot be created from Lectern, only edited.`);
      }
      checkParent(resource, parent);
      checkFields(resource, 'create', fields);
      const id = randomUUID();
      const at = now();
      // The Idempotency-Key is born with the draft, so every send of it is the same create.
      insert.run(
        id,
        resource,
        'create',
        null,
        JSON.stringify(parent),
        null,
        null,
        JSON.stringify(fields),
        randomUUID(),
        at,
        at,
      );
      changed(id);
      return toView(row(id));
    },

    openEdit(resource, serverId, parent, base) {
      if (allowedFields(resource, 'update').length === 0) {
        throw new SyncServiceError('NOT_EDITABLE', `A ${resource} cannot be changed after it is created.`);
      }
      checkParent(resource, parent);
      const existing = this.findByServerId(resource, serverId);
      if (existing) return toView(existing);
      const id = randomUUID();
      const at = now();
      const baseUpdatedAt = typeof base.updated_datetime === 'string' ? base.updated_datetime : null;
      insert.run(
        id,
        resource,
        'update',
        serverId,
        JSON.stringify(parent),
        JSON.stringify(base),
        baseUpdatedAt,
        '{}',
        null,
        at,
        at,
      );
      changed(id);
      return toView(row(id));
    },

    saveFields(id, patch) {
      const view = db.isTransaction ? saveFieldsIn(id, patch) : transaction(db, () => saveFieldsIn(id, patch));
      changed(id);
      return view;
    },

    update,

    discard(id) {
      const current = row(id);
      if (current.state === 'sending') {
        throw draftLocked(id, current.state, 'This draft is being sent right now; discard it when that has finished.');
      }
      db.prepare('DELETE FROM drafts WHERE id = ?').run(id); // its outbox row goes with it (cascade)
      changed(id);
    },
  };
}
