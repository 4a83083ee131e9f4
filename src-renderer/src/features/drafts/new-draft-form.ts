/**
 * Renderer. The wiring every "new X" form shares (new assessment, new assignment): open its draft
 * (a fresh form, or the draft the address names), save what was typed when the form is left, put
 * the draft's id in the address once it exists so a reload continues it, and Ctrl/Cmd+S keeps the
 * typing on this computer (creating stays a deliberate click). The feature gives only what differs.
 */
import { useEffect, useRef, useState } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import type { DraftSession } from './session.ts';
import { t } from '../../lib/i18n.ts';

export interface NewDraftFormOptions {
  session: DraftSession;
  /** The draft the address names; null for a fresh form. */
  draftId: string | null;
  /** The session's key while a fresh form has no draft yet. */
  freshKey: string;
  /** A fresh form opens again when this changes (e.g. the course it was opened from). */
  freshScope?: string;
  freshForm: () => Record<string, string>;
  formOf: (draft: Draft) => Record<string, string>;
  /** Puts the new draft's id in the address (replacing the entry, not adding one). */
  showInAddress: (draftId: string) => void;
  /** What sends it, for Ctrl/Cmd+S's note: "“Create assessment” sends it to the server." */
  sendsWith: string;
}

/** Opens the form's draft; returns the error of reading a named draft, if that failed. */
export function useNewDraftForm(options: NewDraftFormOptions): unknown {
  const { session, draftId, freshScope = '' } = options;
  // The callbacks are new every render; the effects read the latest through here.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => {
    const { freshKey, freshForm, formOf } = latest.current;
    const s = session.getState();
    if (draftId !== null && s.draft?.id === draftId) return; // the address caught up with this form
    if (draftId === null) {
      s.begin(freshKey, freshForm(), null);
      return;
    }
    s.prepare(draftId);
    let cancelled = false;
    call((b) => b.drafts.get({ id: draftId })).then(
      (draft) => !cancelled && session.getState().begin(draftId, formOf(draft), draft),
      (error: unknown) => !cancelled && setLoadError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [session, draftId, freshScope]);

  useEffect(() => () => session.getState().end(), [session]);

  // A sent draft is left alone: the form is about to give way to the created thing.
  const madeId = session((s) => (s.draft && s.draft.state !== 'sent' ? s.draft.id : null));
  useEffect(() => {
    if (madeId && draftId !== madeId) latest.current.showInAddress(madeId);
  }, [madeId, draftId]);

  useSaveShortcut(() => saveTypedDraft(session, latest.current.sendsWith));
  return loadError;
}

/** Ctrl/Cmd+S on a new form: keeps what was typed on this computer and says what sends it. */
export function saveTypedDraft(session: DraftSession, sendsWith: string): void {
  const s = session.getState();
  if (s.draft && s.draft.state !== 'editing' && s.draft.state !== 'failed') return;
  const typed = Object.keys(s.pending).length > 0 || s.draft !== null;
  void s.flush().then(
    () =>
      notify(
        typed ? 'success' : 'info',
        typed
          ? t(
              { id: 'drafts.newdraftform.keptOnThisComputer', defaultMessage: 'Kept on this computer. {sendsWith}' },
              { sendsWith },
            )
          : t({ id: 'drafts.newdraftform.nothingTypedYet', defaultMessage: 'Nothing typed yet.' }),
      ),
    (error: unknown) => notify('error', describeError(error)),
  );
}
