/**
 * Renderer. Connection state and the outbox count for the status bar and the Drafts screen,
 * fed by `sync.status` (read once, then pushed) and `outbox.changed`.
 */
import { create } from 'zustand';
import type { SyncStatus } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

interface SyncState {
  status: SyncStatus | null;
  error: unknown;
  checking: boolean;
  load: () => Promise<void>;
  checkNow: () => Promise<void>;
}

export const useSync = create<SyncState>()((set) => ({
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
}));

let started = false;
export function startSync(): void {
  if (started) return;
  started = true;
  void useSync.getState().load();
  onEvent('sync.status', (status) => useSync.setState({ status, error: null }));
  onEvent('outbox.changed', ({ count }) => {
    const status = useSync.getState().status;
    if (status) useSync.setState({ status: { ...status, outbox: { ...status.outbox, count } } });
    // The breakdown (queued / failed) comes with the next read.
    void useSync.getState().load();
  });
  onWorkspaceSwitch(() => {
    useSync.setState({ status: null });
    void useSync.getState().load();
  });
}
