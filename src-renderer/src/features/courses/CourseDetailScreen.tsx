/**
 * Renderer. One course: what an instructor needs to know about it, then its sections in order,
 * each with its lessons in order (one virtualized list, so a course with thousands of lessons
 * scrolls smoothly). A lesson can be deleted after a confirmation that names it.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Course, Lesson, Section } from '../../../../src-preload/contract.ts';
import { Badge, StatusBadge } from '../../components/Badge.tsx';
import { CacheNote } from '../../components/CacheNote.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { VirtualList } from '../../components/VirtualList.tsx';
import { describeError } from '../../lib/errors.ts';
import {
  enumLabel,
  formatDateTime,
  formatSeconds,
  humanize,
  instructorNames,
  orDash,
  plural,
} from '../../lib/format.ts';
import { COURSE_LEVELS } from '../../lib/statuses.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../notices/store.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/store.ts';
import { previewLabel } from './CoursesScreen.tsx';
import { lessonVideoLabel, mediaLabel, quizLabel } from './lesson-labels.ts';
import { deleteLesson, useCourseDetail } from './store.ts';

type FlatRow = { kind: 'section'; section: Section } | { kind: 'lesson'; section: Section; lesson: Lesson };

const SECTION_HEIGHT = 52;
const LESSON_HEIGHT = 76;

interface PendingDelete {
  section: Section;
  lesson: Lesson;
}

export function CourseDetailScreen({ courseId }: { courseId: string }) {
  const detail = useCourseDetail();
  const profile = useActiveProfile();
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  useEffect(() => {
    useCourseDetail.getState().load(courseId, { force: true });
  }, [courseId]);

  const data = detail.param === courseId ? detail.data : null;
  const rows = useMemo(() => flatten(data?.sections ?? []), [data]);
  const lessonCount = rows.filter((r) => r.kind === 'lesson').length;

  const askDelete = useCallback((section: Section, lesson: Lesson) => {
    setDeleteError(null);
    setPending({ section, lesson });
  }, []);

  const renderRow = useCallback(
    (index: number, active: boolean) => {
      const row = rows[index];
      if (!row) return null;
      return row.kind === 'section' ? (
        <SectionRow section={row.section} />
      ) : (
        <LessonRow lesson={row.lesson} section={row.section} active={active} onDelete={askDelete} />
      );
    },
    [rows, askDelete],
  );
  const rowHeight = useCallback(
    (index: number) => (rows[index]?.kind === 'section' ? SECTION_HEIGHT : LESSON_HEIGHT),
    [rows],
  );

  const confirmDelete = () => {
    if (!pending) return;
    setDeleting(true);
    deleteLesson(courseId, pending.section.id, pending.lesson.id).then(
      () => {
        notify('success', `Deleted the lesson “${pending.lesson.title ?? '—'}”.`);
        setPending(null);
        setDeleting(false);
      },
      (error: unknown) => {
        setDeleteError(describeError(error, { subject: 'this lesson', keyMode: activeKeyMode() }));
        setDeleting(false);
      },
    );
  };

  if (!data) {
    return (
      <div className="screen">
        <PageHeader title="Course" eyebrow={<a href={href({ name: 'courses' })}>Courses</a>} />
        {detail.status === 'error' ? (
          <ErrorState
            message={describeError(detail.error, { subject: 'this course', keyMode: activeKeyMode() })}
            onRetry={() => detail.load(courseId, { force: true })}
          />
        ) : detail.status === 'ready' && detail.offlineReason ? (
          <Empty title="Offline, and this course has not been opened here before">
            <p>Connect to the server once to read it offline later.</p>
          </Empty>
        ) : (
          <Loading label="Loading the course…" />
        )}
      </div>
    );
  }

  const { course } = data;
  return (
    <div className="screen screen--fill">
      <PageHeader
        title={course.name ?? '—'}
        eyebrow={<a href={href({ name: 'courses' })}>Courses</a>}
        actions={
          <>
            {profile?.capabilities.assessments !== false && (
              <a className="button" href={href({ name: 'assessments', courseId: course.id })}>
                Assessments
              </a>
            )}
            <a className="button" href={href({ name: 'uploads' })}>
              Upload videos
            </a>
          </>
        }
      >
        <CacheNote
          fetchedAt={detail.fetchedAt}
          stale={detail.stale}
          offlineReason={detail.offlineReason}
          onRefresh={detail.reread}
        />
      </PageHeader>
      {detail.error !== null && (
        <p className="inline-alert" role="alert">
          {describeError(detail.error, { subject: 'this course', keyMode: activeKeyMode() })}
        </p>
      )}

      <CourseSummary course={course} />

      <div className="section-heading">
        <h2>Sections and lessons</h2>
        <p className="muted" data-testid="course-counts">
          {plural(data.sections.length, 'section')} · {plural(lessonCount, 'lesson')}
        </p>
      </div>
      {rows.length === 0 ? (
        <Empty title="This course has no sections yet" />
      ) : (
        <VirtualList
          count={rows.length}
          rowHeight={rowHeight}
          renderRow={renderRow}
          label={`Sections and lessons of ${course.name ?? 'this course'}`}
          testId="lesson-list"
          itemAt={(index) => rows[index]}
          className="vlist--min"
        />
      )}

      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Delete the lesson “${pending.lesson.title ?? '—'}”?` : 'Delete lesson'}
        confirmLabel="Delete lesson"
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
        busy={deleting}
        error={deleteError}
      >
        {pending && (
          <p>
            “{orDash(pending.lesson.title)}” will be removed from the section “{orDash(pending.section.title)}” of “
            {orDash(course.name)}” on the server, with its video and quiz. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function flatten(sections: Section[]): FlatRow[] {
  const rows: FlatRow[] = [];
  for (const section of [...sections].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
    rows.push({ kind: 'section', section });
    for (const lesson of [...(section.lessons ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)))
      rows.push({ kind: 'lesson', section, lesson });
  }
  return rows;
}

function CourseSummary({ course }: { course: Course }) {
  const categories = (course.categories ?? []).map((c) => c.name ?? '—').join(', ');
  return (
    <section className="summary" aria-label="About this course">
      <dl className="summary-grid" data-testid="course-summary">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={course.status} />
          </dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd data-testid="course-level">{enumLabel(course.level, COURSE_LEVELS)}</dd>
        </div>
        <div>
          <dt>Categories</dt>
          <dd>{categories || 'None'}</dd>
        </div>
        <div>
          <dt>Instructors</dt>
          <dd>{course.instructors === undefined ? '—' : instructorNames(course.instructors) || 'None listed'}</dd>
        </div>
        <div>
          <dt>Duration</dt>
          <dd>{formatSeconds(course.overall_duration_seconds)}</dd>
        </div>
        <div>
          <dt>Preview video</dt>
          <dd>
            {humanize(previewLabel(course))}
            {course.preview_video_has_subtitles && ' · subtitles'}
            {course.preview_video_error && <span className="text-danger"> — {course.preview_video_error}</span>}
          </dd>
        </div>
        <div>
          <dt>Quizzes</dt>
          <dd>{orDash(course.quizzes_count)}</dd>
        </div>
        <div>
          <dt>Enrollments</dt>
          <dd>
            {course.has_enrollments === undefined ? '—' : course.has_enrollments ? 'Learners enrolled' : 'None yet'}
          </dd>
        </div>
        <div>
          <dt>Last changed</dt>
          <dd>{formatDateTime(course.updated_datetime)}</dd>
        </div>
      </dl>
      {course.description && <p className="summary-description">{course.description}</p>}
      {course.requirements && (
        <p className="summary-description">
          <strong>Requirements: </strong>
          {course.requirements}
        </p>
      )}
    </section>
  );
}

function SectionRow({ section }: { section: Section }) {
  return (
    <div className="row row--section" data-testid="section-row">
      <h3 className="row-title">
        <span className="muted">Section {orDash(section.order)}</span> {orDash(section.title)}
      </h3>
      <span className="muted">{section.lessons ? plural(section.lessons.length, 'lesson') : '—'}</span>
    </div>
  );
}

interface LessonRowProps {
  lesson: Lesson;
  section: Section;
  active: boolean;
  onDelete: (section: Section, lesson: Lesson) => void;
}

function LessonRow({ lesson, section, active, onDelete }: LessonRowProps) {
  const video = lessonVideoLabel(lesson);
  return (
    <div className="row row--lesson" data-testid="lesson-row" tabIndex={active ? 0 : -1} data-primary>
      <div className="row-body">
        <span className="row-line">
          <span className="row-order" aria-hidden="true">
            {orDash(lesson.order)}.
          </span>
          <span className="row-title">{orDash(lesson.title)}</span>
          <Badge>{humanize(lesson.lesson_type)}</Badge>
          <span className="muted">{formatSeconds(lesson.duration_seconds)}</span>
        </span>
        <span className="row-meta">
          <span className={video.tone === 'danger' ? 'text-danger' : undefined}>Video: {video.text}</span>
          <span>Media: {mediaLabel(lesson)}</span>
          <span>Quiz: {quizLabel(lesson)}</span>
        </span>
      </div>
      <button
        type="button"
        className="button button--ghost button--small button--danger-text"
        tabIndex={active ? 0 : -1}
        onClick={() => onDelete(section, lesson)}
        aria-label={`Delete lesson ${lesson.title ?? lesson.id}`}
      >
        Delete
      </button>
    </div>
  );
}
