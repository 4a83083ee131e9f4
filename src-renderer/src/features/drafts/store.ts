/**
 * Renderer. Drafts & sync: every draft and outbox item with its state and error, and the actions
 * on them. Re-read on `drafts.changed` / `outbox.changed` while anyone is looking.
 */
import { create } from 'zustand';
import type { DraftSummary, OutboxItem } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

interface DraftsState {
  drafts: DraftSummary[];
  outbox: OutboxItem[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
  load: () => Promise<void>;
  /** Sends a failed draft (or outbox item, by its draft) again; creates keep their Idempotency-Key. */
  retry: (draftId: string) => Promise<void>;
  discardDraft: (id: string) => Promise<void>;
}

export const useDrafts = create<DraftsState>()((set, get) => ({
  drafts: [],
  outbox: [],
  status: 'idle',
  error: null,
  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    try {
      const [drafts, outbox] = await Promise.all([call((b) => b.drafts.list()), call((b) => b.outbox.list())]);
      set({ drafts, outbox, status: 'ready', error: null });
    } catch (error) {
      set({ status: get().status === 'ready' ? 'ready' : 'error', error });
    }
  },
  async retry(draftId) {
    await call((b) => b.drafts.retry({ id: draftId }));
    await get().load();
  },
  async discardDraft(id) {
    await call((b) => b.drafts.discard({ id }));
    set((s) => ({ drafts: s.drafts.filter((d) => d.id !== id) }));
    await get().load();
  },
}));

let timer: ReturnType<typeof setTimeout> | null = null;
function reloadSoon(): void {
  if (useDrafts.getState().status === 'idle' || timer) return;
  timer = setTimeout(() => {
    timer = null;
    void useDrafts.getState().load();
  }, 150);
}

onEvent('drafts.changed', reloadSoon);
onEvent('outbox.changed', reloadSoon);
onWorkspaceSwitch(() => useDrafts.setState({ drafts: [], outbox: [], status: 'idle', error: null }));

export const DRAFT_STATE_LABELS: Record<DraftSummary['state'], string> = {
  editing: 'Draft',
  queued: 'Waiting to send',
  sending: 'Sending',
  failed: 'Failed',
  conflict: 'Conflict',
  sent: 'Sent',
  'deleted-on-server': 'Deleted on server',
};

export function describeDraftKind(draft: Pick<DraftSummary, 'resource' | 'operation'>): string {
  const noun = draft.resource.charAt(0).toUpperCase() + draft.resource.slice(1);
  if (draft.operation === 'delete') return `${noun} deletion`;
  return draft.operation === 'create' ? `New ${draft.resource}` : `${noun} changes`;
}
