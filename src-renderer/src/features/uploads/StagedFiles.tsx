/**
 * Renderer. Files picked but not started: choose the course and section, review each lesson
 * title (from the file name, editable) or pick a lesson whose video the file replaces, then start.
 * Each row shows what main read from the file: a refusal with its reason (never started), the
 * video's length, size and codecs, warnings, and duplicates with a skip / upload-anyway choice.
 */
import { defineMessages } from 'react-intl';
import { useEffect, useId, useMemo } from 'react';
import { SelectField } from '../../components/Field.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatBytes } from '../../lib/format.ts';
import { useCourseNames } from '../courses/index.ts';
import { notify } from '../../lib/notices.ts';
import { StagedCheck } from './StagedCheck.tsx';
import { isStartable, needsAttention, useUploads } from './store.ts';
import { useUploadTargets } from './targets.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  readyToUpload: { id: 'uploads.stagedFiles.readyToUpload', defaultMessage: 'Ready to upload · {count}' },
  clear: { id: 'uploads.stagedFiles.clear', defaultMessage: 'Clear' },
  file: { id: 'uploads.stagedFiles.file', defaultMessage: 'File' },
  goesTo: { id: 'uploads.stagedFiles.goesTo', defaultMessage: 'Goes to' },
  lessonTitle: { id: 'uploads.stagedFiles.lessonTitle', defaultMessage: 'Lesson title' },
  filesToUpload: { id: 'uploads.stagedFiles.filesToUpload', defaultMessage: 'Files to upload' },
  course: { id: 'uploads.stagedFiles.course', defaultMessage: 'Course' },
  loadingCourses: { id: 'uploads.stagedFiles.loadingCourses', defaultMessage: 'Loading courses…' },
  chooseACourse: { id: 'uploads.stagedFiles.chooseACourse', defaultMessage: 'Choose a course' },
  section: { id: 'uploads.stagedFiles.section', defaultMessage: 'Section' },
  chooseACourseFirst: { id: 'uploads.stagedFiles.chooseACourseFirst', defaultMessage: 'Choose a course first' },
  loadingSections: { id: 'uploads.stagedFiles.loadingSections', defaultMessage: 'Loading sections…' },
  chooseASection: { id: 'uploads.stagedFiles.chooseASection', defaultMessage: 'Choose a section' },
  started: { id: 'uploads.stagedFiles.started', defaultMessage: 'Started {count}.' },
  couldNotStartTheUploads: {
    id: 'uploads.stagedFiles.couldNotStartTheUploads',
    defaultMessage: 'Could not start the uploads. {error}',
  },
  starting: { id: 'uploads.stagedFiles.starting', defaultMessage: 'Starting…' },
  start: { id: 'uploads.stagedFiles.start', defaultMessage: 'Start {count}' },
  chooseWhereTheLessonsGo: {
    id: 'uploads.stagedFiles.chooseWhereTheLessonsGo',
    defaultMessage: 'Choose where the lessons go.',
  },
  checkingFiles: { id: 'uploads.stagedFiles.checkingFiles', defaultMessage: 'Checking files…' },
  chooseSkipOrUploadAnyway: {
    id: 'uploads.stagedFiles.chooseSkipOrUploadAnyway',
    defaultMessage: 'Choose Skip or Upload anyway for each duplicate.',
  },
  notAVideoLeftOut: {
    id: 'uploads.stagedFiles.notAVideoLeftOut',
    defaultMessage: '{refused} not a video: left out of the upload.',
  },
  everyNewLessonNeedsA: {
    id: 'uploads.stagedFiles.everyNewLessonNeedsA',
    defaultMessage: 'Every new lesson needs a title of 1 to 255 characters.',
  },
  lessonFor: { id: 'uploads.stagedFiles.lessonFor', defaultMessage: 'Lesson for {name}' },
  newLesson: { id: 'uploads.stagedFiles.newLesson', defaultMessage: 'New lesson' },
  replaceVideoOf: { id: 'uploads.stagedFiles.replaceVideoOf', defaultMessage: 'Replace video of {value}. {value2}' },
  lessonTitleFor: { id: 'uploads.stagedFiles.lessonTitleFor', defaultMessage: 'Lesson title for {name}' },
  remove: { id: 'uploads.stagedFiles.remove', defaultMessage: 'Remove {name}' },
  remove2: { id: 'uploads.stagedFiles.remove2', defaultMessage: 'Remove' },
});

