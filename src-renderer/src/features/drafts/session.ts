/**
 * Renderer. One editing session over a draft (an assessment being edited, an assignment being
 * written). Keystrokes update the form at once and are saved to main's draft store within 400 ms
 * of the last one (`drafts.save`), so a crash loses nothing; "Save" flushes and calls
 * `drafts.submit`. Offline the change waits to send and further edits join it (never paused). The draft is only created on the first change, so opening a screen leaves no
 * empty drafts behind. When main says the disk is full (DISK_FULL), saving pauses: the typed changes
 * stay in the form and are tried again every DISK_FULL_RETRY_MS until space is back.
 */
import type { Draft } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { errorCode, errorParts, fieldErrorsOf } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, type FeatureStore } from '../../lib/feature-store.ts';

export const AUTOSAVE_DELAY_MS = 400;
/** While the disk is full, how often the held changes are tried again (not on every keystroke). */
export const DISK_FULL_RETRY_MS = 10_000;

type Fields = Record<string, unknown>;

export interface DraftSessionState {
  key: string | null;
  /** False between `prepare` and `begin`: the form's starting values are not known yet. */
  ready: boolean;
  draft: Draft | null;
  /** What the inputs show (raw text, so half-typed numbers survive). */
  form: Record<string, string>;
  /** Changes typed but not yet saved to the draft. */
  pending: Fields;
  /** Fields the user has changed (their problems show as they type); `revealed` shows all. */
  touched: Record<string, true>;
  revealed: boolean;
  saving: boolean;
  savedAt: number | null;
  saveError: unknown;
  submitting: boolean;
  submitError: unknown;
  /** Field errors from a refused submit (the draft's own 422 errors come in `draft.fieldErrors`). */
  submitFieldErrors: Record<string, string>;
  prepare: (key: string) => void;
  begin: (key: string, form: Record<string, string>, draft: Draft | null) => void;
  /** `value` undefined = not saveable yet (e.g. "12a" in a number field): shown, not saved. */
  change: (field: string, raw: string, value: unknown) => void;
  flush: () => Promise<void>;
  revealErrors: () => void;
  submit: (extra?: Fields) => Promise<void>;
  /** Takes a queued draft back out of the outbox to keep editing it. */
  reopen: () => Promise<void>;
  refresh: () => Promise<void>;
  end: () => void;
}

export type DraftSession = FeatureStore<DraftSessionState>;

/** Main refused the save only because the draft is on its way to the server this very moment. */
function isBeingSent(error: unknown): boolean {
  const details = errorParts(error).details as { state?: unknown } | null | undefined;
  return errorCode(error) === 'DRAFT_LOCKED' && details?.state === 'sending';
}

/** The editing state of a form that has just been opened: nothing typed, saved or sent yet. */
const FRESH_EDIT = {
  pending: {},
  touched: {},
  revealed: false,
  saving: false,
  savedAt: null,
  saveError: null,
  submitting: false,
  submitError: null,
  submitFieldErrors: {},
} satisfies Partial<DraftSessionState>;

export interface DraftSessionOptions {
  /** Makes the draft when the first change arrives; `consumed` = the changes went in with it. */
  open(key: string, pending: Fields): Promise<{ draft: Draft; consumed: boolean }>;
}

