/**
 * Renderer. What the new-assessment form needs besides its fields: opening its draft (a fresh one,
 * or the one the address names), keeping the address on the draft so a reload continues it,
 * Ctrl/Cmd+S, and the courses to choose from.
 */
import { useEffect, useState } from 'react';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { navigate } from '../../lib/router.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import { useCourseNames } from '../courses/index.ts';
import { formFrom } from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { NEW_ASSESSMENT, NEW_ASSESSMENT_DEFAULTS, useNewAssessmentSession } from './new-assessment.ts';

const session = useNewAssessmentSession;

/** Opens the form's draft; returns the error of reading a named draft, if it failed. */
export function useNewAssessmentDraft(courseId: string | null, draftId: string | null): unknown {
  const [loadError, setLoadError] = useState<unknown>(null);
  useEffect(() => {
    const s = session.getState();
    if (draftId !== null && s.draft?.id === draftId) return; // the address caught up with this form
    if (draftId === null) {
      s.begin(NEW_ASSESSMENT, { ...NEW_ASSESSMENT_DEFAULTS, course_id: courseId ?? '' }, null);
      return;
    }
    s.prepare(draftId);
    let cancelled = false;
    call((b) => b.drafts.get({ id: draftId })).then(
      (draft) => {
        if (cancelled) return;
        const form = formFrom(ASSESSMENT_FIELDS, draft.values, ['course_id']);
        session.getState().begin(draftId, { ...NEW_ASSESSMENT_DEFAULTS, ...form }, draft);
      },
      (error: unknown) => !cancelled && setLoadError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [draftId, courseId]);

  useEffect(() => () => session.getState().end(), []);

  // Once the draft exists, the address names it, so a reload (or the Drafts screen) continues it.
  // A sent draft is left alone: the form is about to give way to the created assessment.
  const madeId = session((s) => (s.draft && s.draft.state !== 'sent' ? s.draft.id : null));
  useEffect(() => {
    if (madeId && draftId !== madeId) {
      navigate({ name: 'assessment-new', courseId, draftId: madeId }, { replace: true });
    }
  }, [madeId, draftId, courseId]);

  useSaveShortcut(saveOnThisComputer);
  return loadError;
}

/** Ctrl/Cmd+S keeps what was typed on this computer; creating it stays a deliberate click. */
function saveOnThisComputer(): void {
  const s = session.getState();
  if (s.draft && s.draft.state !== 'editing' && s.draft.state !== 'failed') return;
  const typed = Object.keys(s.pending).length > 0 || s.draft !== null;
  void s.flush().then(
    () =>
      notify(
        typed ? 'success' : 'info',
        typed ? 'Saved on this computer. “Create assessment” sends it to the server.' : 'Nothing typed yet.',
      ),
    (error: unknown) => notify('error', describeError(error)),
  );
}

export interface CourseChoices {
  /** Null while the first list loads; empty when it could not be read. */
  courses: readonly { id: string; name: string }[] | null;
  offline: boolean;
  chosen: { id: string; name: string } | null;
}

export function useCourseChoices(chosenId: string): CourseChoices {
  const names = useCourseNames();
  // No list at all (the read failed) is shown like an offline one with nothing seen yet.
  const courses = names.choicesStatus === 'ready' ? names.choices : names.choicesStatus === 'error' ? [] : null;
  return {
    courses,
    offline: names.choicesOffline || names.choicesStatus === 'error',
    chosen: courses?.find((c) => c.id === chosenId) ?? null,
  };
}
