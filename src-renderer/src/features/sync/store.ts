/**
 * Renderer. Connection state and the outbox count for the status bar and the Drafts screen,
 * fed by `sync.status` (read once, then pushed) and `outbox.changed`.
 */
import type { SyncStatus } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';

interface SyncState {
  status: SyncStatus | null;
  error: unknown;
  checking: boolean;
  load: () => Promise<void>;
  checkNow: () => Promise<void>;
}

export const useSync = createFeatureStore<SyncState>(
  (set) => ({
    status: null,
    error: null,
    checking: false,
    async load() {
      try {
        set({ status: await call((b) => b.sync.status()), error: null });
      } catch (error) {
        set({ error });
      }
    },
    async checkNow() {
      set({ checking: true });
      try {
        set({ status: await call((b) => b.sync.checkNow()), error: null });
      } catch (error) {
        set({ error });
      } finally {
        set({ checking: false });
      }
    },
  }),
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [
      onEvent('sync.status', (status) => store.setState({ status, error: null })),
      onEvent('outbox.changed', ({ count }) => {
        const status = store.getState().status;
        if (status) store.setState({ status: { ...status, outbox: { ...status.outbox, count } } });
        // The breakdown (queued / failed) comes with the next read.
        void store.getState().load();
      }),
    ],
  },
);