export function StagedFiles() {
  useFeature(useCourseNames, useUploadTargets);
  const staged = useUploads((s) => s.staged);
  const clearStaged = useUploads((s) => s.clearStaged);
  const section = useChosenSection();
  return (
    <section className="panel staged" aria-labelledby="staged-heading" data-testid="staged-files">
      <div className="panel-head">
        <h2 id="staged-heading">
          {t(messages.readyToUpload, {
            count: t(
              { id: 'uploads.stagedFiles.filesCount', defaultMessage: '{count, plural, one {# file} other {# files}}' },
              { count: staged.length },
            ),
          })}
        </h2>
        <button type="button" className="button button--ghost button--small" onClick={clearStaged}>
          {t(messages.clear)}
        </button>
      </div>
      <TargetFields />
      <div className="staged-row staged-head" aria-hidden="true">
        <span>{t(messages.file)}</span>
        <span>{t(messages.goesTo)}</span>
        <span>{t(messages.lessonTitle)}</span>
        <span />
      </div>
      <ul className="staged-list" aria-label={t(messages.filesToUpload)}>
        {staged.map((file) => (
          <StagedRow key={file.handle} handle={file.handle} lessons={section?.lessons ?? []} />
        ))}
      </ul>
      <StartBar />
    </section>
  );
}

/** The chosen course's sections (read once the course is chosen) and the chosen one. */
function useChosenSection() {
  const courseId = useUploads((s) => s.courseId);
  const sectionId = useUploads((s) => s.sectionId);
  const targets = useUploadTargets();
  useEffect(() => {
    if (!courseId) return;
    const status = useUploadTargets.getState().sectionsStatus[courseId];
    // Choosing the course again after a failed read tries again.
    if (status === undefined || status === 'error') void useUploadTargets.getState().loadSections(courseId);
  }, [courseId]);
  const sections = courseId ? (targets.sections[courseId] ?? []) : [];
  return sections.find((s) => s.id === sectionId) ?? null;
}

function TargetFields() {
  const { courseId, sectionId, setTarget } = useUploads();
  const targets = useUploadTargets();
  const names = useCourseNames();
  const courses = useMemo(() => [...names.choices].sort((a, b) => a.name.localeCompare(b.name)), [names.choices]);
  const sections = courseId ? (targets.sections[courseId] ?? []) : [];
  return (
    <div className="form-grid">
      <SelectField
        label={t(messages.course)}
        name="course"
        value={courseId ?? ''}
        onChange={(value) => setTarget(value || null, null)}
        options={[
          {
            value: '',
            label: names.choicesStatus === 'loading' ? t(messages.loadingCourses) : t(messages.chooseACourse),
          },
          ...courses.map((c) => ({ value: c.id, label: c.name })),
        ]}
        error={names.choicesStatus === 'error' ? describeError(names.choicesError) : null}
      />
      <SelectField
        label={t(messages.section)}
        name="section"
        value={sectionId ?? ''}
        disabled={!courseId}
        onChange={(value) => setTarget(courseId, value || null)}
        options={[
          {
            value: '',
            label: !courseId
              ? t(messages.chooseACourseFirst)
              : courseId && targets.sectionsStatus[courseId] === 'loading'
                ? t(messages.loadingSections)
                : t(messages.chooseASection),
          },
          // Numbered by position (as the course outline), not by the server's order, which deletes leave with gaps.
          ...sections.map((s, i) => ({ value: s.id, label: `${i + 1}. ${s.title ?? '—'}` })),
        ]}
        error={
          courseId && targets.sectionsStatus[courseId] === 'error'
            ? describeError(targets.sectionsError[courseId], { subject: 'thisCourse' })
            : null
        }
      />
    </div>
  );
}

