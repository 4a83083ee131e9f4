/**
 * The feature store pattern: nothing subscribes when a store is made (or when any feature store
 * module is imported), the first start loads and subscribes, the last stop unsubscribes, a failed
 * read keeps main's typed error, and a workspace switch puts the store back to its first state.
 * Main is a fake behind `window.lectern`; the pattern, the bridge and the event helpers are real.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { OutboxItem } from '../../../src-shared/index.ts';
import { deferred, installFakeMain, refuse, removeFakeMain, type FakeMain } from '../../test-support/fake-main.ts';
import type * as FeatureStoreModule from './feature-store.ts';
import type * as EventsModule from './events.ts';
import type * as ResetModule from './reset.ts';
import type * as ErrorsModule from './errors.ts';
import type * as BridgeModule from '../bridge.ts';

let fake: FakeMain;
let pattern: typeof FeatureStoreModule;
let events: typeof EventsModule;
let reset: typeof ResetModule;
let errors: typeof ErrorsModule;
let bridge: typeof BridgeModule;

const ITEM = '00000000-0000-4000-8000-0000000000e1';

function outboxItem(draftId: string): OutboxItem {
  return {
    seq: 1,
    draftId,
    resource: 'assessment',
    operation: 'update',
    title: 'Final exam',
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    inDoubt: false,
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
  };
}

interface OutboxState extends FeatureStoreModule.LoadState {
  items: OutboxItem[];
  changes: number;
  load: () => Promise<void>;
}

/** A small feature store as features make them: the outbox list, re-read count on `outbox.changed`. */
function makeOutboxStore() {
  const store: FeatureStoreModule.FeatureStore<OutboxState> = pattern.createFeatureStore<OutboxState>(
    () => ({
      items: [],
      changes: 0,
      status: 'idle',
      error: null,
      load: () => pattern.readInto(store, async () => ({ items: await bridge.call((b) => b.outbox.list()) })),
    }),
    {
      load: (self) => self.getState().load(),
      subscribe: (self) => [events.onEvent('outbox.changed', () => self.setState((s) => ({ changes: s.changes + 1 })))],
    },
  );
  return store;
}

/** Resolves once a listener added now is in: any listener added before it is in by then too. */
async function subscriptionsSettled(): Promise<void> {
  const before = fake.listenerCount('app.notice');
  const off = events.onEvent('app.notice', () => undefined);
  await vi.waitFor(() => expect(fake.listenerCount('app.notice')).toBe(before + 1));
  off();
}

beforeEach(async () => {
  vi.resetModules();
  fake = installFakeMain();
  pattern = await import('./feature-store.ts');
  events = await import('./events.ts');
  reset = await import('./reset.ts');
  errors = await import('./errors.ts');
  bridge = await import('../bridge.ts');
});

afterEach(() => {
  cleanup();
  removeFakeMain();
  expect(fake.problems).toEqual([]);
});

