// Renderer. The entry of features/drafts: what the shell and other features use of it (the only way
// in, .dependency-cruiser.cjs; its screens are in screens.ts).
export { DraftFields, focusFirstProblem, formErrors } from './DraftFields.tsx';
export { DraftNotReady } from './DraftNotReady.tsx';
export {
  AutosaveLine,
  DraftBanner,
  isLocked,
  SaveStatusLine,
  useFormSaveState,
  useSaveActionLabel,
  useSaveState,
} from './DraftStatus.tsx';
export { formFrom, HOURS_HINT, MINUTES_HINT } from './form-fields.ts';
export type { FieldSpec } from './form-fields.ts';
export { isIdleUpdate } from './labels.ts';
export { saveTypedDraft, useNewDraftForm } from './new-draft-form.ts';
export { createDraftSession, findDraftFor, hasChangesToSave } from './session.ts';
export { RowRefusal } from './RowRefusal.tsx';
export { MayBeRefusedHint, WriteRefusalNotice } from './WriteRefusalNotice.tsx';
export { isRefusal, noteRefused } from './refusals.ts';
export { discardWithUndo } from './discard.ts';
export { NewDraftHeader } from './NewDraftHeader.tsx';
