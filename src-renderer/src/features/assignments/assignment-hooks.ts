/**
 * Renderer. What the new-assignment form needs besides its fields: opening its draft (a fresh one,
 * or the one the address names), keeping the address on the draft so a reload continues it, and
 * Ctrl/Cmd+S (keeps it on this computer; creating stays a deliberate click).
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { navigate } from '../../lib/router.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import { formFrom } from '../drafts/index.ts';
import { ASSIGNMENT_FIELDS } from './fields.ts';
import { ASSIGNMENT_DEFAULTS, NEW_ASSIGNMENT, useAssignmentSession } from './store.ts';

const session = useAssignmentSession;

/** Opens the form's draft; returns the error of reading a named draft, if it failed. */
export function useAssignmentDraft(draftId: string | null): unknown {
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    const s = session.getState();
    // The address gains ?draft=… once the draft exists; that is this same form, not a new one.
    if (draftId !== null && s.draft?.id === draftId) return;
    if (draftId === null) {
      s.begin(NEW_ASSIGNMENT, { ...ASSIGNMENT_DEFAULTS }, null);
      return;
    }
    s.prepare(draftId);
    let cancelled = false;
    call((b) => b.drafts.get({ id: draftId })).then(
      (draft) => {
        if (cancelled) return;
        const form = { ...ASSIGNMENT_DEFAULTS, ...formFrom(ASSIGNMENT_FIELDS, draft.values, ['status']) };
        session.getState().begin(draftId, form, draft);
      },
      (error: unknown) => !cancelled && setLoadError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [draftId]);

  useEffect(() => () => session.getState().end(), []);

  // Once the draft exists, put its id in the address so a reload continues it.
  const madeId = session((s) => (s.draft && s.draft.state !== 'sent' ? s.draft.id : null));
  useEffect(() => {
    if (madeId && draftId !== madeId) navigate({ name: 'assignment-new', draftId: madeId }, { replace: true });
  }, [madeId, draftId]);

  useSaveShortcut(saveOnThisComputer);
  return loadError;
}

function saveOnThisComputer(): void {
  const s = session.getState();
  if (s.draft && s.draft.state !== 'editing' && s.draft.state !== 'failed') return;
  const typed = Object.keys(s.pending).length > 0 || s.draft !== null;
  void s.flush().then(
    () =>
      notify(
        typed ? 'success' : 'info',
        typed ? 'Saved on this computer. “Create assignment” sends it.' : 'Nothing typed yet.',
      ),
    (error: unknown) => notify('error', describeError(error)),
  );
}

/** Where the server put a created assignment, in words: "the course Safety 101 for the class B2". */
export function whereCreated(result: Record<string, unknown> | null | undefined): string | null {
  const nameIn = (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
      ? (value as { name: string }).name
      : null;
  const course = nameIn(result?.['course']);
  const learningClass = nameIn(result?.['learning_class']);
  const parts = [course ? `the course ${course}` : null, learningClass ? `for the class ${learningClass}` : null];
  return parts.some(Boolean) ? parts.filter(Boolean).join(' ') : null;
}
