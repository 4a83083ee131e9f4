/**
 * Renderer. The lesson editor: title, description, type and text (with a Markdown preview), limits
 * checked as the user types, the server's 422 errors at their fields. Changes are autosaved as a
 * draft on this computer and "Save to server" queues them in the outbox, so an edit made offline is
 * sent once when the server is back and merged field by field. A new lesson of any type is made
 * the same way (a create with its Idempotency-Key) on the shared create form; once the server has
 * made it, this lesson's own editor opens in its place, editable, with "Add video…" there;
 * a video added there uploads while the editor stays on the lesson, its progress shown in place.
 */
import { defineMessages } from 'react-intl';
import { useState, type ReactNode } from 'react';
import type { Lesson } from '../../../../src-shared/index.ts';
import { CacheNote } from '../../components/CacheNote.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { CreateForm } from '../../components/CreateForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { href, navigate } from '../../lib/router.ts';
import {
  discardWithUndo,
  AutosaveLine,
  DraftBanner,
  hasChangesToSave,
  isLocked,
  MayBeRefusedHint,
  useSaveActionLabel,
} from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { lessonFormErrors, videoState, type LessonForm } from './fields.ts';
import { LessonEditorBar, LessonFields } from './LessonEditorParts.tsx';
import { LessonVideoUpload, ReplaceVideo } from './LessonVideoUpload.tsx';
import { useLessonUpload } from './lesson-video.ts';
import {
  createdLessonFrom,
  takeCreatedNote,
  rememberCreatedLesson,
  submitLesson,
  useLessonSession,
} from './lesson-session.ts';
import { useLessonEditor } from './use-lesson-editor.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  newLesson: { id: 'lessons.lessonEditorScreen.newLesson', defaultMessage: 'New lesson' },
  untilYouPressCreateLesson: {
    id: 'lessons.lessonEditorScreen.untilYouPressCreateLesson',
    defaultMessage:
      'Until you press “Create lesson”, this stays on this computer. Its video is added from its editor, which opens once it is created.',
  },
  editLesson: { id: 'lessons.lessonEditorScreen.editLesson', defaultMessage: 'Edit lesson' },
  thisLessonIsNotIn: {
    id: 'lessons.lessonEditorScreen.thisLessonIsNotIn',
    defaultMessage: 'This lesson is not in the course any more (it may have been deleted).',
  },
  loadingTheLesson: { id: 'lessons.lessonEditorScreen.loadingTheLesson', defaultMessage: 'Loading the lesson…' },
  course: { id: 'lessons.lessonEditorScreen.course', defaultMessage: 'Course' },
  lesson: { id: 'lessons.lessonEditorScreen.lesson', defaultMessage: 'Lesson' },
  theLessonWasCreatedOn: {
    id: 'lessons.lessonEditorScreen.theLessonWasCreatedOn',
    defaultMessage: 'The lesson was created on the server. Add its video, or change it here and save.',
  },
});

const session = useLessonSession;

interface Props {
  courseId: string;
  sectionId: string;
  lessonId: string | null;
  draftId?: string | null;
}

/** The server made the lesson: its editor opens in place of the create form (Back skips the form). */
function openCreated(courseId: string, sectionId: string, lesson: Lesson): void {
  rememberCreatedLesson(lesson);
  navigate({ name: 'lesson', courseId, sectionId, id: lesson.id }, { replace: true });
}

function useFormState() {
  const state = session();
  const draft = state.draft;
  const form = state.form as LessonForm;
  const clientErrors = lessonFormErrors(form);
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const errorOf = (field: string) =>
    ((state.touched[field] || state.revealed) && clientErrors[field]) || serverErrors[field] || null;
  const hasChanges = hasChangesToSave(state);
  const locked = isLocked(draft);
  const submitError =
    state.submitError !== null && Object.keys(state.submitFieldErrors).length === 0
      ? describeError(state.submitError, { subject: 'thisLesson', keyMode: activeKeyMode() })
      : null;
  return { state, draft, form, clientErrors, serverErrors, errorOf, hasChanges, locked, submitError };
}

function LessonNotes({ courseId, submitError }: { courseId: string; submitError: string | null }) {
  const { draft } = useFormState();
  const refusal = useWriteRefusal('lesson');
  return (
    <>
      <DraftBanner
        draft={draft}
        subject="thisLesson"
        onRetry={submitLesson}
        onDiscard={() => {
          if (!draft) return;
          // Held back behind its toast's Undo (the change stays listed under Changes & sync if undone).
          discardWithUndo(draft.id, `Your changes to “${draft.title}”`);
          navigate({ name: 'course', id: courseId });
        }}
      />
      {submitError && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {submitError}
        </p>
      )}
      {refusal !== null && (
        <p className="muted form-note" data-testid="write-refused">
          {refusal}
        </p>
      )}
      <MayBeRefusedHint resource="lesson" />
    </>
  );
}

