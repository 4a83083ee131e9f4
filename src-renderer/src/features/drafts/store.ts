/**
 * Renderer. Changes & sync: every stored change (draft) and outbox item with its state and error,
 * and the actions on them; and the one draft the Draft screen shows, with its conflict. Both are re-read on
 * `drafts.changed` (and the list on `outbox.changed`) while anyone is looking.
 */
import type { Draft, DraftSummary, OutboxItem } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type FeatureStore, readInto, type LoadState } from '../../lib/feature-store.ts';
import { withoutHeldBack } from './held-back.ts';
import { t } from '../../lib/i18n.ts';

interface DraftsState extends LoadState {
  drafts: DraftSummary[];
  outbox: OutboxItem[];
  load: () => Promise<void>;
  /** Sends a failed draft (or outbox item, by its draft) again; creates keep their Idempotency-Key. */
  retry: (draftId: string) => Promise<void>;
  discardDraft: (id: string) => Promise<void>;
}

let reloadTimer: ReturnType<typeof setTimeout> | null = null;

/** Changes come in bursts (a whole outbox sent): one re-read after the burst. */
function reloadSoon(): void {
  if (reloadTimer) return;
  reloadTimer = setTimeout(() => {
    reloadTimer = null;
    void useDrafts.getState().load();
  }, 150);
}

export const useDrafts: FeatureStore<DraftsState> = createFeatureStore<DraftsState>(
  (set, get) => ({
    drafts: [],
    outbox: [],
    status: 'idle',
    error: null,
    load: () =>
      readInto(useDrafts, async () => {
        const [drafts, outbox] = await Promise.all([call((b) => b.drafts.list()), call((b) => b.outbox.list())]);
        // A change waiting for its discard (discard.ts) stays out of the lists until then.
        return { drafts: withoutHeldBack(drafts), outbox: withoutHeldBack(outbox) };
      }),
    async retry(draftId) {
      await call((b) => b.drafts.retry({ id: draftId }));
      await get().load();
    },
    async discardDraft(id) {
      await call((b) => b.drafts.discard({ id }));
      set((s) => ({ drafts: s.drafts.filter((d) => d.id !== id) }));
      await get().load();
    },
  }),
  {
    load: (store) => store.getState().load(),
    subscribe: () => [
      onEvent('drafts.changed', reloadSoon),
      onEvent('outbox.changed', reloadSoon),
      () => {
        if (reloadTimer) clearTimeout(reloadTimer);
        reloadTimer = null;
      },
    ],
  },
);

interface DraftDetailState {
  draftId: string | null;
  draft: Draft | null;
  /** Why the draft could not be read; while one is shown, it stays and the error is kept beside it. */
  error: unknown;
  /** Shows `draftId`, read afresh; another draft shown before is dropped at once. */
  open: (draftId: string) => void;
  reload: () => Promise<void>;
  /** Resolves a conflict with the user's choice per field; the answer is the draft as it now is. */
  resolve: (choices: Record<string, 'mine' | 'theirs'>) => Promise<void>;
}

/** The draft the Draft screen shows. */
export const useDraftDetail = createFeatureStore<DraftDetailState>(
  (set, get) => {
    let generation = 0;
    return {
      draftId: null,
      draft: null,
      error: null,
      open(draftId) {
        // The same draft opened again stays shown while it is read again: it may have changed.
        if (draftId !== get().draftId || !get().draft) set({ draftId, draft: null, error: null });
        void get().reload();
      },
      async reload() {
        const { draftId } = get();
        if (draftId === null) return;
        const mine = ++generation;
        try {
          const draft = await call((b) => b.drafts.get({ id: draftId }));
          if (mine === generation && get().draftId === draftId) set({ draft, error: null });
        } catch (error) {
          if (mine === generation && get().draftId === draftId) set({ error });
        }
      },
      async resolve(choices) {
        const { draft } = get();
        if (!draft) return;
        const resolved = await call((b) => b.drafts.resolve({ id: draft.id, choices }));
        if (get().draftId === resolved.id) set({ draft: resolved });
      },
    };
  },
  {
    subscribe: (store) => [
      onEvent('drafts.changed', ({ ids }) => {
        const { draftId, reload } = store.getState();
        if (draftId !== null && ids.includes(draftId)) void reload();
      }),
    ],
  },
);

/**
 * The save model's words (docs/save-model.md) for each stored state of a change, as Changes & sync
 * shows them; "Draft" is the server's status of an assessment and is never one of them.
 */
export const DRAFT_STATE_LABELS: Record<DraftSummary['state'], string> = {
  editing: 'Local changes',
  queued: 'Waiting to send',
  sending: 'Sending',
  failed: 'Refused',
  conflict: 'Conflict',
  sent: 'Saved',
  'deleted-on-server': 'Deleted on the server',
};

export function describeDraftKind(draft: Pick<DraftSummary, 'resource' | 'operation'>): string {
  const noun = draft.resource.charAt(0).toUpperCase() + draft.resource.slice(1);
  if (draft.operation === 'delete') return `${noun} deletion`;
  return draft.operation === 'create'
    ? t({ id: 'drafts.store.new', defaultMessage: 'New {resource}' }, { resource: draft.resource })
    : `${noun} changes`;
}
