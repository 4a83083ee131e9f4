/**
 * Renderer. The assessment editor: every field the reference lets us update, checked as the user
 * types and autosaved as a draft; "Save to server" queues the draft; status changes are explicit
 * actions; the server's read-only details sit beside the form. A just-created assessment opens
 * here, editable, saying so at the top.
 */
import { useState } from 'react';
import type { Assessment, Draft } from '../../../../src-shared/index.ts';
import { CacheNote } from '../../components/CacheNote.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { href, navigate } from '../../lib/router.ts';
import { DraftBanner, discardWithUndo, isLocked, DraftFields, focusFirstProblem, formErrors } from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { activeKeyMode, CapabilityGate } from '../workspaces/index.ts';
import { AssessmentDetails } from './AssessmentDetails.tsx';
import { CreatedBanner, DeleteAssessment, EditorBar, EditorNotes } from './EditorParts.tsx';
import { useOpenAssessment } from './editor-hooks.ts';
import { StatusChangeDialog, summaryOf, type StatusChange } from './StatusChangeDialog.tsx';
import { useAssessment, useAssessmentSession } from './store.ts';
import { t } from '../../lib/i18n.ts';

const session = useAssessmentSession;
const LIST = href({ name: 'assessments', courseId: null });

export function AssessmentEditorScreen({ assessmentId }: { assessmentId: string }) {
  return (
    <CapabilityGate
      feature="assessments"
      title={t({ id: 'assessments.assessmentEditorScreen.assessment', defaultMessage: 'Assessment' })}
    >
      <Editor assessmentId={assessmentId} />
    </CapabilityGate>
  );
}

function Editor({ assessmentId }: { assessmentId: string }) {
  const lookup = useOpenAssessment(assessmentId);
  const read = useAssessment();
  const ready = session((s) => s.ready && s.key === assessmentId);
  if (ready) return <EditorBody assessmentId={assessmentId} />;

  const retry = () => read.load(assessmentId, { force: true });
  const shown = read.param === assessmentId ? read.data : null;
  const offlineNothing = read.status === 'ready' && !shown && read.offlineReason && lookup.done;
  return (
    <div className="screen">
      <PageHeader
        title={t({ id: 'assessments.assessmentEditorScreen.assessment', defaultMessage: 'Assessment' })}
        eyebrow={
          <a href={LIST}>
            {t({ id: 'assessments.assessmentEditorScreen.assessments', defaultMessage: 'Assessments' })}
          </a>
        }
      />
      {read.status === 'error' && !lookup.draft ? (
        <ErrorState
          message={describeError(read.error, { subject: 'thisAssessment', keyMode: activeKeyMode() })}
          error={read.error}
          onRetry={retry}
        />
      ) : offlineNothing && !lookup.draft ? (
        <OfflineNothingSaved reason={read.offlineReason} onRetry={retry} />
      ) : (
        <Loading
          label={t({
            id: 'assessments.assessmentEditorScreen.loadingTheAssessment',
            defaultMessage: 'Loading the assessment…',
          })}
        />
      )}
    </div>
  );
}

function EditorBody({ assessmentId }: { assessmentId: string }) {
  const read = useAssessment();
  const state = session();
  const assessment = read.param === assessmentId ? read.data : null;
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);

  const draft = state.draft;
  const hasClientErrors = Object.keys(formErrors(ASSESSMENT_FIELDS, state.form, 'assessment')).length > 0;
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const status = (state.form['status'] || assessment?.status || 'DRAFT') as Assessment['status'];
  const title = state.form['title'] || assessment?.title || 'Assessment';

  const submit = (extra?: Record<string, unknown>) => {
    if (hasClientErrors) {
      session.getState().revealErrors();
      focusFirstProblem();
      return;
    }
    void session.getState().submit(extra);
  };

  return (
    <div className="screen screen--editor">
      <EditorHeader assessmentId={assessmentId} assessment={assessment} title={title} draft={draft} />
      <CreatedBanner assessmentId={assessmentId} />
      <EditorBar status={status} onStatusChange={setStatusChange} onSubmit={submit} />
      <DraftBanner
        draft={justCreated(draft) ? null : draft}
        subject="thisAssessment"
        onRetry={() => submit()}
        onDiscard={() => discardDraft(draft)}
      />
      <EditorNotes hasClientErrors={hasClientErrors} />
      <div className="editor-columns">
        <form
          className="editor-form"
          aria-label={t({ id: 'assessments.assessmentEditorScreen.editAssessment', defaultMessage: 'Edit assessment' })}
          onSubmit={(e) => e.preventDefault()}
          noValidate
        >
          <DraftFields
            specs={ASSESSMENT_FIELDS}
            session={session}
            form="assessment"
            disabled={isLocked(draft)}
            serverErrors={serverErrors}
            base={draft?.base ?? assessment}
          />
        </form>
        {assessment ? (
          <AssessmentDetails assessment={assessment} />
        ) : (
          <Loading
            label={t({ id: 'assessments.assessmentEditorScreen.loadingDetails', defaultMessage: 'Loading details…' })}
          />
        )}
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
    </div>
  );
}

/** The create that made this assessment, sent and untouched since: the "Created" banner says it. */
function justCreated(draft: Draft | null): boolean {
  return draft?.operation === 'create' && draft.state === 'sent';
}

interface EditorHeaderProps {
  assessmentId: string;
  assessment: Assessment | null;
  title: string;
  draft: Draft | null;
}

function EditorHeader({ assessmentId, assessment, title, draft }: EditorHeaderProps) {
  const read = useAssessment();
  return (
    <PageHeader
      title={title}
      userTitle={Boolean(assessment?.title)}
      eyebrow={
        <>
          <a href={LIST}>
            {t({ id: 'assessments.assessmentEditorScreen.assessments', defaultMessage: 'Assessments' })}
          </a>
          {assessment && (
            <>
              {' / '}
              <a href={href({ name: 'assessments', courseId: assessment.course_id })} dir="auto">
                {assessment.course?.name ?? '—'}
              </a>
            </>
          )}
        </>
      }
      actions={<DeleteAssessment assessmentId={assessmentId} title={title} draft={draft} />}
    >
      {assessment && <CacheNote fetchedAt={read.fetchedAt} stale={read.stale} offlineReason={read.offlineReason} />}
    </PageHeader>
  );
}

/** Leaves the editor at once; the discard waits behind its toast's Undo (the change stays listed under Changes & sync if undone). */
function discardDraft(draft: Draft | null): void {
  if (!draft) return;
  discardWithUndo(draft.id, `Your changes to “${draft.title}”`);
  navigate({ name: 'assessments', courseId: null });
}