function NewLessonForm({ courseId, sectionId }: { courseId: string; sectionId: string }) {
  const f = useFormState();
  const created = f.draft?.operation === 'create' && f.draft.state === 'sent' ? f.draft.result : null;
  const createLabel = useSaveActionLabel(
    t({ id: 'lessons.lessonEditorScreen.createLesson', defaultMessage: 'Create lesson' }),
  );
  return (
    <CreateForm
      label={t(messages.newLesson)}
      submitLabel={createLabel}
      className="editor-form"
      problems={f.clientErrors}
      serverProblems={f.serverErrors}
      pending={f.state.submitting || f.draft?.state === 'sending'}
      locked={f.locked}
      serverError={null /* said once, by LessonNotes above the form */}
      onSubmit={() => void session.getState().submit()}
      onRevealProblems={() => session.getState().revealErrors()}
      created={createdLessonFrom(created)}
      onCreated={(lesson) => openCreated(courseId, sectionId, lesson)}
      submitTestId="save-to-server"
      note={t(messages.untilYouPressCreateLesson)}
    >
      <LessonFields form={f.form} errorOf={f.errorOf} locked={f.locked} exists={false} />
    </CreateForm>
  );
}

function LessonEditForm({ lessonId }: { lessonId: string | null }) {
  const f = useFormState();
  return (
    <form className="editor-form" aria-label={t(messages.editLesson)} onSubmit={(e) => e.preventDefault()} noValidate>
      <LessonFields form={f.form} errorOf={f.errorOf} locked={f.locked} exists={lessonId !== null} />
    </form>
  );
}

function NotReady(props: { title: string; eyebrow: ReactNode; failed: unknown; missing: boolean }) {
  return (
    <div className="screen">
      <PageHeader title={props.title} eyebrow={props.eyebrow} />
      {props.failed ? (
        <ErrorState
          message={describeError(props.failed, { subject: 'thisLesson', keyMode: activeKeyMode() })}
          error={props.failed}
        />
      ) : props.missing ? (
        <ErrorState message={t(messages.thisLessonIsNotIn)} />
      ) : (
        <Loading label={t(messages.loadingTheLesson)} />
      )}
    </div>
  );
}

export function LessonEditorScreen({ courseId, sectionId, lessonId, draftId = null }: Props) {
  const { detail, data, section, lesson, lookup, key, state } = useLessonEditor(courseId, sectionId, lessonId, draftId);
  const f = useFormState();
  const [justCreated] = useState(() => takeCreatedNote(lessonId));
  const refusal = useWriteRefusal('lesson');
  const upload = useLessonUpload(lessonId ?? '');
  const courseLink = <a href={href({ name: 'course', id: courseId })}>{data?.course.name ?? t(messages.course)}</a>;
  if (!state.ready || state.key !== key) {
    const failed = lookup.error ?? (detail.status === 'error' ? detail.error : null);
    const missing = Boolean(data && lessonId && !lesson && lookup.done);
    return (
      <NotReady
        title={lessonId ? t(messages.lesson) : t(messages.newLesson)}
        eyebrow={courseLink}
        failed={failed}
        missing={missing}
      />
    );
  }
  // An update of this lesson, or a new lesson still to be created (on the create form).
  const isNew = lessonId === null && f.draft?.operation !== 'update';
  const canSubmit = !f.locked && !refusal && !state.submitting && (f.hasChanges || f.draft?.state === 'failed');

  return (
    <div className="screen screen--editor lesson-editor">
      <PageHeader
        title={f.form.title.trim() || (lessonId ? (lesson?.title ?? t(messages.lesson)) : t(messages.newLesson))}
        userTitle={Boolean(f.form.title.trim() || (lessonId && lesson?.title))}
        eyebrow={
          <Breadcrumb
            items={[
              {
                label: data?.course.name ?? t(messages.course),
                href: href({ name: 'course', id: courseId }),
              },
              ...(section ? [{ label: section.title ?? '—' }] : []),
            ]}
          />
        }
        actions={
          lessonId && (
            <ReplaceVideo
              courseId={courseId}
              sectionId={sectionId}
              lessonId={lessonId}
              hasVideo={lesson !== null && videoState(lesson).state !== 'none'}
              onQueued={upload.seen}
            />
          )
        }
      >
        {lesson && <CacheNote fetchedAt={detail.fetchedAt} stale={detail.stale} offlineReason={detail.offlineReason} />}
      </PageHeader>
      {isNew ? (
        <div className="editor-status">
          <AutosaveLine session={state} />
        </div>
      ) : (
        <LessonEditorBar lesson={lesson} canSubmit={canSubmit} onSave={submitLesson} />
      )}
      {lessonId && upload.row && <LessonVideoUpload row={upload.row} />}
      {justCreated && (
        <p className="form-note" data-testid="lesson-created" role="status">
          {t(messages.theLessonWasCreatedOn)}
        </p>
      )}
      <LessonNotes courseId={courseId} submitError={f.submitError} />
      {isNew ? <NewLessonForm courseId={courseId} sectionId={sectionId} /> : <LessonEditForm lessonId={lessonId} />}
    </div>
  );
}
