/**
 * Renderer. How the assessment editor opens: the server copy (through the cache), any draft of
 * it, and the editing session started from the draft if it holds unsent work, else from the
 * newest server copy.
 */
import { useEffect, useState } from 'react';
import type { Draft } from '../../../../src-shared/index.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { notify } from '../../lib/notices.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import { findDraftFor, formFrom, isIdleUpdate } from '../drafts/index.ts';
import { useCreatedNote } from '../../lib/created.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { useAssessment, useAssessmentSession } from './store.ts';
import { t } from '../../lib/i18n.ts';

const session = useAssessmentSession;

interface DraftLookup {
  done: boolean;
  draft: Draft | null;
}

/** Opens assessment `assessmentId` for editing; returns what is known of its draft so far. */
export function useOpenAssessment(assessmentId: string): DraftLookup {
  useFeature(useAssessment, session);
  const [lookup, setLookup] = useState<DraftLookup>({ done: false, draft: null });
  const read = useAssessment();

  useEffect(() => {
    let cancelled = false;
    useAssessment.getState().load(assessmentId, { force: true });
    session.getState().prepare(assessmentId);
    // Another assessment opened: the "Created …" of an earlier one is no longer news.
    const note = useCreatedNote.getState().note;
    if (note && (note.kind !== 'assessment' || note.id !== assessmentId)) useCreatedNote.getState().dismiss();
    findDraftFor('assessment', assessmentId).then(
      // A draft with nothing unsent in it (sent, or opened and left unchanged) is no reason to show
      // its old values: the form starts from the newest server copy, and so does a new edit.
      (found) => {
        const draft = found && !isIdleUpdate(found) ? found : null;
        if (!cancelled) setLookup({ done: true, draft });
      },
      () => !cancelled && setLookup({ done: true, draft: null }),
    );
    return () => {
      cancelled = true;
      session.getState().end();
    };
  }, [assessmentId]);

  const assessment = read.param === assessmentId ? read.data : null;

  // Start the form once we know where its values come from: the draft, else the server copy.
  // Later refreshes of the server copy update the form only while nothing has been typed.
  useEffect(() => {
    const s = session.getState();
    if (s.key !== assessmentId || !lookup.done) return;
    const untouched = !s.ready || (s.draft === null && Object.keys(s.pending).length === 0 && !s.saving);
    if (!untouched) return;
    if (lookup.draft && !s.ready)
      s.begin(assessmentId, formFrom(ASSESSMENT_FIELDS, lookup.draft.values, ['status']), lookup.draft);
    else if (assessment && !lookup.draft)
      s.begin(assessmentId, formFrom(ASSESSMENT_FIELDS, assessment, ['status']), null);
  }, [assessmentId, lookup, assessment]);

  // Ctrl/Cmd+S is "Save to server" here: the button itself, so the same checks apply.
  useSaveShortcut(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="save-to-server"]');
    if (button && !button.disabled) button.click();
    else
      notify(
        'info',
        button
          ? t({
              id: 'assessments.editorhooks.nothingNewToSaveOr',
              defaultMessage: 'Nothing new to save, or it is already on its way.',
            })
          : t({
              id: 'assessments.editorhooks.stillOpeningTheAssessment',
              defaultMessage: 'Still opening the assessment.',
            }),
      );
  });

  return lookup;
}
