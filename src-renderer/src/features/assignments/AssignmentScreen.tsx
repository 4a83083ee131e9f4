/**
 * Renderer. "New assignment": title, description, durations and status, checked as the user
 * types (the reference's limits), drafted on the first keystroke and sent exactly once. Questions
 * are left as the reference leaves them: none are sent.
 */
import { useEffect, useState } from 'react';
import { SelectField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading, Unavailable } from '../../components/States.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { humanize } from '../../lib/format.ts';
import { CONTENT_STATUSES } from '../../lib/statuses.ts';
import { href, navigate } from '../../lib/router.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import { DraftFields, focusFirstProblem, formErrors, formFrom, AutosaveLine, DraftBanner } from '../drafts/index.ts';
import { ASSIGNMENT_FIELDS } from './fields.ts';
import { notify } from '../../lib/notices.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/index.ts';
import { ASSIGNMENT_DEFAULTS, NEW_ASSIGNMENT, useAssignmentSession } from './store.ts';

const session = useAssignmentSession;

export function AssignmentScreen({ draftId }: { draftId: string | null }) {
  const profile = useActiveProfile();
  if (profile && !profile.capabilities.assignments) {
    return (
      <div className="screen">
        <PageHeader title="New assignment" />
        <Unavailable reason={profile.capabilities.reason ?? 'This workspace’s key cannot create assignments.'} />
      </div>
    );
  }
  return <AssignmentForm draftId={draftId} />;
}

function AssignmentForm({ draftId }: { draftId: string | null }) {
  useFeature(session);
  const state = session();
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
        if (!cancelled)
          session
            .getState()
            .begin(
              draftId,
              { ...ASSIGNMENT_DEFAULTS, ...formFrom(ASSIGNMENT_FIELDS, draft.values, ['status']) },
              draft,
            );
      },
      (error: unknown) => !cancelled && setLoadError(error),
    );
    return () => {
      cancelled = true;
    };
  }, [draftId]);

  useEffect(() => () => session.getState().end(), []);

  // Ctrl/Cmd+S keeps the draft on this computer; creating it on the server stays a deliberate click.
  useSaveShortcut(() => {
    const s = session.getState();
    if (s.draft && s.draft.state !== 'editing' && s.draft.state !== 'failed') return;
    const typed = Object.keys(s.pending).length > 0 || s.draft !== null;
    void s.flush().then(
      () =>
        notify(
          typed ? 'success' : 'info',
          typed ? 'Draft saved on this computer. “Create assignment” sends it.' : 'Nothing typed yet.',
        ),
      (error: unknown) => notify('error', describeError(error)),
    );
  });

  // Once the draft exists, put its id in the address so a reload continues it.
  const createdId = state.draft?.id ?? null;
  useEffect(() => {
    if (createdId && draftId !== createdId) navigate({ name: 'assignment-new', draftId: createdId }, { replace: true });
  }, [createdId, draftId]);

  if (loadError !== null) {
    return (
      <div className="screen">
        <PageHeader title="New assignment" />
        <ErrorState message={describeError(loadError, { subject: 'this draft' })} />
      </div>
    );
  }
  if (!state.ready) {
    return (
      <div className="screen">
        <PageHeader title="New assignment" />
        <Loading label="Opening the draft…" />
      </div>
    );
  }

  const draft = state.draft;
  const sentOrSending = draft !== null && draft.state !== 'editing' && draft.state !== 'failed';
  const clientErrors = formErrors(ASSIGNMENT_FIELDS, state.form, 'assignment');
  const hasClientErrors = Object.keys(clientErrors).length > 0;
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const canSubmit = !sentOrSending && !state.submitting;
  const created = draft?.state === 'sent' ? draft.result : null;
  // Which course (and class) it landed in, where the server's answer says so.
  const nameIn = (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string'
      ? (value as { name: string }).name
      : null;
  const createdCourse = nameIn(created?.['course']);
  const createdClass = nameIn(created?.['learning_class']);

  const startAnother = () => {
    session.getState().begin(NEW_ASSIGNMENT, { ...ASSIGNMENT_DEFAULTS }, null);
    navigate({ name: 'assignment-new', draftId: null }, { replace: true });
  };

  const discard = () => {
    if (!draft) return;
    call((b) => b.drafts.discard({ id: draft.id })).then(
      () => {
        notify('success', 'The assignment draft was discarded.');
        startAnother();
      },
      (error: unknown) => notify('error', describeError(error)),
    );
  };

  return (
    <div className="screen screen--editor">
      <PageHeader
        title={state.form['title'] || 'New assignment'}
        eyebrow={<a href={href({ name: 'assignments' })}>Assignments</a>}
        actions={
          draft && !sentOrSending ? (
            <button type="button" className="button button--ghost button--danger-text" onClick={discard}>
              Discard draft
            </button>
          ) : undefined
        }
      >
        <AutosaveLine session={state} />
      </PageHeader>

      <DraftBanner draft={draft} subject="assignments" onRetry={() => void session.getState().submit()} />
      {created && (
        <div className="banner banner--success" data-testid="assignment-created">
          <p>
            Created “{typeof created['title'] === 'string' ? created['title'] : state.form['title']}”
            {createdCourse ? <> in the course {createdCourse}</> : null}
            {createdClass ? <> for the class {createdClass}</> : null}.{' '}
            <a href={href({ name: 'assignments' })}>See all your assignments</a>
          </p>
          <button type="button" className="button button--small" onClick={startAnother}>
            Write another assignment
          </button>
        </div>
      )}
      {state.submitError !== null && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {describeError(state.submitError, { subject: 'assignments', keyMode: activeKeyMode() })}
        </p>
      )}

      <form
        className="editor-form editor-form--narrow"
        aria-label="New assignment"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSubmit) return;
          if (hasClientErrors) {
            session.getState().revealErrors();
            focusFirstProblem();
            return;
          }
          void session.getState().submit();
        }}
      >
        <DraftFields
          specs={ASSIGNMENT_FIELDS}
          session={session}
          form="assignment"
          disabled={sentOrSending}
          serverErrors={serverErrors}
        />
        <div className="form-grid">
          <SelectField
            label="Status"
            name="status"
            value={state.form['status'] ?? 'DRAFT'}
            disabled={sentOrSending}
            error={serverErrors['status'] ?? null}
            options={CONTENT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))}
            onChange={(value) => state.change('status', value, value)}
            hint="Draft keeps it hidden from learners."
          />
        </div>
        <p className="muted form-note">
          Add questions on the server once the assignment exists. Everything you write here is kept on this computer
          until you create it; <a href={href({ name: 'assignments' })}>Assignments</a> lists the ones you have created.
        </p>
        <div className="form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={!canSubmit}
            data-testid="create-assignment"
          >
            {state.submitting ? 'Creating…' : 'Create assignment'}
          </button>
          {hasClientErrors && state.revealed && <span className="text-danger">Fix the marked fields first.</span>}
        </div>
      </form>
    </div>
  );
}