describe('feature store', () => {
  it('importing every feature store subscribes to nothing', async () => {
    await Promise.all([
      import('../features/assessments/store.ts'),
      import('../features/assessments/new-assessment.ts'),
      import('../features/assignments/store.ts'),
      import('../features/courses/store.ts'),
      import('../features/courses/names.ts'),
      import('../features/drafts/store.ts'),
      import('../features/lessons/store.ts'),
      import('./notices.ts'),
      import('../features/quizzes/store.ts'),
      import('../features/quizzes/filter.ts'),
      import('./sync-status.ts'),
      import('../features/uploads/store.ts'),
      import('../features/uploads/targets.ts'),
      import('../features/workspaces/store.ts'),
    ]);
    await subscriptionsSettled();
    for (const event of [
      'cache.updated',
      'sync.status',
      'drafts.changed',
      'outbox.changed',
      'uploads.changed',
      'uploads.batchEnded',
      'workspaces.changed',
      'app.notice',
    ] as const) {
      expect(fake.listenerCount(event), event).toBe(0);
    }
    expect(fake.calls).toEqual([]);
  });

  it('the first start loads and subscribes; later starts share it; the last stop unsubscribes', async () => {
    fake.handle('outbox.list', () => [outboxItem(ITEM)]);
    const store = makeOutboxStore();
    await subscriptionsSettled();
    expect(fake.listenerCount('outbox.changed')).toBe(0);
    expect(fake.calls).toEqual([]);

    const stopScreen = store.start();
    const stopShell = store.start();
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    await vi.waitFor(() => expect(fake.listenerCount('outbox.changed')).toBe(1));
    expect(fake.inputsTo('outbox.list')).toHaveLength(1);
    expect(store.getState().items.map((i) => i.draftId)).toEqual([ITEM]);
    expect(store.users()).toBe(2);

    fake.emit('outbox.changed', { count: 1 });
    expect(store.getState().changes).toBe(1);

    stopScreen();
    stopScreen(); // a second stop from the same user changes nothing
    expect(store.users()).toBe(1);
    expect(fake.listenerCount('outbox.changed')).toBe(1);

    stopShell();
    expect(store.users()).toBe(0);
    expect(fake.listenerCount('outbox.changed')).toBe(0);
    fake.emit('outbox.changed', { count: 2 });
    expect(store.getState().changes).toBe(1);

    // Starting again reads again: the outbox may have changed while nobody listened.
    const stopAgain = store.start();
    await vi.waitFor(() => expect(fake.inputsTo('outbox.list')).toHaveLength(2));
    await vi.waitFor(() => expect(fake.listenerCount('outbox.changed')).toBe(1));
    stopAgain();
  });

  it('a stop before the bridge arrived still unsubscribes', async () => {
    fake.handle('outbox.list', () => []);
    const store = makeOutboxStore();
    const stop = store.start();
    stop();
    await vi.waitFor(() => expect(store.getState().status).toBe('ready'));
    await subscriptionsSettled();
    expect(fake.listenerCount('outbox.changed')).toBe(0);
  });

  it('keeps main’s typed error: alone when nothing was shown, beside what was', async () => {
    let answer: () => OutboxItem[] = () => {
      throw refuse('API_FORBIDDEN', 'Forbidden.');
    };
    fake.handle('outbox.list', () => answer());
    const store = makeOutboxStore();
    const stop = store.start();
    await vi.waitFor(() => expect(store.getState().status).toBe('error'));
    expect(errors.errorCode(store.getState().error)).toBe('Forbidden');
    expect(errors.describeError(store.getState().error, { subject: 'thisChange' })).toContain(
      'not allowed to open this change',
    );

    answer = () => [outboxItem(ITEM)];
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', error: null });

    answer = () => {
      throw refuse('API_NETWORK', 'Offline.');
    };
    await store.getState().load();
    expect(store.getState().status).toBe('ready');
    expect(store.getState().items).toHaveLength(1);
    expect(errors.isOfflineError(store.getState().error)).toBe(true);
    stop();
  });

  it('a workspace switch puts the store back to its first state, reads again if started, and drops older answers', async () => {
    const held = deferred<OutboxItem[]>();
    let answer: () => OutboxItem[] | Promise<OutboxItem[]> = () => [outboxItem(ITEM)];
    fake.handle('outbox.list', () => answer());
    const started = makeOutboxStore();
    const idle = makeOutboxStore();
    idle.setState({ items: [outboxItem(ITEM)], status: 'ready' });

    const stop = started.start();
    await vi.waitFor(() => expect(started.getState().items).toHaveLength(1));

    // A read under way when the switch happens must not fill the new workspace's store.
    answer = () => held.promise;
    const late = started.getState().load();
    await vi.waitFor(() => expect(fake.inputsTo('outbox.list')).toHaveLength(2));
    answer = () => [];
    reset.forgetWorkspaceData();

    expect(idle.getState()).toMatchObject({ items: [], status: 'idle' });
    expect(started.getState().items).toEqual([]);
    await vi.waitFor(() => expect(fake.inputsTo('outbox.list')).toHaveLength(3));
    await vi.waitFor(() => expect(started.getState().status).toBe('ready'));

    // The late answer arrives after the switch: still nothing shown.
    held.resolve([outboxItem(ITEM)]);
    await late;
    expect(started.getState().items).toEqual([]);
    // The store that nobody started was reset without a read.
    expect(fake.inputsTo('outbox.list')).toHaveLength(3);
    stop();
  });

  it('an answer to an older read never replaces a newer one already shown', async () => {
    const first = deferred<OutboxItem[]>();
    let reads = 0;
    fake.handle('outbox.list', () =>
      ++reads === 1 ? first.promise : [outboxItem(ITEM), outboxItem('00000000-0000-4000-8000-0000000000b2')],
    );
    const store = makeOutboxStore();
    const older = store.getState().load();
    await store.getState().load();
    expect(reads).toBe(2);
    expect(store.getState().items).toHaveLength(2);

    first.resolve([]);
    await older;
    expect(store.getState().items).toHaveLength(2);
  });

  it('useFeature holds the store started while the component is mounted', async () => {
    fake.handle('outbox.list', () => []);
    const store = makeOutboxStore();
    function Screen() {
      pattern.useFeature(store);
      return null;
    }
    const first = render(<Screen />);
    const second = render(<Screen />);
    expect(store.users()).toBe(2);
    await vi.waitFor(() => expect(fake.listenerCount('outbox.changed')).toBe(1));
    first.unmount();
    expect(fake.listenerCount('outbox.changed')).toBe(1);
    second.unmount();
    expect(store.users()).toBe(0);
    expect(fake.listenerCount('outbox.changed')).toBe(0);
  });
});