function StartBar() {
  const uploads = useUploads();
  const { courseId, sectionId, staged } = uploads;
  const startable = staged.filter(isStartable);
  const titleProblems = startable.filter(
    (f) => !f.replaceLessonId && (f.title.trim().length === 0 || f.title.trim().length > 255),
  );
  const checking = staged.some((f) => !f.check && !f.checkError);
  const undecided = staged.some((f) => f.check && needsAttention(f));
  const refused = staged.filter((f) => f.check && !f.check.video).length;
  const ready =
    Boolean(courseId && sectionId) &&
    startable.length > 0 &&
    titleProblems.length === 0 &&
    !staged.some(needsAttention);

  const start = () => {
    const count = startable.length;
    uploads.start().then(
      () =>
        notify(
          'success',
          t(messages.started, {
            count: t(
              {
                id: 'uploads.stagedFiles.uploadsCount',
                defaultMessage: '{count, plural, one {# upload} other {# uploads}}',
              },
              { count: count },
            ),
          }),
        ),
      (error: unknown) => notify('error', t(messages.couldNotStartTheUploads, { error: describeError(error) })),
    );
  };
  return (
    <div className="form-actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!ready || uploads.starting}
        onClick={start}
        data-testid="start-uploads"
      >
        {uploads.starting
          ? t(messages.starting)
          : t(messages.start, {
              count: t(
                {
                  id: 'uploads.stagedFiles.uploadsCount',
                  defaultMessage: '{count, plural, one {# upload} other {# uploads}}',
                },
                { count: startable.length },
              ),
            })}
      </button>
      {!courseId || !sectionId ? <span className="muted">{t(messages.chooseWhereTheLessonsGo)}</span> : null}
      {checking && <span className="muted">{t(messages.checkingFiles)}</span>}
      {undecided && <span className="text-warning">{t(messages.chooseSkipOrUploadAnyway)}</span>}
      {refused > 0 && (
        <span className="muted">
          {t(messages.notAVideoLeftOut, {
            refused: t(
              { id: 'uploads.stagedFiles.filesCount', defaultMessage: '{count, plural, one {# file} other {# files}}' },
              { count: refused },
            ),
          })}
        </span>
      )}
      {titleProblems.length > 0 && <span className="text-danger">{t(messages.everyNewLessonNeedsA)}</span>}
    </div>
  );
}

function StagedRow({
  handle,
  lessons,
}: {
  handle: string;
  lessons: { id: string; title?: string | undefined; order?: number | undefined }[];
}) {
  const file = useUploads((s) => s.staged.find((f) => f.handle === handle));
  const setTitle = useUploads((s) => s.setStagedTitle);
  const setReplace = useUploads((s) => s.setStagedReplace);
  const unstage = useUploads((s) => s.unstage);
  const titleId = useId();
  const targetId = useId();
  if (!file) return null;
  const tooLong = file.title.trim().length > 255;
  const empty = file.title.trim().length === 0;
  const refused = file.check !== null && !file.check.video;
  return (
    <li className={refused ? 'staged-row staged-row--refused' : 'staged-row'} data-testid="staged-row">
      <div className="staged-file">
        <strong>{file.name}</strong>
        <span className="muted">{formatBytes(file.size)}</span>
      </div>
      <div className="staged-target">
        <label htmlFor={targetId} className="visually-hidden">
          {t(messages.lessonFor, { name: file.name })}
        </label>
        <select
          id={targetId}
          className="input select"
          value={file.replaceLessonId ?? ''}
          disabled={refused}
          onChange={(e) => setReplace(handle, e.target.value || null)}
        >
          <option value="">{t(messages.newLesson)}</option>
          {[...lessons]
            .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
            .map((lesson, i) => (
              <option key={lesson.id} value={lesson.id}>
                {t(messages.replaceVideoOf, { value: i + 1, value2: lesson.title ?? '—' })}
              </option>
            ))}
        </select>
      </div>
      <div className="staged-title">
        <label htmlFor={titleId} className="visually-hidden">
          {t(messages.lessonTitleFor, { name: file.name })}
        </label>
        <input
          id={titleId}
          className="input"
          value={file.title}
          disabled={file.replaceLessonId !== null || refused}
          aria-invalid={(!file.replaceLessonId && (tooLong || empty)) || undefined}
          onChange={(e) => setTitle(handle, e.target.value)}
          data-testid="staged-title"
        />
      </div>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => unstage(handle)}
        aria-label={t(messages.remove, { name: file.name })}
      >
        {t(messages.remove2)}
      </button>
      <StagedCheck file={file} />
    </li>
  );
}
