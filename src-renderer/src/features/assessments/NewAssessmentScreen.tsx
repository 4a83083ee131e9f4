/**
 * Renderer. "New assessment" in a course: the same fields as the editor plus the course, checked
 * as the user types and drafted on the first change (offline too). "Create assessment" sends it
 * once with the draft's stored Idempotency-Key; a server without the (assumed) create answers
 * "not available on this server" and the draft stays.
 */
import { useEffect, useState } from 'react';
import { SelectField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading, Unavailable } from '../../components/States.tsx';
import { call } from '../../bridge.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { href, navigate } from '../../lib/router.ts';
import { useSaveShortcut } from '../../lib/shortcuts.ts';
import { AutosaveLine, DraftBanner, DraftFields, focusFirstProblem, formErrors, formFrom } from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { notify } from '../../lib/notices.ts';
import { useCourseNames } from '../courses/index.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/index.ts';
import { NEW_ASSESSMENT, NEW_ASSESSMENT_DEFAULTS, useNewAssessmentSession } from './new-assessment.ts';

const session = useNewAssessmentSession;

export function NewAssessmentScreen({ courseId, draftId }: { courseId: string | null; draftId: string | null }) {
  const profile = useActiveProfile();
  if (profile && !profile.capabilities.assessments) {
    return (
      <div className="screen">
        <PageHeader title="New assessment" />
        <Unavailable reason={profile.capabilities.reason ?? 'This workspace’s key cannot see assessments.'} />
      </div>
    );
  }
  return <NewAssessmentForm courseId={courseId} draftId={draftId} />;
}

