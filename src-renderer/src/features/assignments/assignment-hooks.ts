/**
 * Renderer. What the new-assignment form needs besides its fields: opening its draft (a fresh one,
 * or the one the address names), keeping the address on the draft so a reload continues it, and
 * Ctrl/Cmd+S (keeps it on this computer; creating stays a deliberate click).
 */
import { showDraftInAddress } from '../../lib/router.ts';
import { formFrom, useNewDraftForm } from '../drafts/index.ts';
import { ASSIGNMENT_FIELDS } from './fields.ts';
import { ASSIGNMENT_DEFAULTS, NEW_ASSIGNMENT, useAssignmentSession } from './store.ts';

/** Opens the form's draft; returns the error of reading a named draft, if it failed. */
export function useAssignmentDraft(draftId: string | null): unknown {
  return useNewDraftForm({
    session: useAssignmentSession,
    draftId,
    freshKey: NEW_ASSIGNMENT,
    freshForm: () => ({ ...ASSIGNMENT_DEFAULTS }),
    formOf: (draft) => ({ ...ASSIGNMENT_DEFAULTS, ...formFrom(ASSIGNMENT_FIELDS, draft.values, ['status']) }),
    showInAddress: (madeId) => showDraftInAddress({ name: 'assignment-new', draftId: madeId }),
    sendsWith: '“Create assignment” sends it.',
  });
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
