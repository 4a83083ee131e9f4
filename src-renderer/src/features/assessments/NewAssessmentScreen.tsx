/**
 * Renderer. "New assessment" in a course: the same fields as the editor plus the course, checked
 * as the user types and drafted on the first change (offline too). "Create assessment" sends it
 * once with the draft's stored Idempotency-Key; once the server has made it, the assessment's own
 * editor opens, editable, saying it was created. A server without the (assumed) create answers
 * "not available on this server" and the draft stays.
 */
import { defineMessages } from 'react-intl';
import { CreateForm } from '../../components/CreateForm.tsx';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { SelectField } from '../../components/Field.tsx';
import { describeError, errorCode } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { href, navigate } from '../../lib/router.ts';
import {
  NewDraftHeader,
  DraftBanner,
  DraftFields,
  DraftNotReady,
  formErrors,
  MayBeRefusedHint,
  useSaveActionLabel,
} from '../drafts/index.ts';
import { ASSESSMENT_FIELDS } from './fields.ts';
import { useCourseNames } from '../courses/index.ts';
import { activeKeyMode, CapabilityGate } from '../workspaces/index.ts';
import { createdFrom, useCreatedNote } from '../../lib/created.ts';
import { NEW_ASSESSMENT, NEW_ASSESSMENT_DEFAULTS, useNewAssessmentSession } from './new-assessment.ts';
import { useCourseChoices, useNewAssessmentDraft, type CourseChoices } from './new-assessment-hooks.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  newAssessment: { id: 'assessments.newAssessmentScreen.newAssessment', defaultMessage: 'New assessment' },
  questionsSchedulePlacesAndSeats: {
    id: 'assessments.newAssessmentScreen.questionsSchedulePlacesAndSeats',
    defaultMessage:
      'Questions, schedule, places and seats are set up on the server once the assessment exists. Until you press “Create assessment”, this stays on this computer.',
  },
  assessments: { id: 'assessments.newAssessmentScreen.assessments', defaultMessage: 'Assessments' },
  discard: { id: 'assessments.newAssessmentScreen.discard', defaultMessage: 'Discard' },
  creatingAssessmentsIsNotAvailable: {
    id: 'assessments.newAssessmentScreen.creatingAssessmentsIsNotAvailable',
    defaultMessage: 'Creating assessments is not available on this server.',
  },
  yourDraftStaysOnThis: {
    id: 'assessments.newAssessmentScreen.yourDraftStaysOnThis',
    defaultMessage:
      'Your draft stays on this computer; create the assessment in the server’s own tools, or discard the draft.',
  },
  loadingCourses: { id: 'assessments.newAssessmentScreen.loadingCourses', defaultMessage: 'Loading courses…' },
  chooseACourse: { id: 'assessments.newAssessmentScreen.chooseACourse', defaultMessage: 'Choose a course' },
  thisCourse: { id: 'assessments.newAssessmentScreen.thisCourse', defaultMessage: 'This course' },
  course: { id: 'assessments.newAssessmentScreen.course', defaultMessage: 'Course' },
  coursesAsLastSeenOffline: {
    id: 'assessments.newAssessmentScreen.coursesAsLastSeenOffline',
    defaultMessage: 'Courses as last seen (offline).',
  },
});

const session = useNewAssessmentSession;
const SUBJECT = 'newAssessments';

export function NewAssessmentScreen({ courseId, draftId }: { courseId: string | null; draftId: string | null }) {
  return (
    <CapabilityGate feature="assessments" title={t(messages.newAssessment)}>
      <NewAssessmentForm courseId={courseId} draftId={draftId} />
    </CapabilityGate>
  );
}

