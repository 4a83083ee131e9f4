// Renderer tests. A draft and a sync status as main reports them, with the fields a test cares about.
import type { Draft, SyncStatus } from '../../src-shared/index.ts';

/** The one time these fixtures are made at. */
export const FIXTURE_AT = '2026-05-01T12:00:00.000Z';

/** A lesson's title being edited (no error, nothing sent); `patch` says what differs. */
export function draftOf(patch: Partial<Draft> = {}): Draft {
  return {
    id: '00000000-0000-4000-8000-0000000000d1',
    resource: 'lesson',
    operation: 'update',
    serverId: '00000000-0000-4000-8000-0000000000a1',
    parent: {},
    state: 'editing',
    title: 'Fractions',
    hasChanges: true,
    revision: 1,
    error: null,
    inDoubt: false,
    createdAt: FIXTURE_AT,
    updatedAt: FIXTURE_AT,
    base: {},
    baseUpdatedAt: null,
    changes: { title: 'Fractions' },
    values: { title: 'Fractions' },
    hasIdempotencyKey: false,
    fieldErrors: {},
    conflict: null,
    result: null,
    ...patch,
  };
}

/** Online, nothing waiting, no write refused; `patch` and `outbox` say what differs. */
export function syncStatusOf(patch: Partial<SyncStatus> = {}, outbox: Partial<SyncStatus['outbox']> = {}): SyncStatus {
  return {
    state: 'online',
    since: FIXTURE_AT,
    lastCheckedAt: FIXTURE_AT,
    message: null,
    outbox: { count: 0, queued: 0, sending: 0, failed: 0, conflicts: 0, deletedOnServer: 0, ...outbox },
    writesRefused: [],
    ...patch,
  };
}
