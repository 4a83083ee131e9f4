/**
 * Renderer. Connection state and the outbox count for the status bar and the Drafts screen,
 * with the words for each state, fed by `sync.status` (read once, then pushed) and `outbox.changed`.
 */
import { summariseWork, type ResourceKind, type SyncStatus } from '../../../src-shared/index.ts';
import { call } from '../bridge.ts';
import { onEvent } from './events.ts';
import { createFeatureStore } from './feature-store.ts';

/** The status bar's and the Drafts screen's word for each connection state. */
export const CONNECTION_LABELS: Record<SyncStatus['state'], string> = {
  online: 'Online',
  offline: 'Offline',
  unreachable: 'Server unreachable',
  'key-rejected': 'Key rejected',
  'key-unavailable': 'Key unavailable',
};

/** What each state means for the user's work (main's own message stays in the tooltip). */
export const CONNECTION_SENTENCES: Record<SyncStatus['state'], string> = {
  online: 'Connected to the server.',
  offline: 'You are offline. Changes are kept here and sent when you are back.',
  unreachable: 'The server cannot be reached. Changes are kept here and sent when it answers.',
  'key-rejected': 'The server no longer accepts this workspace’s key. Replace it under Workspaces.',
  'key-unavailable':
    'Lectern cannot read this workspace’s key from your system keychain. Changes are kept here and sent once it can.',
};

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

/** The status bar's one line for every change of the workspace (src-shared/save-state.ts). */
export function workSummary(status: SyncStatus | null): ReturnType<typeof summariseWork> {
  const outbox = status?.outbox;
  return summariseWork({
    waiting: outbox?.queued ?? 0,
    sending: outbox?.sending ?? 0,
    refused: (outbox?.failed ?? 0) + (outbox?.deletedOnServer ?? 0),
    conflicts: outbox?.conflicts ?? 0,
  });
}

/**
 * Why this workspace's key may not make this kind of change (the server refused one), or null.
 * Actions of that kind are disabled with this sentence as their reason.
 */
export function useWriteRefusal(resource: ResourceKind): string | null {
  return useSync((s) => s.status?.writesRefused.find((r) => r.resource === resource)?.message ?? null);
}

/** Every kind of change this workspace's key was refused (empty when none is known). */
export function useWritesRefused(): SyncStatus['writesRefused'] {
  return useSync((s) => s.status?.writesRefused ?? NONE_REFUSED);
}

const NONE_REFUSED: SyncStatus['writesRefused'] = [];

/** Said beside a save button when the key was refused other kinds of change, never this one yet. */
export const MAY_BE_REFUSED = 'This workspace’s key was refused other changes, so this one may be refused too.';

/**
 * Whether a change of this kind may be refused too: the key was refused another kind (read-only is
 * rarely for one kind alone), but not this one yet. The hint to show beside the action, or null.
 */
export function useMayBeRefused(resource: ResourceKind): string | null {
  return useSync((s) => {
    const refused = s.status?.writesRefused ?? [];
    return refused.length > 0 && !refused.some((r) => r.resource === resource) ? MAY_BE_REFUSED : null;
  });
}

/** "Check again": forget the refusals, so the next change asks the server. */
export async function recheckWrites(): Promise<void> {
  useSync.setState({ status: await call((b) => b.sync.recheckWrites()) });
}
