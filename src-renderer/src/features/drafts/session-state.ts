/**
 * Renderer. The shape of a draft session (session.ts builds it, session-actions.ts holds its steps):
 * its state and actions, and what the screen that opens it provides.
 */
import type { Draft } from '../../../../src-shared/index.ts';

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

export interface DraftSessionOptions {
  /** Makes the draft when the first change arrives; `consumed` = the changes went in with it. */
  open(key: string, pending: Fields): Promise<{ draft: Draft; consumed: boolean }>;
}