function NewAssessmentForm({ courseId, draftId }: { courseId: string | null; draftId: string | null }) {
  useFeature(session, useCourseNames);
  const state = session();
  const loadError = useNewAssessmentDraft(courseId, draftId);
  const choices = useCourseChoices(state.form['course_id'] ?? '');
  const refusal = useWriteRefusal('assessment'); // this key was refused an assessment change
  const createLabel = useSaveActionLabel(
    t({ id: 'assessments.newAssessmentScreen.createAssessment', defaultMessage: 'Create assessment' }),
  );

  if (loadError !== null || !state.ready || state.key === null) {
    return <DraftNotReady title={t(messages.newAssessment)} loadError={loadError} />;
  }

  const draft = state.draft;
  const problems = formErrors(ASSESSMENT_FIELDS, state.form, 'assessment');
  if (!state.form['course_id']) problems['course_id'] = 'Choose the course this assessment belongs to.';
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const notOnServer = [draft?.state === 'failed' ? draft.error : null, state.submitError].some(
    (error) => error !== null && errorCode(error) === 'UnsupportedOperation',
  );
  const locked = draft !== null && draft.state !== 'editing' && draft.state !== 'failed';

  return (
    <div className="screen screen--editor">
      <NewAssessmentHeader
        title={state.form['title'] || t(messages.newAssessment)}
        courseId={courseId}
        canDiscard={!locked}
      />
      {notOnServer ? (
        <NotOnServerBanner />
      ) : (
        <DraftBanner draft={draft} subject={SUBJECT} onRetry={() => void session.getState().submit()} />
      )}
      <MayBeRefusedHint resource="assessment" />
      <CreateForm
        label={t(messages.newAssessment)}
        submitLabel={createLabel}
        problems={problems}
        serverProblems={serverErrors}
        pending={state.submitting || draft?.state === 'sending'}
        locked={locked}
        blockedReason={refusal}
        sayBlocked={draft?.error?.code !== 'WRITE_REFUSED'}
        serverError={
          state.submitError !== null && !notOnServer
            ? describeError(state.submitError, { subject: SUBJECT, keyMode: activeKeyMode() })
            : null
        }
        onSubmit={() => void session.getState().submit()}
        onRevealProblems={() => session.getState().revealErrors()}
        created={draft?.state === 'sent' ? createdFrom(draft.result) : null}
        onCreated={(made) => openCreated(made, state.form['title'] ?? '', choices)}
        note={t(messages.questionsSchedulePlacesAndSeats)}
      >
        {({ errorFor, touch }) => (
          <>
            <div className="form-grid">
              <CourseField
                choices={choices}
                disabled={locked}
                error={errorFor('course_id')}
                onTouch={() => touch('course_id')}
              />
            </div>
            <DraftFields
              specs={ASSESSMENT_FIELDS}
              session={session}
              form="assessment"
              disabled={locked}
              serverErrors={serverErrors}
            />
          </>
        )}
      </CreateForm>
    </div>
  );
}

/** The server made it: its editor opens in place of this form (Back does not return to a sent form). */
function openCreated(made: { id: string; title: string }, typedTitle: string, choices: CourseChoices): void {
  useCreatedNote.getState().remember({
    kind: 'assessment',
    id: made.id,
    title: made.title || typedTitle,
    where: choices.chosen?.name ?? null,
  });
  navigate({ name: 'assessment', id: made.id }, { replace: true });
  // The form forgets the sent draft, so the next "New assessment" starts clean (not here again).
  useNewAssessmentSession.getState().prepare(NEW_ASSESSMENT);
}

function NewAssessmentHeader({
  title,
  courseId,
  canDiscard,
}: {
  title: string;
  courseId: string | null;
  canDiscard: boolean;
}) {
  return (
    <NewDraftHeader
      title={title}
      eyebrow={
        <>
          <a href={href({ name: 'assessments', courseId: null })}>{t(messages.assessments)}</a>
          {' / New'}
        </>
      }
      session={session()}
      canDiscard={canDiscard}
      discardLabel={t(messages.discard)}
      untitled="The new assessment"
      reopen={(draftId) => navigate({ name: 'assessment-new', courseId, draftId })}
      restart={() => {
        session.getState().begin(NEW_ASSESSMENT, { ...NEW_ASSESSMENT_DEFAULTS, course_id: courseId ?? '' }, null);
        navigate({ name: 'assessment-new', courseId, draftId: null }, { replace: true });
      }}
    />
  );
}

function NotOnServerBanner() {
  return (
    <div className="banner banner--danger" role="alert" data-testid="not-available">
      <p>
        <strong>{t(messages.creatingAssessmentsIsNotAvailable)}</strong> {t(messages.yourDraftStaysOnThis)}
      </p>
    </div>
  );
}

interface CourseFieldProps {
  choices: CourseChoices;
  disabled: boolean;
  error: string | null;
  onTouch: () => void;
}

function CourseField({ choices, disabled, error, onTouch }: CourseFieldProps) {
  const form = session((s) => s.form);
  const change = session((s) => s.change);
  const value = form['course_id'] ?? '';
  const options = [
    {
      value: '',
      label: choices.courses === null ? t(messages.loadingCourses) : t(messages.chooseACourse),
    },
    ...(choices.courses ?? []).map((c) => ({ value: c.id, label: c.name })),
    // A course from the link or the draft that is not among the first hundred still shows.
    ...(value && !choices.chosen ? [{ value, label: t(messages.thisCourse) }] : []),
  ];
  return (
    <SelectField
      label={t(messages.course)}
      name="course_id"
      value={value}
      options={options}
      disabled={disabled}
      error={error}
      hint={choices.offline ? t(messages.coursesAsLastSeenOffline) : undefined}
      onChange={(next) => {
        onTouch();
        change('course_id', next, next === '' ? undefined : next);
      }}
    />
  );
}
