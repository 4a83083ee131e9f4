/**
 * Renderer. What the new-assessment form needs besides its fields: opening its draft (a fresh one,
 * or the one the address names), keeping the address on the draft so a reload continues it,
 * Ctrl/Cmd+S, and the courses to choose from.
 */
import { showDraftInAddress } from '../../lib/router.ts';
import { useCourseNames } from '../courses/index.ts';
import { formFrom, useNewDraftForm } from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { NEW_ASSESSMENT, NEW_ASSESSMENT_DEFAULTS, useNewAssessmentSession } from './new-assessment.ts';

/** Opens the form's draft; returns the error of reading a named draft, if it failed. */
export function useNewAssessmentDraft(courseId: string | null, draftId: string | null): unknown {
  return useNewDraftForm({
    session: useNewAssessmentSession,
    draftId,
    freshKey: NEW_ASSESSMENT,
    freshScope: courseId ?? '',
    freshForm: () => ({ ...NEW_ASSESSMENT_DEFAULTS, course_id: courseId ?? '' }),
    formOf: (draft) => ({ ...NEW_ASSESSMENT_DEFAULTS, ...formFrom(ASSESSMENT_FIELDS, draft.values, ['course_id']) }),
    showInAddress: (madeId) => showDraftInAddress({ name: 'assessment-new', courseId, draftId: madeId }),
    sendsWith: '“Create assessment” sends it to the server.',
  });
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
