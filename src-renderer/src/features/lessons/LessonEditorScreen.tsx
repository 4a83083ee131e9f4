/**
 * Renderer. The lesson editor: title, description, type and text (with a Markdown preview), limits
 * checked as the user types, the server's 422 errors at their fields. Changes are autosaved as a
 * draft on this computer and "Save to server" queues them in the outbox, so an edit made offline is
 * sent once when the server is back and merged field by field. A new lesson of any type is made
 * the same way (a create with its Idempotency-Key); its video, like an existing lesson's, is handed
 * to the upload engine as a replacement for this lesson.
 */
import { useEffect, useState } from 'react';
import type { Draft, Lesson } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { CacheNote } from '../../components/CacheNote.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/Field.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { href, navigate } from '../../lib/router.ts';
import { useCourseDetail } from './outline.ts';
import {
  AutosaveLine,
  DraftBanner,
  isLocked,
  createDraftSession,
  findDraftFor,
  useSaveActionLabel,
} from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { notify } from '../../lib/notices.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import {
  lessonFormErrors,
  lessonFormFrom,
  NEW_LESSON_FORM,
  TITLE_MAX,
  typeOptions,
  videoState,
  type LessonForm,
} from './fields.ts';
import { registerLessonEditorSave } from './editor-save.ts';
import { MarkdownPreview } from './MarkdownPreview.tsx';

interface Target {
  courseId: string;
  sectionId: string;
  lessonId: string | null;
}
let target: Target | null = null;

export const useLessonSession = createDraftSession({
  async open(_key, pending) {
    const t = target;
    if (!t) throw new Error('No lesson is open.');
    if (t.lessonId) {
      const id = t.lessonId;
      return {
        draft: await call((b) => b.lessons.edit({ courseId: t.courseId, sectionId: t.sectionId, id })),
        consumed: false,
      };
    }
    // A new lesson: its type is part of the create even when the user kept the default.
    const type = useLessonSession.getState().form['lesson_type'] || NEW_LESSON_FORM.lesson_type;
    const draft = await call((b) =>
      b.drafts.create({
        resource: 'lesson',
        parent: { courseId: t.courseId, sectionId: t.sectionId },
        fields: { lesson_type: type, ...pending },
      }),
    );
    if (target === t) navigate({ name: 'lesson-new', ...t, draftId: draft.id }, { replace: true });
    return { draft, consumed: true };
  },
});
const session = useLessonSession;

function submitLesson(): void {
  const state = session.getState();
  if (!target || !state.ready || state.submitting || isLocked(state.draft)) return;
  if (Object.keys(lessonFormErrors(state.form)).length > 0) {
    state.revealErrors();
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.lesson-editor [aria-invalid="true"]')?.focus());
    return;
  }
  void state.submit();
}

interface Props {
  courseId: string;
  sectionId: string;
  lessonId: string | null;
  draftId?: string | null;
}