export function createDraftSession(options: DraftSessionOptions): DraftSession {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Set while saving is paused on a full disk: the one pending retry. */
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  const stopRetry = () => {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
  };
  let flushing: Promise<void> | null = null;
  let opening: Promise<Draft> | null = null;

  const store: DraftSession = createFeatureStore<DraftSessionState>(
    (set, get) => {
      const ensureDraft = async (pending: Fields): Promise<{ draft: Draft; consumed: boolean }> => {
        const existing = get().draft;
        if (existing) return { draft: existing, consumed: false };
        const key = get().key;
        if (key === null) throw new Error('No editing session.');
        if (opening) return { draft: await opening, consumed: false };
        const made = options.open(key, pending);
        opening = made.then((r) => r.draft);
        try {
          const result = await made;
          if (get().key === key) set({ draft: result.draft });
          return result;
        } finally {
          opening = null;
        }
      };

      const saveNow = async (): Promise<void> => {
        const changes = get().pending;
        if (Object.keys(changes).length === 0) return;
        const key = get().key;
        set({ pending: {}, saving: true });
        try {
          const { draft, consumed } = await ensureDraft(changes);
          const saved = consumed ? draft : await call((b) => b.drafts.save({ id: draft.id, changes }));
          if (get().key !== key) return;
          set({ draft: saved, saving: false, savedAt: Date.now(), saveError: null, submitFieldErrors: {} });
        } catch (error) {
          if (get().key !== key) return;
          if (isBeingSent(error)) {
            // Sent right now: the edits wait in the form and are saved once it has been sent
            // (`refresh` on drafts.changed). Editing is never paused for it.
            set((s) => ({ pending: { ...changes, ...s.pending }, saving: false }));
            return;
          }
          // Put the changes back (under anything typed since), so the next save retries them.
          set((s) => ({ pending: { ...changes, ...s.pending }, saving: false, saveError: error }));
          if (errorCode(error) === 'DISK_FULL' && !retryTimer) {
            retryTimer = setTimeout(() => {
              retryTimer = null;
              get()
                .flush()
                .catch(() => undefined);
            }, DISK_FULL_RETRY_MS);
          }
          throw error;
        }
      };

      return {
        key: null,
        ready: false,
        draft: null,
        form: {},
        ...FRESH_EDIT,
        prepare(key) {
          if (timer) clearTimeout(timer);
          stopRetry();
          set({ key, ready: false, form: {}, draft: null, ...FRESH_EDIT });
        },
        begin(key, form, draft) {
          if (timer) clearTimeout(timer);
          stopRetry();
          set({ key, ready: true, form, draft, ...FRESH_EDIT });
        },
        change(field, raw, value) {
          set((s) => {
            const submitFieldErrors = { ...s.submitFieldErrors };
            delete submitFieldErrors[field];
            return {
              form: { ...s.form, [field]: raw },
              touched: { ...s.touched, [field]: true as const },
              pending: value === undefined ? s.pending : { ...s.pending, [field]: value },
              submitFieldErrors,
            };
          });
          // Paused on a full disk: the retry already scheduled takes these changes too.
          if (value === undefined || retryTimer) return;
          if (timer) clearTimeout(timer);
          timer = setTimeout(() => {
            timer = null;
            get()
              .flush()
              .catch(() => undefined);
          }, AUTOSAVE_DELAY_MS);
        },
        revealErrors() {
          set({ revealed: true });
        },
        async flush() {
          if (timer) {
            clearTimeout(timer);
            timer = null;
          }
          // One save at a time, in order; changes typed meanwhile go in the next one.
          while (flushing) await flushing;
          if (Object.keys(get().pending).length === 0) return;
          flushing = saveNow().finally(() => {
            flushing = null;
          });
          await flushing;
        },
        async submit(extra) {
          if (extra) for (const [field, value] of Object.entries(extra)) get().change(field, String(value), value);
          set({ submitting: true, submitError: null, submitFieldErrors: {} });
          try {
            await get().flush();
            const draft = get().draft;
            if (!draft) throw new Error('There are no changes to save.');
            const submitted = await call((b) => b.drafts.submit({ id: draft.id }));
            set({ draft: submitted, submitting: false });
          } catch (error) {
            set({ submitting: false, submitError: error, submitFieldErrors: fieldErrorsOf(error) });
          }
        },
        async reopen() {
          const draft = get().draft;
          if (!draft) return;
          try {
            set({ draft: await call((b) => b.drafts.reopen({ id: draft.id })), submitError: null });
          } catch (error) {
            set({ submitError: error });
          }
        },
        async refresh() {
          const draft = get().draft;
          if (!draft) return;
          try {
            const fresh = await call((b) => b.drafts.get({ id: draft.id }));
            if (get().draft?.id !== fresh.id) return;
            set({ draft: fresh });
            // Edits held while it was being sent go in now.
            const held = Object.keys(get().pending).length > 0 && !timer && !retryTimer;
            if (held && fresh.state !== 'sending')
              void get()
                .flush()
                .catch(() => undefined);
          } catch {
            // Discarded elsewhere: the form stays, the next change starts a new draft.
            if (get().draft?.id === draft.id) set({ draft: null });
          }
        },
        end() {
          const held = timer !== null || retryTimer !== null;
          stopRetry();
          if (timer) clearTimeout(timer);
          timer = null;
          // Leaving the screen: save what was typed rather than drop it.
          if (held) void saveNow().catch(() => undefined);
        },
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
