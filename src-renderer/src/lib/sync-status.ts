/**
 * Renderer. Connection state and the outbox count for the status bar and the Drafts screen,
 * with the words for each state, fed by `sync.status` (read once, then pushed) and `outbox.changed`.
 */
import { defineMessages } from 'react-intl';
import { summariseWork, type ResourceKind, type SyncStatus } from '../../../src-shared/index.ts';
import { t, type MessageDescriptor } from './i18n.ts';
import { call } from '../bridge.ts';
import { createOvertakeGuard } from './overtaken.ts';
import { onEvent } from './events.ts';
import { createFeatureStore } from './feature-store.ts';

// Descriptors, not words: this table is built when the module loads, before the language is known.
const CONNECTION_LABEL_MESSAGES = defineMessages({
  online: { id: 'lib.syncStatus.connection.online', defaultMessage: 'Online' },
  offline: { id: 'lib.syncStatus.connection.offline', defaultMessage: 'Offline' },
  unreachable: { id: 'lib.syncStatus.connection.unreachable', defaultMessage: 'Server unreachable' },
  'key-rejected': { id: 'lib.syncStatus.connection.keyRejected', defaultMessage: 'Key rejected' },
  'key-unavailable': { id: 'lib.syncStatus.connection.keyUnavailable', defaultMessage: 'Key unavailable' },
}) satisfies Record<SyncStatus['state'], MessageDescriptor>;

const CONNECTION_SENTENCE_MESSAGES = defineMessages({
  online: { id: 'lib.syncStatus.sentence.online', defaultMessage: 'Connected to the server.' },
  offline: {
    id: 'lib.syncStatus.sentence.offline',
    defaultMessage: 'You are offline. Changes are kept here and sent when you are back.',
  },
  unreachable: {
    id: 'lib.syncStatus.sentence.unreachable',
    defaultMessage: 'The server cannot be reached. Changes are kept here and sent when it answers.',
  },
  'key-rejected': {
    id: 'lib.syncStatus.sentence.keyRejected',
    defaultMessage: 'The server no longer accepts this workspace’s key. Replace it under Workspaces.',
  },
  'key-unavailable': {
    id: 'lib.syncStatus.sentence.keyUnavailable',
    defaultMessage:
      'Lectern cannot read this workspace’s key from your system keychain. Changes are kept here and sent once it can.',
  },
}) satisfies Record<SyncStatus['state'], MessageDescriptor>;

/** The status bar's and the Drafts screen's word for a connection state (a newer one as it came). */
export function connectionLabel(state: string): string {
  const known = (CONNECTION_LABEL_MESSAGES as Record<string, MessageDescriptor>)[state];
  return known ? t(known) : state;
}

/** What a connection state means for the user's work (main's own message stays in the tooltip). */
export function connectionSentence(state: SyncStatus['state']): string {
  return t(CONNECTION_SENTENCE_MESSAGES[state]);
}

interface SyncState {
  status: SyncStatus | null;
  error: unknown;
  checking: boolean;
  load: () => Promise<void>;
  checkNow: () => Promise<void>;
}

/** A status read is dropped when a `sync.status` event overtook it (overtaken.ts). */
const statusReads = createOvertakeGuard();

export const useSync = createFeatureStore<SyncState>(
  (set) => ({
    status: null,
    error: null,
    checking: false,
    async load() {
      try {
        await statusReads.read(
          () => call((b) => b.sync.status()),
          (status) => set({ status, error: null }),
        );
      } catch (error) {
        set({ error });
      }
    },
    async checkNow() {
      set({ checking: true });
      try {
        await statusReads.read(
          () => call((b) => b.sync.checkNow()),
          (status) => set({ status, error: null }),
        );
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
      onEvent('sync.status', (status) => {
        statusReads.eventArrived();
        store.setState({ status, error: null });
      }),
      onEvent('outbox.changed', ({ count }) => {
        const status = store.getState().status;
        if (status) store.setState({ status: { ...status, outbox: { ...status.outbox, count } } });
        // The breakdown (queued / failed) comes with the next read.
        void store.getState().load();
      }),
    ],
  },
);

/** The status bar's one line for every change of the workspace (the order of src-shared/save-state.ts). */
export function workSummary(status: SyncStatus | null): ReturnType<typeof summariseWork> {
  const outbox = status?.outbox;
  const work = {
    waiting: outbox?.queued ?? 0,
    sending: outbox?.sending ?? 0,
    refused: (outbox?.failed ?? 0) + (outbox?.deletedOnServer ?? 0),
    conflicts: outbox?.conflicts ?? 0,
  };
  return summariseWork(work, t);
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
function mayBeRefused(): string {
  return t({
    id: 'lib.syncStatus.mayBeRefused',
    defaultMessage: 'This workspace’s key was refused other changes, so this one may be refused too.',
  });
}

/**
 * Whether a change of this kind may be refused too: the key was refused another kind (read-only is
 * rarely for one kind alone), but not this one yet. The hint to show beside the action, or null.
 */
export function useMayBeRefused(resource: ResourceKind): string | null {
  return useSync((s) => {
    const refused = s.status?.writesRefused ?? [];
    return refused.length > 0 && !refused.some((r) => r.resource === resource) ? mayBeRefused() : null;
  });
}

/** "Check again": forget the refusals, so the next change asks the server. */
export async function recheckWrites(): Promise<void> {
  useSync.setState({ status: await call((b) => b.sync.recheckWrites()) });
}
