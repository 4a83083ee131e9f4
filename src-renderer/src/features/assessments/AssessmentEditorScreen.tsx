/**
 * Renderer. The assessment editor: every field the reference lets us update, checked as the user
 * types and autosaved as a draft; "Save to server" queues the draft; status changes are explicit
 * actions; the server's read-only details sit beside the form.
 */
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { useEffect, useState } from 'react';
import type { Assessment, Draft } from '../../../../src-shared/index.ts';
import { StatusBadge } from '../../components/Badge.tsx';
import { CacheNote } from '../../components/CacheNote.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading, Unavailable } from '../../components/States.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { href, navigate } from '../../lib/router.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import {
  AutosaveLine,
  DraftBanner,
  isLocked,
  useSaveActionLabel,
  isIdleUpdate,
  findDraftFor,
  DraftFields,
  focusFirstProblem,
  formErrors,
  formFrom,
} from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { notify } from '../../lib/notices.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/index.ts';
import { AssessmentDetails } from './AssessmentDetails.tsx';
import { StatusChangeDialog, summaryOf, type StatusChange } from './StatusChangeDialog.tsx';
import { deleteAssessment, useAssessment, useAssessmentSession } from './store.ts';

const session = useAssessmentSession;

export function AssessmentEditorScreen({ assessmentId }: { assessmentId: string }) {
  const profile = useActiveProfile();
  if (profile && !profile.capabilities.assessments) {
    return (
      <div className="screen">
        <PageHeader title="Assessment" />
        <Unavailable reason={profile.capabilities.reason ?? 'This workspace’s key cannot see assessments.'} />
      </div>
    );
  }
  return <Editor assessmentId={assessmentId} />;
}

