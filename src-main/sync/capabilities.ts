// Main process / plain Node. Operations this workspace's server does not offer (ASSUMPTIONS.md
// "Course structure"): noted from the client's OperationNotOfferedError, kept in the workspace's
// database so the app says it once and keeps the action disabled with its reason, across restarts.
import type { DatabaseSync } from 'node:sqlite';
import { isOperationNotOffered, STRUCTURE_OPERATIONS } from '../api/index.ts';
import type { StructureOperationId } from '../api/index.ts';
import { t } from '../i18n/index.ts';
import { defineMessages } from '../../src-shared/messages.ts';
import { SyncServiceError } from './errors.ts';
import { behaviourOf } from './resource-behaviour.ts';
import type { DraftOperation, ResourceKind } from './resources.ts';

export interface MissingOperation {
  operation: StructureOperationId;
  message: string;
  status: number | null;
  notedAt: string;
}

export interface CapabilityStore {
  missing(): MissingOperation[];
  /** Notes the operation an OperationNotOfferedError names; true the first time (say it once). */
  note(error: unknown): MissingOperation | null;
  /** Throws OPERATION_NOT_OFFERED when this kind of write is known to be missing here. */
  assertOffered(resource: ResourceKind, operation: DraftOperation): void;
  /** "Check again": forget what was noted, so the next write asks the server. */
  forget(): void;
}

/** Which catalogue operation a draft of this kind sends (null: not a course-structure write). */
export function structureOperationOf(resource: ResourceKind, operation: DraftOperation): StructureOperationId | null {
  return behaviourOf(resource).structureOperation?.(operation) ?? null;
}

const NOT_OFFERED = defineMessages({
  'sections.create': {
    id: 'sync.capabilities.sectionsCreate',
    defaultMessage: 'This server does not let Lectern create sections.',
  },
  'sections.update': {
    id: 'sync.capabilities.sectionsUpdate',
    defaultMessage: 'This server does not let Lectern change sections.',
  },
  'sections.delete': {
    id: 'sync.capabilities.sectionsDelete',
    defaultMessage: 'This server does not let Lectern delete sections.',
  },
  'courses.update': {
    id: 'sync.capabilities.coursesUpdate',
    defaultMessage: 'This server does not let Lectern change course details.',
  },
} satisfies Record<StructureOperationId, unknown>);

/**
 * Said when read, not taken from the row: a row noted in one language reads in the one chosen now.
 * (The row's own message column keeps the English the client gave, for the log.)
 */
export function notOfferedSentence(operation: StructureOperationId): string {
  return t(NOT_OFFERED[operation]);
}

const isStructureOperation = (value: unknown): value is StructureOperationId =>
  typeof value === 'string' && Object.hasOwn(STRUCTURE_OPERATIONS, value);

export function createCapabilityStore(db: DatabaseSync, now: () => number = Date.now): CapabilityStore {
  const missing = (): MissingOperation[] =>
    (
      db.prepare('SELECT operation, message, status, noted_at FROM missing_operations ORDER BY operation').all() as {
        operation: string;
        message: string;
        status: number | null;
        noted_at: string;
      }[]
    )
      .filter((row) => isStructureOperation(row.operation))
      .map((row) => ({
        operation: row.operation as StructureOperationId,
        message: notOfferedSentence(row.operation as StructureOperationId),
        status: row.status,
        notedAt: row.noted_at,
      }));

  return {
    missing,
    note(error) {
      if (!isOperationNotOffered(error) || !isStructureOperation(error.capability)) return null;
      const entry: MissingOperation = {
        operation: error.capability,
        message: notOfferedSentence(error.capability),
        status: error.status,
        notedAt: new Date(now()).toISOString(),
      };
      const inserted = db
        .prepare(
          'INSERT INTO missing_operations (operation, message, status, noted_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        )
        .run(entry.operation, error.message, entry.status, entry.notedAt);
      return Number(inserted.changes) > 0 ? entry : null;
    },
    assertOffered(resource, operation) {
      const id = structureOperationOf(resource, operation);
      if (id === null) return;
      const found = missing().find((m) => m.operation === id);
      if (found) throw new SyncServiceError('OPERATION_NOT_OFFERED', found.message, { operation: id });
    },
    forget() {
      db.prepare('DELETE FROM missing_operations').run();
    },
  };
}
