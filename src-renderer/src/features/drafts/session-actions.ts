/**
 * Renderer. What a draft session does (see session.ts for the why of autosave, offline and a full
 * disk), as plain functions over one session's store and timers. Kept apart from the store's
 * creation so each step reads on its own; `createDraftSession` only wires them up.
 */
import type { StoreApi } from 'zustand';
import type { Draft } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { errorCode, errorParts, fieldErrorsOf } from '../../lib/errors.ts';
import type { DraftSessionOptions, DraftSessionState } from './session-state.ts';

export const AUTOSAVE_DELAY_MS = 400;
/** While the disk is full, how often the held changes are tried again (not on every keystroke). */
export const DISK_FULL_RETRY_MS = 10_000;

type Fields = Record<string, unknown>;
type Timer = ReturnType<typeof setTimeout>;

/** The editing state of a form that has just been opened: nothing typed, saved or sent yet. */
export const FRESH_EDIT = {
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

/**
 * One session's store access and the work in flight outside its state (timers and promises are
 * not state: a component never renders them, and they must not be reset by a workspace switch).
 */
export interface SessionContext {
  set: StoreApi<DraftSessionState>['setState'];
  get: StoreApi<DraftSessionState>['getState'];
  options: DraftSessionOptions;
  /** The autosave waiting for typing to stop. */
  autosave: Timer | null;
  /** Set while saving is paused on a full disk: the one pending retry. */
  retry: Timer | null;
  flushing: Promise<void> | null;
  opening: Promise<Draft> | null;
}

/** Main refused the save only because the draft is on its way to the server this very moment. */
function isBeingSent(error: unknown): boolean {
  const details = errorParts(error).details as { state?: unknown } | null | undefined;
  return errorCode(error) === 'DRAFT_LOCKED' && details?.state === 'sending';
}

/** Runs a flush later; its failure is already in the state (`saveError`), so nothing is left unhandled. */
function flushLater(ctx: SessionContext): void {
  ctx
    .get()
    .flush()
    .catch(() => undefined);
}

function stopTimers(ctx: SessionContext): void {
  if (ctx.autosave) clearTimeout(ctx.autosave);
  if (ctx.retry) clearTimeout(ctx.retry);
  ctx.autosave = null;
  ctx.retry = null;
}

/** `prepare` / `begin`: a new form, with whatever the previous one had scheduled dropped. */
export function restart(ctx: SessionContext, start: Pick<DraftSessionState, 'key' | 'ready' | 'form' | 'draft'>) {
  stopTimers(ctx);
  ctx.set({ ...start, ...FRESH_EDIT });
}

/** The session's draft, made on the first change (one make at a time, even if saves overlap). */
async function ensureDraft(ctx: SessionContext, pending: Fields): Promise<{ draft: Draft; consumed: boolean }> {
  const existing = ctx.get().draft;
  if (existing) return { draft: existing, consumed: false };
  const key = ctx.get().key;
  if (key === null) throw new Error('No editing session.');
  if (ctx.opening) return { draft: await ctx.opening, consumed: false };
  const made = ctx.options.open(key, pending);
  ctx.opening = made.then((r) => r.draft);
  try {
    const result = await made;
    if (ctx.get().key === key) ctx.set({ draft: result.draft });
    return result;
  } finally {
    ctx.opening = null;
  }
}

/** A full disk pauses saving: one retry later takes everything typed until then. */
function retryOnDiskFull(ctx: SessionContext, error: unknown): void {
  if (errorCode(error) !== 'DISK_FULL' || ctx.retry) return;
  ctx.retry = setTimeout(() => {
    ctx.retry = null;
    flushLater(ctx);
  }, DISK_FULL_RETRY_MS);
}

export async function saveNow(ctx: SessionContext): Promise<void> {
  const { set, get } = ctx;
  const changes = get().pending;
  if (Object.keys(changes).length === 0) return;
  const key = get().key;
  set({ pending: {}, saving: true });
  try {
    const { draft, consumed } = await ensureDraft(ctx, changes);
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
    retryOnDiskFull(ctx, error);
    throw error;
  }
}

export function change(ctx: SessionContext, field: string, raw: string, value: unknown): void {
  ctx.set((s) => {
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
  if (value === undefined || ctx.retry) return;
  if (ctx.autosave) clearTimeout(ctx.autosave);
  ctx.autosave = setTimeout(() => {
    ctx.autosave = null;
    flushLater(ctx);
  }, AUTOSAVE_DELAY_MS);
}

export async function flush(ctx: SessionContext): Promise<void> {
  if (ctx.autosave) {
    clearTimeout(ctx.autosave);
    ctx.autosave = null;
  }
  // One save at a time, in order; changes typed meanwhile go in the next one.
  while (ctx.flushing) await ctx.flushing;
  if (Object.keys(ctx.get().pending).length === 0) return;
  ctx.flushing = saveNow(ctx).finally(() => {
    ctx.flushing = null;
  });
  await ctx.flushing;
}

export async function submit(ctx: SessionContext, extra?: Fields): Promise<void> {
  const { set, get } = ctx;
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
}

export async function reopen(ctx: SessionContext): Promise<void> {
  const draft = ctx.get().draft;
  if (!draft) return;
  try {
    ctx.set({ draft: await call((b) => b.drafts.reopen({ id: draft.id })), submitError: null });
  } catch (error) {
    ctx.set({ submitError: error });
  }
}

export async function refresh(ctx: SessionContext): Promise<void> {
  const { set, get } = ctx;
  const draft = get().draft;
  if (!draft) return;
  try {
    const fresh = await call((b) => b.drafts.get({ id: draft.id }));
    if (get().draft?.id !== fresh.id) return;
    set({ draft: fresh });
    // Edits held while it was being sent go in now.
    const held = Object.keys(get().pending).length > 0 && !ctx.autosave && !ctx.retry;
    if (held && fresh.state !== 'sending') flushLater(ctx);
  } catch {
    // Discarded elsewhere: the form stays, the next change starts a new draft.
    if (get().draft?.id === draft.id) set({ draft: null });
  }
}

export function end(ctx: SessionContext): void {
  const held = ctx.autosave !== null || ctx.retry !== null;
  stopTimers(ctx);
  // Leaving the screen: save what was typed rather than drop it.
  if (held) void saveNow(ctx).catch(() => undefined);
}