export function LessonEditorScreen({ courseId, sectionId, lessonId, draftId = null }: Props) {
  useFeature(useCourseDetail, session);
  const detail = useCourseDetail();
  const state = session();
  const saveLabel = useSaveActionLabel();
  const refusal = useWriteRefusal('lesson');
  const key = lessonId ?? `new:${sectionId}`;
  const [lookup, setLookup] = useState<{ done: boolean; draft: Draft | null; error: unknown }>({
    done: false,
    draft: null,
    error: null,
  });
  const [preview, setPreview] = useState(false);

  useEffect(() => {
    let cancelled = false;
    target = { courseId, sectionId, lessonId };
    registerLessonEditorSave(submitLesson);
    useCourseDetail.getState().load(courseId, { force: true });
    session.getState().prepare(key);
    const find = lessonId
      ? findDraftFor('lesson', lessonId).then((d) => (d && d.state === 'sent' && !d.hasChanges ? null : d))
      : draftId
        ? call((b) => b.drafts.get({ id: draftId }))
        : Promise.resolve(null);
    find.then(
      (draft) => !cancelled && setLookup({ done: true, draft, error: null }),
      (error: unknown) => !cancelled && setLookup({ done: true, draft: null, error }),
    );
    return () => {
      cancelled = true;
      session.getState().end();
      target = null;
      registerLessonEditorSave(null);
    };
    // draftId changes when the new lesson's draft is made: that is the same editing session.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [courseId, sectionId, lessonId, key]);

  const data = detail.param === courseId ? detail.data : null;
  const section = data?.sections.find((s) => s.id === sectionId) ?? null;
  const lesson: Lesson | null = (lessonId && section?.lessons?.find((l) => l.id === lessonId)) || null;

  useEffect(() => {
    const s = session.getState();
    if (s.key !== key || s.ready || !lookup.done) return;
    if (lookup.draft) s.begin(key, lessonFormFrom(lookup.draft.values), lookup.draft);
    else if (!lessonId) s.begin(key, { ...NEW_LESSON_FORM }, null);
    else if (lesson) s.begin(key, lessonFormFrom(lesson), null);
  }, [key, lessonId, lookup, lesson]);

  const courseLink = <a href={href({ name: 'course', id: courseId })}>{data?.course.name ?? 'Course'}</a>;
  if (!state.ready || state.key !== key) {
    const failed = lookup.error ?? (detail.status === 'error' ? detail.error : null);
    return (
      <div className="screen">
        <PageHeader title={lessonId ? 'Lesson' : 'New lesson'} eyebrow={courseLink} />
        {failed ? (
          <ErrorState message={describeError(failed, { subject: 'this lesson', keyMode: activeKeyMode() })} />
        ) : data && lessonId && !lesson && lookup.done ? (
          <ErrorState message="This lesson is not in the course any more (it may have been deleted)." />
        ) : (
          <Loading label="Loading the lesson…" />
        )}
      </div>
    );
  }

  const draft = state.draft;
  const locked = isLocked(draft);
  const form = state.form as LessonForm;
  const clientErrors = lessonFormErrors(form);
  const serverErrors = { ...(draft?.state === 'failed' ? draft.fieldErrors : {}), ...state.submitFieldErrors };
  const errorOf = (field: string) =>
    ((state.touched[field] || state.revealed) && clientErrors[field]) || serverErrors[field] || null;
  const hasChanges = Boolean(draft?.hasChanges) || Object.keys(state.pending).length > 0;
  const canSubmit = !locked && !refusal && !state.submitting && (hasChanges || draft?.state === 'failed');
  const createdId = draft?.operation === 'create' && draft.state === 'sent' ? draft.serverId : null;
  const videoLessonId = lessonId ?? createdId;
  const change = (field: keyof LessonForm) => (value: string) => session.getState().change(field, value, value);

  return (
    <div className="screen screen--editor lesson-editor">
      <PageHeader
        title={form.title.trim() || (lessonId ? (lesson?.title ?? 'Lesson') : 'New lesson')}
        eyebrow={
          <>
            {courseLink}
            {section && ` / ${section.title}`}
          </>
        }
        actions={
          videoLessonId && (
            <ReplaceVideo
              courseId={courseId}
              sectionId={sectionId}
              lessonId={videoLessonId}
              hasVideo={Boolean(lesson?.video_status)}
            />
          )
        }
      >
        {lesson && <CacheNote fetchedAt={detail.fetchedAt} stale={detail.stale} offlineReason={detail.offlineReason} />}
      </PageHeader>

      <div className="editor-bar">
        <div className="editor-status">
          {lesson && (
            <span data-testid="lesson-video-state">
              <span className="muted">Video</span> {videoState(lesson).text}
            </span>
          )}
          <AutosaveLine session={state} />
        </div>
        <div className="editor-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!canSubmit}
            onClick={submitLesson}
            data-testid="save-to-server"
            data-editor-save
            aria-keyshortcuts="Control+S Meta+S"
            title={refusal ?? undefined}
          >
            {state.submitting ? 'Saving…' : lessonId || draft?.operation === 'update' ? saveLabel : 'Create lesson'}
          </button>
        </div>
      </div>

      <DraftBanner
        draft={draft}
        subject="this lesson"
        onRetry={submitLesson}
        onDiscard={() => {
          if (!draft) return;
          void call((b) => b.drafts.discard({ id: draft.id })).then(() => navigate({ name: 'course', id: courseId }));
        }}
      />
      {createdId && (
        <p className="form-note" data-testid="lesson-created">
          The lesson was created. <a href={href({ name: 'lesson', courseId, sectionId, id: createdId })}>Open it</a> or
          go back to <a href={href({ name: 'course', id: courseId })}>the course</a>.
        </p>
      )}
      {state.submitError !== null && Object.keys(state.submitFieldErrors).length === 0 && (
        <p className="inline-alert" role="alert" data-testid="submit-error">
          {describeError(state.submitError, { subject: 'this lesson', keyMode: activeKeyMode() })}
        </p>
      )}
      {refusal !== null && (
        <p className="muted form-note" data-testid="write-refused">
          {refusal}
        </p>
      )}

      <form
        className="editor-form"
        aria-label={lessonId ? 'Edit lesson' : 'New lesson'}
        onSubmit={(e) => e.preventDefault()}
        noValidate
      >
        <TextField
          label="Title"
          name="title"
          value={form.title}
          onChange={change('title')}
          error={errorOf('title')}
          disabled={locked}
          required
          maxLengthHint={TITLE_MAX}
        />
        <SelectField
          label="Type"
          name="lesson_type"
          value={form.lesson_type}
          onChange={change('lesson_type')}
          options={typeOptions(form.lesson_type)}
          error={errorOf('lesson_type')}
          disabled={locked}
          hint={
            form.lesson_type === 'VIDEO' && !videoLessonId
              ? 'Create the lesson first, then add its video here.'
              : undefined
          }
        />
        <TextAreaField
          label="Description"
          name="description"
          value={form.description}
          onChange={change('description')}
          error={errorOf('description')}
          disabled={locked}
          rows={3}
        />
        <div className="text-content">
          <div className="text-content-tabs" role="group" aria-label="Text view">
            <button
              type="button"
              className="button button--small"
              aria-pressed={!preview}
              onClick={() => setPreview(false)}
            >
              Write
            </button>
            <button
              type="button"
              className="button button--small"
              aria-pressed={preview}
              onClick={() => setPreview(true)}
              data-testid="preview-toggle"
            >
              Preview
            </button>
          </div>
          {preview ? (
            <section aria-label="Preview of the lesson text" className="text-content-preview">
              <MarkdownPreview source={form.text_content} />
            </section>
          ) : (
            <TextAreaField
              label="Text"
              name="text_content"
              value={form.text_content}
              onChange={change('text_content')}
              error={errorOf('text_content')}
              disabled={locked}
              rows={16}
              hint="Plain text. Markdown (# headings, - lists, **bold**, *emphasis*) shows in the preview."
            />
          )}
        </div>
      </form>
    </div>
  );
}

function ReplaceVideo(props: { courseId: string; sectionId: string; lessonId: string; hasVideo: boolean }) {
  const [busy, setBusy] = useState(false);
  const replace = async () => {
    setBusy(true);
    try {
      const [file] = await call((b) => b.uploads.pickFiles());
      if (!file) return;
      const { courseId, sectionId, lessonId } = props;
      await call((b) =>
        b.uploads.add({ items: [{ handle: file.handle, target: { kind: 'replace', courseId, sectionId, lessonId } }] }),
      );
      notify('success', `Uploading “${file.name}” as this lesson’s video. Follow it under Uploads.`);
      navigate({ name: 'uploads' });
    } catch (error) {
      notify('error', `The video could not be queued: ${describeError(error)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button" onClick={() => void replace()} disabled={busy} data-testid="replace-video">
      {props.hasVideo ? 'Replace video…' : 'Add video…'}
    </button>
  );
}
