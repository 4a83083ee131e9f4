/**
 * Renderer. Files picked but not started: choose the course and section, review each lesson
 * title (from the file name, editable) or pick a lesson whose video the file replaces, then start.
 * Each row shows what main read from the file: a refusal with its reason (never started), the
 * video's length, size and codecs, warnings, and duplicates with a skip / upload-anyway choice.
 */
import { useEffect, useId, useMemo } from 'react';
import { SelectField } from '../../components/Field.tsx';
import { describeError } from '../../lib/errors.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { formatBytes, plural } from '../../lib/format.ts';
import { useCourseNames } from '../courses/index.ts';
import { notify } from '../../lib/notices.ts';
import { StagedCheck } from './StagedCheck.tsx';
import { isStartable, needsAttention, useUploads } from './store.ts';
import { useUploadTargets } from './targets.ts';

export function StagedFiles() {
  useFeature(useCourseNames, useUploadTargets);
  const staged = useUploads((s) => s.staged);
  const clearStaged = useUploads((s) => s.clearStaged);
  const section = useChosenSection();
  return (
    <section className="panel staged" aria-labelledby="staged-heading" data-testid="staged-files">
      <div className="panel-head">
        <h2 id="staged-heading">Ready to upload · {plural(staged.length, 'file')}</h2>
        <button type="button" className="button button--ghost button--small" onClick={clearStaged}>
          Clear
        </button>
      </div>
      <TargetFields />
      <div className="staged-row staged-head" aria-hidden="true">
        <span>File</span>
        <span>Goes to</span>
        <span>Lesson title</span>
        <span />
      </div>
      <ul className="staged-list" aria-label="Files to upload">
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
        label="Course"
        name="course"
        value={courseId ?? ''}
        onChange={(value) => setTarget(value || null, null)}
        options={[
          { value: '', label: names.choicesStatus === 'loading' ? 'Loading courses…' : 'Choose a course' },
          ...courses.map((c) => ({ value: c.id, label: c.name })),
        ]}
        error={names.choicesStatus === 'error' ? describeError(names.choicesError) : null}
      />
      <SelectField
        label="Section"
        name="section"
        value={sectionId ?? ''}
        disabled={!courseId}
        onChange={(value) => setTarget(courseId, value || null)}
        options={[
          {
            value: '',
            label: !courseId
              ? 'Choose a course first'
              : courseId && targets.sectionsStatus[courseId] === 'loading'
                ? 'Loading sections…'
                : 'Choose a section',
          },
          // Numbered by position (as the course outline), not by the server's order, which deletes leave with gaps.
          ...sections.map((s, i) => ({ value: s.id, label: `${i + 1}. ${s.title ?? '—'}` })),
        ]}
        error={
          courseId && targets.sectionsStatus[courseId] === 'error'
            ? describeError(targets.sectionsError[courseId], { subject: 'this course' })
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
      () => notify('success', `Started ${plural(count, 'upload')}.`),
      (error: unknown) => notify('error', `Could not start the uploads. ${describeError(error)}`),
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
        {uploads.starting ? 'Starting…' : `Start ${plural(startable.length, 'upload')}`}
      </button>
      {!courseId || !sectionId ? <span className="muted">Choose where the lessons go.</span> : null}
      {checking && <span className="muted">Checking files…</span>}
      {undecided && <span className="text-warning">Choose Skip or Upload anyway for each duplicate.</span>}
      {refused > 0 && <span className="muted">{plural(refused, 'file')} not a video: left out of the upload.</span>}
      {titleProblems.length > 0 && (
        <span className="text-danger">Every new lesson needs a title of 1 to 255 characters.</span>
      )}
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
          Lesson for {file.name}
        </label>
        <select
          id={targetId}
          className="input select"
          value={file.replaceLessonId ?? ''}
          disabled={refused}
          onChange={(e) => setReplace(handle, e.target.value || null)}
        >
          <option value="">New lesson</option>
          {[...lessons]
            .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
            .map((lesson, i) => (
              <option key={lesson.id} value={lesson.id}>
                Replace video of {i + 1}. {lesson.title ?? '—'}
              </option>
            ))}
        </select>
      </div>
      <div className="staged-title">
        <label htmlFor={titleId} className="visually-hidden">
          Lesson title for {file.name}
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
        aria-label={`Remove ${file.name}`}
      >
        Remove
      </button>
      <StagedCheck file={file} />
    </li>
  );
}
