/**
 * Renderer. One course: what an instructor needs to know about it, then its sections in order,
 * each with its lessons in order, in the page's own scroll (section headers stay in view while
 * their lessons scroll). Lessons are edited, added, reordered (drag and drop, or Move up/down and
 * Alt+Arrow keys) and deleted from here; a delete waits a few seconds in the outbox so it can be undone.
 */
import { useEffect, useState } from 'react';
import type { Course, DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { StatusBadge } from '../../components/Badge.tsx';
import { CacheNote } from '../../components/CacheNote.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
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
import { useFeature } from '../../lib/feature-store.ts';
import { lessonInHash } from '../../lib/lesson-link.ts';
import { COURSE_LEVELS } from '../../lib/statuses.ts';
import { href } from '../../lib/router.ts';
import {
  SectionLessons,
  byOrder,
  lessonDeleteNoticeKey,
  scheduleLessonDelete,
  undoLessonDeleteAndSay,
  useCourseDetail,
  useLessonWork,
} from '../lessons/index.ts';
import { notify } from '../../lib/notices.ts';
import { FolderPushPanel } from '../folder-push/index.ts';
import { CourseStructurePanel } from '../structure/index.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/index.ts';
import { previewLabel } from './CoursesScreen.tsx';

interface PendingDelete {
  section: Section;
  lesson: Lesson;
}

/** A lesson delete asked for from a row: the question, then the delete scheduled with its Undo. */
function useLessonDelete(courseId: string) {
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const ask = (section: Section, lesson: Lesson) => {
    setDeleteError(null);
    setPending({ section, lesson });
  };

  const confirm = () => {
    if (!pending) return;
    setDeleting(true);
    const { section, lesson } = pending;
    scheduleLessonDelete(courseId, section.id, lesson.id).then(
      (scheduled) => {
        const title = lesson.title ?? '—';
        notify('info', `“${title}” will be deleted in a few seconds.`, {
          key: lessonDeleteNoticeKey(lesson.id),
          // Main sends it at sendAt (the toast cannot stop that clock): Undo goes then.
          action: {
            label: 'Undo',
            run: () => void undoLessonDeleteAndSay(courseId, scheduled, title),
            until: Date.parse(scheduled.sendAt),
          },
        });
        setPending(null);
        setDeleting(false);
        // Keyboard users land on the Undo of the row they deleted.
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[data-deleting-id="${CSS.escape(lesson.id)}"] button`)?.focus(),
        );
      },
      (error: unknown) => {
        setDeleteError(describeError(error, { subject: 'this lesson', keyMode: activeKeyMode() }));
        setDeleting(false);
      },
    );
  };
  return { pending, deleting, deleteError, ask, confirm, cancel: () => setPending(null) };
}

/** A link to one lesson (a quiz's lesson, the palette) lands on it: in view, focused, marked. */
function useLinkedLesson(ready: boolean): void {
  const linkedLessonId = lessonInHash()?.lessonId ?? null;
  useEffect(() => {
    if (!ready || !linkedLessonId) return;
    const row = document.querySelector<HTMLElement>(`[data-lesson-id="${CSS.escape(linkedLessonId)}"]`);
    if (!row) return;
    row.scrollIntoView({ block: 'center' });
    row.querySelector<HTMLElement>('a, button')?.focus({ preventScroll: true });
    row.setAttribute('data-linked', 'true');
    return () => row.removeAttribute('data-linked');
  }, [ready, linkedLessonId]);
}

function CourseNotReady({ courseId }: { courseId: string }) {
  const detail = useCourseDetail();
  return (
    <div className="screen">
      <PageHeader title="Course" eyebrow={<a href={href({ name: 'courses' })}>Courses</a>} />
      {detail.status === 'error' ? (
        <ErrorState
          message={describeError(detail.error, { subject: 'this course', keyMode: activeKeyMode() })}
          error={detail.error}
          onRetry={() => detail.load(courseId, { force: true })}
        />
      ) : detail.status === 'ready' && detail.offlineReason ? (
        <OfflineNothingSaved reason={detail.offlineReason} onRetry={() => detail.load(courseId, { force: true })} />
      ) : (
        <Loading label="Loading the course…" />
      )}
    </div>
  );
}

function CourseHeader({ course }: { course: Course }) {
  const detail = useCourseDetail();
  const profile = useActiveProfile();
  return (
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
          <a className="button" href={href({ name: 'uploads', courseId: course.id })}>
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
  );
}

interface OutlineProps {
  course: Course;
  sections: Section[];
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

/** "Sections and lessons": every section with its lessons, in the page's own scroll. */
function LessonOutline({ course, sections, deletes, creates, onDelete }: OutlineProps) {
  const deletingIds = new Set(deletes.map((d) => d.lessonId));
  const lessonCount = sections.reduce((n, s) => n + (s.lessons ?? []).filter((l) => !deletingIds.has(l.id)).length, 0);
  return (
    <>
      <div className="section-heading">
        <h2>Sections and lessons</h2>
        <p className="muted" data-testid="course-counts">
          {plural(sections.length, 'section')} · {plural(lessonCount, 'lesson')}
        </p>
      </div>
      <p className="muted form-note" id="reorder-help">
        Drag a lesson to move it, or use its menu (⋯) to move or delete it; Alt+↑ and Alt+↓ move a lesson too.
      </p>
      {sections.length === 0 ? (
        <Empty title="This course has no sections yet" />
      ) : (
        <div
          className="course-sections"
          data-testid="lesson-list"
          aria-label={`Sections and lessons of ${course.name ?? 'this course'}`}
        >
          {sections.map((section, index) => (
            <SectionLessons
              key={section.id}
              courseId={course.id}
              section={section}
              position={index + 1}
              deletes={deletes.filter((d) => d.sectionId === section.id)}
              creates={creates.filter((d) => d.parent.sectionId === section.id)}
              onDelete={onDelete}
            />
          ))}
        </div>
      )}
    </>
  );
}

export function CourseDetailScreen({ courseId }: { courseId: string }) {
  const detail = useCourseDetail();
  const work = useLessonWork();
  const lessonDelete = useLessonDelete(courseId);
  useFeature(useCourseDetail, useLessonWork);
  useEffect(() => {
    useCourseDetail.getState().load(courseId, { force: true });
    void useLessonWork.getState().load(courseId);
  }, [courseId]);
  const data = detail.param === courseId ? detail.data : null;
  useLinkedLesson(data !== null);
  if (!data) return <CourseNotReady courseId={courseId} />;

  const { course } = data;
  const sections = [...data.sections].sort(byOrder);
  const { pending } = lessonDelete;
  return (
    <div className="screen course-detail">
      <CourseHeader course={course} />
      {detail.error !== null && (
        <p className="inline-alert" role="alert">
          {describeError(detail.error, { subject: 'this course', keyMode: activeKeyMode() })}
        </p>
      )}
      <CourseSummary course={course} quizzes={quizLessons(sections)} />
      <CourseStructurePanel courseId={courseId} sections={sections} />
      <FolderPushPanel courseId={courseId} courseName={course.name ?? null} />
      <LessonOutline
        course={course}
        sections={sections}
        deletes={work.courseId === courseId ? work.deletes : []}
        creates={work.courseId === courseId ? work.creates : []}
        onDelete={lessonDelete.ask}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `Delete the lesson “${pending.lesson.title ?? '—'}”?` : 'Delete lesson'}
        confirmLabel="Delete lesson"
        onConfirm={lessonDelete.confirm}
        onCancel={lessonDelete.cancel}
        busy={lessonDelete.deleting}
        error={lessonDelete.deleteError}
      >
        {pending && (
          <p>
            “{orDash(pending.lesson.title)}” will be removed from the section “{orDash(pending.section.title)}” of “
            {orDash(course.name)}” on the server, with its video and quiz. You have a few seconds to undo it.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function yesNo(value: unknown): string {
  return value === true ? 'Yes' : value === false ? 'No' : 'Not known';
}

/**
 * The course's quizzes as an instructor counts them: its quiz lessons. The server's quizzes_count
 * counts the quiz record every lesson carries (the reference's Lesson.quiz), so it is the lesson count.
 */
function quizLessons(sections: readonly Section[]): number {
  return sections.reduce(
    (n, section) => n + (section.lessons ?? []).filter((l) => l.lesson_type?.toUpperCase() === 'QUIZ').length,
    0,
  );
}

function CourseSummary({ course, quizzes }: { course: Course; quizzes: number }) {
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
          <dd data-testid="course-quizzes">{quizzes}</dd>
        </div>
        <div>
          <dt>Has enrollments</dt>
          <dd data-testid="has-enrollments">{yesNo(course.has_enrollments)}</dd>
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