function NewAssessmentForm({ courseId, draftId }: { courseId: string | null; draftId: string | null }) {
  useFeature(session, useCourseNames);
  const state = session();
  const [loadError, setLoadError] = useState<unknown>(null);
  const names = useCourseNames();
  // No list at all (the read failed) is shown like an offline one with nothing seen yet.
  const courses = names.choicesStatus === 'ready' ? names.choices : names.choicesStatus === 'error' ? [] : null;
  const coursesOffline = names.choicesOffline || names.choicesStatus === 'error';

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
  const createdId = state.draft?.id ?? null;
  useEffect(() => {
    if (createdId && draftId !== createdId) {
      navigate({ name: 'assessment-new', courseId, draftId: createdId }, { replace: true });
    }
  }, [createdId, draftId, courseId]);

  const draft = state.draft;
  const sentOrSending = draft !== null && draft.state !== 'editing' && draft.state !== 'failed';
  const clientErrors = formErrors(ASSESSMENT_FIELDS, state.form, 'assessment');
  if (!state.form['course_id']) clientErrors['course_id'] = 'Choose the course this assessment belongs to.';
  const hasClientErrors = Object.keys(clientErrors).length > 0;

  const create = () => {
    if (sentOrSending || state.submitting) return;
    if (hasClientErrors) {
      session.getState().revealErrors();
      focusFirstProblem();
      return;
    }
    void session.getState().submit();
  };

  useSaveShortcut(() => {
    if (sentOrSending) return;
    const pending = Object.keys(session.getState().pending).length > 0;
    void session
      .getState()
      .flush()
      .then(
        () =>
          notify(
            'success',
            pending || session.getState().draft
              ? 'Draft saved on this computer. “Create assessment” sends it to the server.'
              : 'Nothing typed yet.',
          ),
        (error: unknown) => notify('error', describeError(error)),
      );
  });

  if (loadError !== null) {
    return (
      <div className="screen">
        <PageHeader title="New assessment" />
        <ErrorState message={describeError(loadError, { subject: 'this draft' })} />
      </div>
    );
  }
  if (!state.ready || state.key === null) {
    return (
      <div className="screen">
        <PageHeader title="New assessment" />
        <Loading label="Opening the draft…" />
      </div>
    );
  }

  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const created = draft?.state === 'sent' ? draft.result : null;
  const createdId2 = created && typeof created['id'] === 'string' ? created['id'] : null;
  const notOnServer =
    (draft?.state === 'failed' && errorCode(draft.error) === 'UnsupportedOperation') ||
    (state.submitError !== null && errorCode(state.submitError) === 'UnsupportedOperation');
  const chosenCourse = courses?.find((c) => c.id === state.form['course_id']) ?? null;
  const courseShown = revealedError(state, 'course_id')
    ? clientErrors['course_id']
    : (serverErrors['course_id'] ?? null);

  const discard = () => {
    if (!draft) return;
    call((b) => b.drafts.discard({ id: draft.id })).then(
      () => {
        notify('success', 'The new assessment was discarded.');
        session.getState().begin(NEW_ASSESSMENT, { ...NEW_ASSESSMENT_DEFAULTS, course_id: courseId ?? '' }, null);
        navigate({ name: 'assessment-new', courseId, draftId: null }, { replace: true });
      },
      (error: unknown) => notify('error', describeError(error)),
    );
  };

  const courseOptions = [
    { value: '', label: courses === null ? 'Loading courses…' : 'Choose a course' },
    ...(courses ?? []).map((c) => ({ value: c.id, label: c.name })),
    // A course from the link or the draft that is not among the first hundred still shows.
    ...(state.form['course_id'] && !chosenCourse ? [{ value: state.form['course_id'], label: 'This course' }] : []),
  ];

  return (
    <div className="screen screen--editor">
      <PageHeader
        title={state.form['title'] || 'New assessment'}
        eyebrow={
          <>
            <a href={href({ name: 'assessments', courseId: null })}>Assessments</a>
            {' / New'}
          </>
        }
        actions={
          draft && !sentOrSending ? (
            <button type="button" className="button button--ghost button--danger-text" onClick={discard}>
              Discard
            </button>
          ) : undefined
        }
      >
        <AutosaveLine session={state} />
      </PageHeader>

      {notOnServer && (
        <div className="banner banner--danger" role="alert" data-testid="not-available">
          <p>
            <strong>Creating assessments is not available on this server.</strong> Your draft stays on this computer;
            create the assessment in the server’s own tools, or discard the draft.
          </p>
        </div>
      )}
      {!notOnServer && (
        <DraftBanner draft={draft} subject="new assessments" onRetry={() => void session.getState().submit()} />
      )}
      {created && (
        <div className="banner banner--success" data-testid="assessment-created">
          <p>
            Created “{typeof created['title'] === 'string' ? created['title'] : state.form['title']}” in{' '}
            {chosenCourse?.name ?? 'its course'}. It is a draft until you publish it.
          </p>
          {createdId2 && (
            <a className="button button--small button--primary" href={href({ name: 'assessment', id: createdId2 })}>
              Open the assessment
            </a>
          )}
        </div>
      )}
      {state.submitError !== null && !notOnServer && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {describeError(state.submitError, { subject: 'new assessments', keyMode: activeKeyMode() })}
        </p>
      )}

      <form
        className="editor-form editor-form--narrow"
        aria-label="New assessment"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <div className="form-grid">
          <SelectField
            label="Course"
            name="course_id"
            value={state.form['course_id'] ?? ''}
            options={courseOptions}
            disabled={sentOrSending}
            error={courseShown ?? null}
            hint={coursesOffline ? 'Courses as last seen (offline).' : undefined}
            onChange={(value) => state.change('course_id', value, value === '' ? undefined : value)}
          />
        </div>
        <DraftFields
          specs={ASSESSMENT_FIELDS}
          session={session}
          form="assessment"
          disabled={sentOrSending}
          serverErrors={serverErrors}
        />
        <p className="muted form-note">
          Questions, schedule, places and seats are set up on the server once the assessment exists. Until you press
          “Create assessment”, this stays a draft on this computer.
        </p>
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={sentOrSending || state.submitting}>
            {state.submitting ? 'Creating…' : 'Create assessment'}
          </button>
          {hasClientErrors && state.revealed && <span className="text-danger">Fix the marked fields first.</span>}
        </div>
      </form>
    </div>
  );
}

function revealedError(state: { revealed: boolean; touched: Record<string, true> }, field: string): boolean {
  return state.revealed || Boolean(state.touched[field]);
}
