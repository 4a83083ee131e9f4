/**
 * Renderer. "New assignment": title, description, durations and status, checked as the user
 * types (the reference's limits), drafted on the first keystroke and sent exactly once. Questions
 * are left as the reference leaves them: none are sent. Once the server has made it, the
 * assignments list opens on it, saying it was created (the server offers no way to change an
 * assignment afterwards, so its record is where it lives in Lectern).
 */
import { defineMessages } from 'react-intl';
import { CreateForm } from '../../components/CreateForm.tsx';
import { SelectField } from '../../components/Field.tsx';
import { createdFrom, useCreatedNote } from '../../lib/created.ts';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { humanize } from '../../lib/format.ts';
import { CONTENT_STATUSES } from '../../lib/statuses.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { href, navigate } from '../../lib/router.ts';
import {
  NewDraftHeader,
  DraftFields,
  DraftNotReady,
  formErrors,
  DraftBanner,
  MayBeRefusedHint,
  useSaveActionLabel,
} from '../drafts/index.ts';
import { ASSIGNMENT_FIELDS } from './fields.ts';
import { activeKeyMode, CapabilityGate } from '../workspaces/index.ts';
import { useAssignmentDraft, whereCreated } from './assignment-hooks.ts';
import { ASSIGNMENT_DEFAULTS, NEW_ASSIGNMENT, useAssignmentSession } from './store.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  newAssignment: { id: 'assignments.assignmentScreen.newAssignment', defaultMessage: 'New assignment' },
  addQuestionsOnTheServer: {
    id: 'assignments.assignmentScreen.addQuestionsOnTheServer',
    defaultMessage:
      'Add questions on the server once the assignment exists. Everything you write here is kept on this computer until you create it;',
  },
  assignments: { id: 'assignments.assignmentScreen.assignments', defaultMessage: 'Assignments' },
  listsTheOnesYouHave: {
    id: 'assignments.assignmentScreen.listsTheOnesYouHave',
    defaultMessage: 'lists the ones you have created.',
  },
  status: { id: 'assignments.assignmentScreen.status', defaultMessage: 'Status' },
  draftKeepsItHiddenFrom: {
    id: 'assignments.assignmentScreen.draftKeepsItHiddenFrom',
    defaultMessage: 'Draft keeps it hidden from learners.',
  },
  discard: { id: 'assignments.assignmentScreen.discard', defaultMessage: 'Discard' },
});

const session = useAssignmentSession;

export function AssignmentScreen({ draftId }: { draftId: string | null }) {
  return (
    <CapabilityGate feature="assignments" title={t(messages.newAssignment)}>
      <AssignmentForm draftId={draftId} />
    </CapabilityGate>
  );
}

function AssignmentForm({ draftId }: { draftId: string | null }) {
  useFeature(session);
  const state = session();
  const loadError = useAssignmentDraft(draftId);
  // This key was refused an assignment create: Create is disabled with the reason.
  const refusal = useWriteRefusal('assignment');
  const createLabel = useSaveActionLabel(
    t({ id: 'assignments.assignmentScreen.createAssignment', defaultMessage: 'Create assignment' }),
  );
  if (loadError !== null || !state.ready)
    return <DraftNotReady title={t(messages.newAssignment)} loadError={loadError} />;

  const draft = state.draft;
  const locked = draft !== null && draft.state !== 'editing' && draft.state !== 'failed';
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const made = draft?.state === 'sent' ? createdFrom(draft.result) : null;

  return (
    <div className="screen screen--editor">
      <AssignmentHeader title={state.form['title'] || t(messages.newAssignment)} canDiscard={!locked} />
      <DraftBanner draft={draft} subject="assignments" onRetry={() => void session.getState().submit()} />
      <MayBeRefusedHint resource="assignment" />
      <CreateForm
        label={t(messages.newAssignment)}
        submitLabel={createLabel}
        submitTestId="create-assignment"
        problems={formErrors(ASSIGNMENT_FIELDS, state.form, 'assignment')}
        serverProblems={serverErrors}
        pending={state.submitting || draft?.state === 'sending'}
        locked={locked}
        blockedReason={refusal}
        // A create refused just now says so on its status line already.
        sayBlocked={draft?.error?.code !== 'WRITE_REFUSED'}
        serverError={
          state.submitError !== null
            ? describeError(state.submitError, { subject: 'assignments', keyMode: activeKeyMode() })
            : null
        }
        onSubmit={() => void session.getState().submit()}
        onRevealProblems={() => session.getState().revealErrors()}
        created={made}
        onCreated={(thing) => {
          const where = whereCreated(draft?.result);
          const title = thing.title || state.form['title'] || 'the assignment';
          // The list knows assignments by their draft (it is Lectern's own record of them).
          useCreatedNote.getState().remember({ kind: 'assignment', id: draft?.id ?? thing.id, title, where });
          navigate({ name: 'assignments' }, { replace: true });
          // The form forgets the sent draft, so the next "New assignment" starts clean (not here again).
          session.getState().prepare(NEW_ASSIGNMENT);
        }}
        note={
          <>
            {t(messages.addQuestionsOnTheServer)} <a href={href({ name: 'assignments' })}>{t(messages.assignments)}</a>{' '}
            {t(messages.listsTheOnesYouHave)}
          </>
        }
      >
        <DraftFields
          specs={ASSIGNMENT_FIELDS}
          session={session}
          form="assignment"
          disabled={locked}
          serverErrors={serverErrors}
        />
        <div className="form-grid">
          <SelectField
            label={t(messages.status)}
            name="status"
            value={state.form['status'] ?? 'DRAFT'}
            disabled={locked}
            error={serverErrors['status'] ?? null}
            options={CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            onChange={(value) => state.change('status', value, value)}
            hint={t(messages.draftKeepsItHiddenFrom)}
          />
        </div>
      </CreateForm>
    </div>
  );
}

function AssignmentHeader({ title, canDiscard }: { title: string; canDiscard: boolean }) {
  return (
    <NewDraftHeader
      title={title}
      eyebrow={<a href={href({ name: 'assignments' })}>{t(messages.assignments)}</a>}
      session={session()}
      canDiscard={canDiscard}
      discardLabel={t(messages.discard)}
      untitled="The new assignment"
      reopen={(draftId) => navigate({ name: 'assignment-new', draftId })}
      restart={() => {
        session.getState().begin(NEW_ASSIGNMENT, { ...ASSIGNMENT_DEFAULTS }, null);
        navigate({ name: 'assignment-new', draftId: null }, { replace: true });
      }}
    />
  );
}
