/**
 * Renderer. Where a change stands, said in one place per editor (issues 24, 37; the model in
 * docs/save-model.md): the status line reads the one state model (`saveStateOf`: nothing to say ·
 * Saved · Local changes · Waiting to send · Sending · Not saved: reason · Conflict), and the banner
 * under it only offers what to do about a change that was not saved (the refused fields, Try again,
 * Resolve, Discard) — it never states a second state. Every editor shows `SaveStatusLine` (through
 * `AutosaveLine` for a draft session, or `useFormSaveState` for a form kept in memory until Save)
 * and names its button with `useSaveActionLabel`.
 */
import type { ReactNode } from 'react';
import {
  saveActionLabel,
  saveStateOf,
  type Draft,
  type SaveState,
  type SaveStateInput,
} from '../../../../src-shared/index.ts';
import { useNow } from '../../lib/clock.ts';
import { describeError, type ErrorSubject } from '../../lib/errors.ts';
import { formatClock } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { useSync } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { fieldLabel } from './labels.ts';
import type { DraftSessionState } from './session.ts';
import { t } from '../../lib/i18n.ts';

type SessionView = Pick<DraftSessionState, 'saving' | 'saveError' | 'pending' | 'draft'>;

/** The state of the change an editor holds, from its session and the connection. */
export function useSaveState(session: SessionView, subject: ErrorSubject = 'this'): SaveState {
  const connection = useSync((s) => s.status?.state ?? null);
  return sessionSaveState(session, connection, subject);
}

export function sessionSaveState(
  session: SessionView,
  connection: SaveStateInput['connection'],
  subject: ErrorSubject = 'this',
): SaveState {
  const { draft } = session;
  return saveStateOf(
    {
      draft,
      typing: session.saving || Object.keys(session.pending).length > 0,
      localError: session.saveError ? describeError(session.saveError) : null,
      refusal: draft?.error ? describeError(draft.error, { subject, keyMode: activeKeyMode() }) : null,
      connection,
    },
    t,
  );
}

/**
 * The state of a form that keeps its typing in memory until Save (course details, a section): the
 * stored change, whether the form differs from it, and the refusal in words.
 */
export function useFormSaveState(draft: Draft | null, edited: boolean, subject: ErrorSubject = 'this'): SaveState {
  const connection = useSync((s) => s.status?.state ?? null);
  return saveStateOf(
    {
      draft,
      typing: edited,
      refusal: draft?.error ? describeError(draft.error, { subject, keyMode: activeKeyMode() }) : null,
      connection,
    },
    t,
  );
}

interface SaveStatusLineProps {
  state: SaveState;
  /** When the server took the change, shown after "Saved". */
  savedAt?: string | null;
  /** Everything typed is written to this computer (what a test waits for before a restart). */
  kept?: boolean;
}

/** The one status line of every editor; empty (nothing to say) for an untouched form. */
export function SaveStatusLine({ state, savedAt = null, kept }: SaveStatusLineProps) {
  const now = useNow();
  const at = state.kind === 'saved' && savedAt ? ` · ${formatClock(savedAt, now)}` : '';
  return (
    <p
      className={`autosave autosave--${state.tone}`}
      role="status"
      aria-live="polite"
      data-testid="autosave-status"
      data-state={state.kind}
      data-kept={kept}
    >
      {state.label && (
        <strong>
          {state.label}
          {state.kind === 'not-saved' && state.detail ? ':' : ''}
        </strong>
      )}
      {at}
      {state.detail ? ` ${state.detail}` : ''}
    </p>
  );
}

/** The status line of an editor over a draft session. */
export function AutosaveLine({ session, subject }: { session: SessionView; subject?: ErrorSubject }) {
  const state = useSaveState(session, subject);
  const kept = Boolean(session.draft) && !session.saving && Object.keys(session.pending).length === 0;
  return <SaveStatusLine state={state} savedAt={session.draft?.updatedAt ?? null} kept={kept} />;
}

/**
 * The editor's save button words: `verb` ("Save"), or "Save — sends when online" while the server
 * cannot be reached.
 */
export function useSaveActionLabel(verb?: string): string {
  return saveActionLabel(
    useSync((s) => s.status?.state ?? null),
    t,
    verb,
  );
}

interface DraftBannerProps {
  draft: Draft | null;
  /** Kept for the editors' calls; the reason itself is on the status line. */
  subject?: ErrorSubject;
  onRetry?: () => void;
  onDiscard?: () => void;
}

/** What the user can do about a change that was not saved. Nothing for the other states. */
export function DraftBanner({ draft, onRetry, onDiscard }: DraftBannerProps) {
  if (!draft) return null;
  const wrap = (tone: string, children: ReactNode) => (
    <div className={`banner banner--${tone}`} data-testid="draft-banner" data-state={draft.state}>
      {children}
    </div>
  );
  switch (draft.state) {
    case 'failed':
      return <RefusedActions draft={draft} onRetry={onRetry} />;
    case 'conflict':
      return wrap(
        'warning',
        <>
          <p>
            {t({
              id: 'drafts.draftStatus.chooseFieldByFieldWhich',
              defaultMessage: 'Choose, field by field, which version to keep.',
            })}
          </p>
          <a className="button button--small button--primary" href={href({ name: 'draft', id: draft.id })}>
            {t({ id: 'drafts.draftStatus.resolveTheConflict', defaultMessage: 'Resolve the conflict' })}
          </a>
        </>,
      );
    case 'deleted-on-server':
      return onDiscard
        ? wrap(
            'danger',
            <>
              <p>
                {t({
                  id: 'drafts.draftStatus.yourChangesStayHereUntil',
                  defaultMessage: 'Your changes stay here until you discard them.',
                })}
              </p>
              <button type="button" className="button button--small" onClick={onDiscard}>
                {t({ id: 'drafts.draftStatus.discardMyChanges', defaultMessage: 'Discard my changes' })}
              </button>
            </>,
          )
        : null;
    default:
      return null;
  }
}

function RefusedActions({ draft, onRetry }: { draft: Draft; onRetry?: () => void }) {
  const fields = Object.entries(draft.fieldErrors);
  // A refused field needs fixing, and a refused key a new key, not another try.
  const retry = onRetry && fields.length === 0 && draft.error?.code !== 'WRITE_REFUSED';
  if (fields.length === 0 && !retry && !draft.inDoubt) return null;
  return (
    <div className="banner banner--danger" data-testid="draft-banner" data-state={draft.state}>
      <div>
        {draft.inDoubt && (
          <p>
            {t({
              id: 'drafts.draftStatus.itMayAlreadyBeOn',
              defaultMessage: 'It may already be on the server; trying again is safe and makes no second copy.',
            })}
          </p>
        )}
        {fields.length > 0 && (
          <ul className="banner-fields">
            {fields.map(([field, message]) => (
              <li key={field}>
                <button type="button" className="button button--link" onClick={() => focusField(field)}>
                  {fieldLabel(field)}
                </button>
                : {message}
              </li>
            ))}
          </ul>
        )}
      </div>
      {retry && (
        <button type="button" className="button button--small" onClick={onRetry}>
          {t({ id: 'drafts.draftStatus.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}
    </div>
  );
}

function focusField(field: string): void {
  const input = document.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}

/**
 * Whether the form must wait. Offline never locks editing: a change waiting to send takes further
 * edits in, and edits typed while it is being sent are held and saved right after. Only a write that
 * may already have reached the server (no answer came) cannot be edited until it is sent.
 */
export function isLocked(draft: Draft | null): boolean {
  return Boolean(draft?.inDoubt) && (draft?.state === 'queued' || draft?.state === 'failed');
}
