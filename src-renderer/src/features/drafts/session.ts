/**
 * Renderer. One editing session over a draft (an assessment being edited, an assignment being
 * written). Keystrokes update the form at once and are saved to main's draft store within 400 ms
 * of the last one (`drafts.save`), so a crash loses nothing; "Save" flushes and calls
 * `drafts.submit`. Offline the change waits to send and further edits join it (never paused). The
 * draft is only created on the first change, so opening a screen leaves no empty drafts behind.
 * When main says the disk is full (DISK_FULL), saving pauses: the typed changes stay in the form
 * and are tried again every DISK_FULL_RETRY_MS until space is back. The steps themselves are in
 * session-actions.ts.
 */
import type { Draft } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type FeatureStore } from '../../lib/feature-store.ts';
import * as actions from './session-actions.ts';
import type { DraftSessionOptions, DraftSessionState } from './session-state.ts';

export { AUTOSAVE_DELAY_MS, DISK_FULL_RETRY_MS } from './session-actions.ts';
export type { DraftSessionOptions, DraftSessionState } from './session-state.ts';

export type DraftSession = FeatureStore<DraftSessionState>;

export function createDraftSession(options: DraftSessionOptions): DraftSession {
  const store: DraftSession = createFeatureStore<DraftSessionState>(
    (set, get) => {
      // One context per session: its timers and in-flight saves live here, not in the state.
      const ctx: actions.SessionContext = {
        set,
        get,
        options,
        autosave: null,
        retry: null,
        flushing: null,
        opening: null,
      };
      return {
        key: null,
        ready: false,
        draft: null,
        form: {},
        ...actions.FRESH_EDIT,
        prepare: (key) => actions.restart(ctx, { key, ready: false, form: {}, draft: null }),
        begin: (key, form, draft) => actions.restart(ctx, { key, ready: true, form, draft }),
        change: (field, raw, value) => actions.change(ctx, field, raw, value),
        revealErrors: () => set({ revealed: true }),
        flush: () => actions.flush(ctx),
        submit: (extra) => actions.submit(ctx, extra),
        reopen: () => actions.reopen(ctx),
        refresh: () => actions.refresh(ctx),
        end: () => actions.end(ctx),
      };
    },
    {
      // The draft being edited changed elsewhere (sent, failed, reopened): show its new state.
      subscribe: () => [
        onEvent('drafts.changed', ({ ids }) => {
          const draft = store.getState().draft;
          if (draft && ids.includes(draft.id) && !store.getState().saving) void store.getState().refresh();
        }),
      ],
      // The screen remounts on a switch and prepares the session itself; typed changes still save.
      reset: false,
    },
  );
  return store;
}

/**
 * Typed work the server has not got: in the draft, being written to it, or waiting for the debounce.
 * `saving` counts: while the autosave makes the draft, Save must stay pressable (a click then is
 * not lost to a button that flickers disabled).
 */
export function hasChangesToSave(state: Pick<DraftSessionState, 'draft' | 'pending' | 'saving'>): boolean {
  return Boolean(state.draft?.hasChanges) || Object.keys(state.pending).length > 0 || state.saving;
}

/** Drafts of a server resource, found without creating one. */
export async function findDraftFor(resource: Draft['resource'], serverId: string): Promise<Draft | null> {
  const list = await call((b) => b.drafts.list());
  const summary = list.find((d) => d.resource === resource && d.serverId === serverId);
  if (!summary) return null;
  return call((b) => b.drafts.get({ id: summary.id }));
}
