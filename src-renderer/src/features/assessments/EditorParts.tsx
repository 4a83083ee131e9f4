/**
 * Renderer. The assessment editor's smaller parts, each fed by the editor's stores: the "Created"
 * banner of a just-made assessment, the status and save bar, the notes under it, and Delete.
 */
import { useEffect, useRef, useState } from 'react';
import type { Assessment, Draft } from '../../../../src-shared/index.ts';
import { StatusBadge } from '../../components/Badge.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { describeError } from '../../lib/errors.ts';
import { navigate } from '../../lib/router.ts';
import { AutosaveLine, hasChangesToSave, isLocked, MayBeRefusedHint, useSaveActionLabel } from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { useCreatedNote, useCreatedNoteFor } from '../../lib/created.ts';
import type { StatusChange } from './StatusChangeDialog.tsx';
import { deleteAssessment, useAssessmentSession } from './store.ts';
import { t } from '../../lib/i18n.ts';

const session = useAssessmentSession;

/** "Created … in …", at the top of the editor the new-assessment form opened. */
export function CreatedBanner({ assessmentId }: { assessmentId: string }) {
  const note = useCreatedNoteFor('assessment', assessmentId);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (note) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [note]);
  if (!note) return null;
  return (
    <div ref={ref} className="banner banner--success created-banner" role="status" data-testid="assessment-created">
      <p>
        <strong>
          {t({ id: 'assessments.editorParts.created', defaultMessage: 'Created “{title}”' }, { title: note.title })}
        </strong>
        {note.where ? <> in {note.where}</> : null}. It is in Draft status until you publish it; keep editing it here.
      </p>
      <button type="button" className="button button--small button--ghost" onClick={useCreatedNote.getState().dismiss}>
        {t({ id: 'assessments.editorParts.close', defaultMessage: 'Close' })}
      </button>
    </div>
  );
}

interface EditorBarProps {
  status: Assessment['status'];
  onStatusChange: (change: StatusChange) => void;
  onSubmit: (extra?: Record<string, unknown>) => void;
}

/** The status, the autosave line, the status actions and "Save". */
export function EditorBar({ status, onStatusChange, onSubmit }: EditorBarProps) {
  const state = session();
  const saveLabel = useSaveActionLabel();
  const refusal = useWriteRefusal('assessment');
  const draft = state.draft;
  const locked = isLocked(draft);
  const hasChanges = hasChangesToSave(state);
  const canSubmit = !locked && !refusal && !state.submitting && (hasChanges || draft?.state === 'failed');
  const busy = locked || state.submitting;
  return (
    <div className="editor-bar">
      <div className="editor-status">
        <span className="muted">{t({ id: 'assessments.editorParts.status', defaultMessage: 'Status' })}</span>{' '}
        <StatusBadge status={status} />
        <AutosaveLine session={state} />
      </div>
      <div
        className="editor-actions"
        role="group"
        aria-label={t({ id: 'assessments.editorParts.statusAndSaving', defaultMessage: 'Status and saving' })}
      >
        {status !== 'PUBLISHED' && (
          <button type="button" className="button" disabled={busy} onClick={() => onStatusChange('PUBLISHED')}>
            {t({ id: 'assessments.editorParts.publish', defaultMessage: 'Publish…' })}
          </button>
        )}
        {status !== 'ARCHIVED' && (
          <button type="button" className="button" disabled={busy} onClick={() => onStatusChange('ARCHIVED')}>
            {t({ id: 'assessments.editorParts.archive', defaultMessage: 'Archive…' })}
          </button>
        )}
        {status !== 'DRAFT' && (
          <button type="button" className="button" disabled={busy} onClick={() => onSubmit({ status: 'DRAFT' })}>
            {t({ id: 'assessments.editorParts.backToDraft', defaultMessage: 'Back to draft' })}
          </button>
        )}
        <button
          type="button"
          className="button button--primary"
          disabled={!canSubmit}
          onClick={() => onSubmit()}
          data-testid="save-to-server"
          title={refusal ?? undefined}
        >
          {state.submitting ? t({ id: 'assessments.editorParts.saving', defaultMessage: 'Saving…' }) : saveLabel}
        </button>
      </div>
    </div>
  );
}

/** Under the bar: the refusal of the last save, what blocks saving, and a key refused writes. */
export function EditorNotes({ hasClientErrors }: { hasClientErrors: boolean }) {
  const state = session();
  const refusal = useWriteRefusal('assessment');
  const hasChanges = hasChangesToSave(state);
  return (
    <>
      {state.submitError !== null && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {describeError(state.submitError, { subject: 'thisAssessment', keyMode: activeKeyMode() })}
        </p>
      )}
      {hasClientErrors && (state.revealed || hasChanges) && (
        <p className="form-note text-danger">
          {t({
            id: 'assessments.editorParts.fixTheMarkedFieldsTo',
            defaultMessage: 'Fix the marked fields to save to the server.',
          })}
        </p>
      )}
      {refusal !== null && (
        <p className="muted form-note" data-testid="write-refused">
          {refusal}
        </p>
      )}
      <MayBeRefusedHint resource="assessment" />
    </>
  );
}

/** "Delete…" and the confirmation that names the assessment. */
export function DeleteAssessment({
  assessmentId,
  title,
  draft,
}: {
  assessmentId: string;
  title: string;
  draft: Draft | null;
}) {
  const [open, setOpen] = useState(false);
  // Held back until its toast leaves (Undo): nothing is sent yet, so nothing to wait for here.
  const doDelete = () => {
    deleteAssessment(assessmentId, title, draft?.id ?? null);
    navigate({ name: 'assessments', courseId: null });
  };
  return (
    <>
      <button type="button" className="button button--ghost button--danger-text" onClick={() => setOpen(true)}>
        {t({ id: 'assessments.editorParts.delete', defaultMessage: 'Delete…' })}
      </button>
      <ConfirmDialog
        open={open}
        title={t(
          { id: 'assessments.editorParts.deleteTheAssessment', defaultMessage: 'Delete the assessment “{title}”?' },
          { title },
        )}
        confirmLabel={t({ id: 'assessments.editorParts.deleteAssessment', defaultMessage: 'Delete assessment' })}
        onConfirm={doDelete}
        onCancel={() => setOpen(false)}
      >
        <p>
          {t({
            id: 'assessments.editorParts.itWillBeDeletedOn',
            defaultMessage:
              'It will be deleted on the server with its schedule and seats. You have a few seconds to undo it; after that it cannot be undone.',
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
