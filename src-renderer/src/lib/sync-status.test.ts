/**
 * The status bar's store: a read's answer that was computed before a change must not overwrite
 * the change's event when it arrives after it (the bridge host carries answers and events on
 * different connections); a read with no event meanwhile is taken as it is.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../src-shared/index.ts';
import { syncStatusOf } from '../../test-support/drafts.ts';
import { deferred, installFakeMain, removeFakeMain, settle, type FakeMain } from '../../test-support/fake-main.ts';
import type * as SyncStatusModule from './sync-status.ts';

let fake: FakeMain;
let sync: typeof SyncStatusModule;

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  sync = await import('./sync-status.ts');
});

afterEach(() => {
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

const stateShown = () => sync.useSync.getState().status?.state ?? null;

it('an answer overtaken by a sync.status event is dropped; the event stays', async () => {
  const first = deferred<SyncStatus>();
  fake.handle('sync.status', () => first.promise);
  const stop = sync.useSync.start();
  await settle();

  fake.emit('sync.status', syncStatusOf({ state: 'unreachable' }));
  first.resolve(syncStatusOf({ state: 'online' })); // computed before the server went away
  await settle();
  expect(stateShown()).toBe('unreachable');

  // A read with no event meanwhile is taken.
  fake.handle('sync.status', () => syncStatusOf({ state: 'online' }));
  await sync.useSync.getState().load();
  expect(stateShown()).toBe('online');
  stop();
});

it('checkNow follows the same rule, and its answer is taken when nothing overtook it', async () => {
  fake.handle('sync.status', () => syncStatusOf({ state: 'online' }));
  const stop = sync.useSync.start();
  await settle();

  const probe = deferred<SyncStatus>();
  fake.handle('sync.checkNow', () => probe.promise);
  const checking = sync.useSync.getState().checkNow();
  fake.emit('sync.status', syncStatusOf({ state: 'key-rejected' }));
  probe.resolve(syncStatusOf({ state: 'online' }));
  await checking;
  expect(stateShown()).toBe('key-rejected');
  expect(sync.useSync.getState().checking).toBe(false);

  fake.handle('sync.checkNow', () => syncStatusOf({ state: 'unreachable' }));
  await sync.useSync.getState().checkNow();
  expect(stateShown()).toBe('unreachable');
  stop();
});

it('of two reads answered out of order, the older answer does not replace the newer', async () => {
  const older = deferred<SyncStatus>();
  fake.handle('sync.status', () => older.promise);
  const stop = sync.useSync.start();
  await settle();

  fake.handle('sync.status', () => syncStatusOf({ state: 'online' }, { count: 2, queued: 2 }));
  await sync.useSync.getState().load();
  older.resolve(syncStatusOf({ state: 'online' }, { count: 0 }));
  await settle();
  expect(sync.useSync.getState().status?.outbox.count).toBe(2);
  stop();
});