function Editor({ assessmentId }: { assessmentId: string }) {
  useFeature(useAssessment, session);
  const read = useAssessment();
  const state = session();
  const saveLabel = useSaveActionLabel();
  const refusal = useWriteRefusal('assessment');
  const [lookup, setLookup] = useState<{ done: boolean; draft: Draft | null; error: unknown }>({
    done: false,
    draft: null,
    error: null,
  });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  // Ctrl/Cmd+S is "Save" here: the button itself, so the same checks apply.
  useSaveShortcut(() => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="save-to-server"]');
    if (button && !button.disabled) button.click();
    else notify('info', button ? 'Nothing new to save, or it is already on its way.' : 'Still opening the assessment.');
  });

  useEffect(() => {
    let cancelled = false;
    useAssessment.getState().load(assessmentId, { force: true });
    session.getState().prepare(assessmentId);
    findDraftFor('assessment', assessmentId).then(
      // A draft with nothing unsent in it (sent, or opened and left unchanged) is no reason to show
      // its old values: the form starts from the newest server copy, and so does a new edit.
      (found) => {
        const draft = found && !isIdleUpdate(found) ? found : null;
        if (!cancelled) setLookup({ done: true, draft, error: null });
      },
      (error: unknown) => !cancelled && setLookup({ done: true, draft: null, error }),
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

  if (!state.ready || state.key !== assessmentId) {
    if (read.status === 'error' && !lookup.draft) {
      return (
        <div className="screen">
          <PageHeader
            title="Assessment"
            eyebrow={<a href={href({ name: 'assessments', courseId: null })}>Assessments</a>}
          />
          <ErrorState
            message={describeError(read.error, { subject: 'this assessment', keyMode: activeKeyMode() })}
            onRetry={() => read.load(assessmentId, { force: true })}
          />
        </div>
      );
    }
    if (read.status === 'ready' && !assessment && read.offlineReason && lookup.done && !lookup.draft) {
      return (
        <div className="screen">
          <PageHeader
            title="Assessment"
            eyebrow={<a href={href({ name: 'assessments', courseId: null })}>Assessments</a>}
          />
          <OfflineNothingSaved reason={read.offlineReason} onRetry={() => read.load(assessmentId, { force: true })} />
        </div>
      );
    }
    return (
      <div className="screen">
        <PageHeader
          title="Assessment"
          eyebrow={<a href={href({ name: 'assessments', courseId: null })}>Assessments</a>}
        />
        <Loading label="Loading the assessment…" />
      </div>
    );
  }

  const draft = state.draft;
  const locked = isLocked(draft);
  const clientErrors = formErrors(ASSESSMENT_FIELDS, state.form, 'assessment');
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const status = (state.form['status'] || assessment?.status || 'DRAFT') as Assessment['status'];
  const hasChanges = Boolean(draft && Object.keys(draft.changes).length > 0) || Object.keys(state.pending).length > 0;
  const canSubmit = !locked && !refusal && !state.submitting && (hasChanges || draft?.state === 'failed');
  const title = state.form['title'] || assessment?.title || 'Assessment';

  const submit = (extra?: Record<string, unknown>) => {
    if (hasClientErrors) {
      session.getState().revealErrors();
      focusFirstProblem();
      return;
    }
    void session.getState().submit(extra);
  };

  const doDelete = () => {
    setDeleting(true);
    setDeleteError(null);
    deleteAssessment(assessmentId).then(
      async () => {
        if (draft) await call((b) => b.drafts.discard({ id: draft.id })).catch(() => undefined);
        notify('success', `Deleted the assessment “${title}”.`);
        navigate({ name: 'assessments', courseId: null });
      },
      (error: unknown) => {
        setDeleteError(describeError(error, { subject: 'this assessment', keyMode: activeKeyMode() }));
        setDeleting(false);
      },
    );
  };

  const discardDraft = () => {
    if (!draft) return;
    call((b) => b.drafts.discard({ id: draft.id })).then(
      () => {
        notify('success', 'The draft was discarded.');
        navigate({ name: 'assessments', courseId: null });
      },
      (error: unknown) => notify('error', describeError(error)),
    );
  };

  return (
    <div className="screen screen--editor">
      <PageHeader
        title={title}
        eyebrow={
          <>
            <a href={href({ name: 'assessments', courseId: null })}>Assessments</a>
            {assessment && (
              <>
                {' / '}
                <a href={href({ name: 'assessments', courseId: assessment.course_id })}>
                  {assessment.course?.name ?? '—'}
                </a>
              </>
            )}
          </>
        }
        actions={
          <button
            type="button"
            className="button button--ghost button--danger-text"
            onClick={() => setConfirmDelete(true)}
          >
            Delete…
          </button>
        }
      >
        {assessment && <CacheNote fetchedAt={read.fetchedAt} stale={read.stale} offlineReason={read.offlineReason} />}
      </PageHeader>

      <div className="editor-bar">
        <div className="editor-status">
          <span className="muted">Status</span> <StatusBadge status={status} />
          <AutosaveLine session={state} />
        </div>
        <div className="editor-actions" role="group" aria-label="Status and saving">
          {status !== 'PUBLISHED' && (
            <button
              type="button"
              className="button"
              disabled={locked || state.submitting}
              onClick={() => setStatusChange('PUBLISHED')}
            >
              Publish…
            </button>
          )}
          {status !== 'ARCHIVED' && (
            <button
              type="button"
              className="button"
              disabled={locked || state.submitting}
              onClick={() => setStatusChange('ARCHIVED')}
            >
              Archive…
            </button>
          )}
          {status !== 'DRAFT' && (
            <button
              type="button"
              className="button"
              disabled={locked || state.submitting}
              onClick={() => submit({ status: 'DRAFT' })}
            >
              Back to draft
            </button>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={!canSubmit}
            onClick={() => submit()}
            data-testid="save-to-server"
            title={refusal ?? undefined}
          >
            {state.submitting ? 'Saving…' : saveLabel}
          </button>
        </div>
      </div>

      <DraftBanner draft={draft} subject="this assessment" onRetry={() => submit()} onDiscard={discardDraft} />
      {state.submitError !== null && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {describeError(state.submitError, { subject: 'this assessment', keyMode: activeKeyMode() })}
        </p>
      )}
      {hasClientErrors && (state.revealed || hasChanges) && (
        <p className="form-note text-danger">Fix the marked fields to save to the server.</p>
      )}
      {refusal !== null && (
        <p className="muted form-note" data-testid="write-refused">
          {refusal}
        </p>
      )}

      <div className="editor-columns">
        <form
          className="editor-form"
          aria-label="Edit assessment"
          onSubmit={(event) => event.preventDefault()}
          noValidate
        >
          <DraftFields
            specs={ASSESSMENT_FIELDS}
            session={session}
            form="assessment"
            disabled={locked}
            serverErrors={serverErrors}
            base={draft?.base ?? assessment}
          />
        </form>
        {assessment ? <AssessmentDetails assessment={assessment} /> : <Loading label="Loading details…" />}
      </div>

      <StatusChangeDialog
        change={statusChange}
        summary={summaryOf(state.form, assessment)}
        onCancel={() => setStatusChange(null)}
        onConfirm={() => {
          const next = statusChange;
          setStatusChange(null);
          if (next) submit({ status: next });
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete the assessment “${title}”?`}
        confirmLabel="Delete assessment"
        onConfirm={doDelete}
        onCancel={() => setConfirmDelete(false)}
        busy={deleting}
        error={deleteError}
      >
        <p>It will be deleted on the server with its schedule and seats. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
