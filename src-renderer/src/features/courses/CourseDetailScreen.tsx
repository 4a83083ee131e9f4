/**
 * Renderer. One course, as curriculum builders show it: the course card on top (what
 * an instructor needs to know, its details edited in one form, its preview video), then one
 * outline — sections as cards holding their lessons (CourseOutline). "Push a folder…" is a header
 * action; a folder dragged over the page can be dropped anywhere on it. Lessons are edited, added,
 * reordered and deleted from here; a delete waits a few seconds in the outbox so it can be undone.
 */
import { useEffect, useState } from 'react';
import type { Course, Lesson, Section } from '../../../../src-shared/index.ts';
import { StatusBadge } from '../../components/Badge.tsx';
import { CacheNote } from '../../components/CacheNote.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { OfflineNothingSaved } from '../../components/OfflineState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { enumLabel, formatDateTime, formatSeconds, instructorNames, orDash } from '../../lib/format.ts';
import { useFeature } from '../../lib/feature-store.ts';
import { lessonInHash } from '../../lib/lesson-link.ts';
import { COURSE_LEVELS } from '../../lib/statuses.ts';
import { href } from '../../lib/router.ts';
import {
  byOrder,
  lessonDeleteNoticeKey,
  scheduleLessonDelete,
  takeOpeningCourseRead,
  undoLessonDeleteAndSay,
  useCourseDetail,
  useLessonWork,
} from '../lessons/index.ts';
import { notify } from '../../lib/notices.ts';
import { FolderPushPanel, PushFolderButton } from '../folder-push/index.ts';
import { CourseDetailsEditor, CoursePreviewVideo, focusInPlace, useSectionReasons } from '../structure/index.ts';
import { activeKeyMode, useActiveProfile } from '../workspaces/index.ts';
import { CourseOutline } from './CourseOutline.tsx';
import { t } from '../../lib/i18n.ts';

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
        notify(
          'info',
          t(
            {
              id: 'courses.courseDetailScreen.willBeDeletedInA',
              defaultMessage: '“{title}” will be deleted in a few seconds.',
            },
            { title },
          ),
          {
            key: lessonDeleteNoticeKey(lesson.id),
            // Main sends it at sendAt (the toast cannot stop that clock): Undo goes then.
            action: {
              label: t({ id: 'courses.courseDetailScreen.undo', defaultMessage: 'Undo' }),
              run: () => void undoLessonDeleteAndSay(courseId, scheduled, title),
              until: Date.parse(scheduled.sendAt),
            },
          },
        );
        setPending(null);
        setDeleting(false);
        // Keyboard users land on the Undo of the row they deleted.
        requestAnimationFrame(() =>
          document.querySelector<HTMLElement>(`[data-deleting-id="${CSS.escape(lesson.id)}"] button`)?.focus(),
        );
      },
      (error: unknown) => {
        setDeleteError(describeError(error, { subject: 'thisLesson', keyMode: activeKeyMode() }));
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
    // Never scrollIntoView: it also scrolls the shell (overflow hidden) and moves the whole window.
    const target = row.querySelector<HTMLElement>('a, button');
    if (target) focusInPlace(target);
    row.setAttribute('data-linked', 'true');
    return () => row.removeAttribute('data-linked');
  }, [ready, linkedLessonId]);
}

function CourseNotReady({ courseId }: { courseId: string }) {
  const detail = useCourseDetail();
  return (
    <div className="screen">
      <PageHeader
        title={t({ id: 'courses.courseDetailScreen.course', defaultMessage: 'Course' })}
        eyebrow={
          <a href={href({ name: 'courses' })}>
            {t({ id: 'courses.courseDetailScreen.courses', defaultMessage: 'Courses' })}
          </a>
        }
      />
      {detail.status === 'error' ? (
        <ErrorState
          message={describeError(detail.error, { subject: 'thisCourse', keyMode: activeKeyMode() })}
          error={detail.error}
          onRetry={() => detail.load(courseId, { force: true })}
        />
      ) : detail.status === 'ready' && detail.offlineReason ? (
        <OfflineNothingSaved reason={detail.offlineReason} onRetry={() => detail.load(courseId, { force: true })} />
      ) : (
        <Loading
          label={t({ id: 'courses.courseDetailScreen.loadingTheCourse', defaultMessage: 'Loading the course…' })}
        />
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
      userTitle
      eyebrow={
        <a href={href({ name: 'courses' })}>
          {t({ id: 'courses.courseDetailScreen.courses', defaultMessage: 'Courses' })}
        </a>
      }
      actions={
        <>
          {profile?.capabilities.assessments !== false && (
            <a className="button" href={href({ name: 'assessments', courseId: course.id })}>
              {t({ id: 'courses.courseDetailScreen.assessments', defaultMessage: 'Assessments' })}
            </a>
          )}
          <a className="button" href={href({ name: 'uploads', courseId: course.id })}>
            {t({ id: 'courses.courseDetailScreen.uploadVideos', defaultMessage: 'Upload videos' })}
          </a>
          <PushFolderButton courseId={course.id} />
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

export function CourseDetailScreen({ courseId }: { courseId: string }) {
  const detail = useCourseDetail();
  const work = useLessonWork();
  const lessonDelete = useLessonDelete(courseId);
  useFeature(useCourseDetail, useLessonWork);
  useEffect(() => {
    // Opened with it, the shell's read is this page's (followed since): not read a second time.
    useCourseDetail.getState().load(courseId, { force: !takeOpeningCourseRead(courseId) });
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
          {describeError(detail.error, { subject: 'thisCourse', keyMode: activeKeyMode() })}
        </p>
      )}
      <CourseCard course={course} sections={sections} />
      <FolderPushPanel courseId={courseId} courseName={course.name ?? null} />
      <CourseOutline
        course={course}
        sections={sections}
        deletes={work.courseId === courseId ? work.deletes : []}
        creates={work.courseId === courseId ? work.creates : []}
        onDelete={lessonDelete.ask}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending
            ? t(
                { id: 'courses.courseDetailScreen.deleteTheLesson', defaultMessage: 'Delete the lesson “{value}”?' },
                { value: pending.lesson.title ?? '—' },
              )
            : t({ id: 'courses.courseDetailScreen.deleteLesson', defaultMessage: 'Delete lesson' })
        }
        confirmLabel={t({ id: 'courses.courseDetailScreen.deleteLesson', defaultMessage: 'Delete lesson' })}
        onConfirm={lessonDelete.confirm}
        onCancel={lessonDelete.cancel}
        busy={lessonDelete.deleting}
        error={lessonDelete.deleteError}
      >
        {pending && (
          <p>
            {t(
              {
                id: 'courses.courseDetailScreen.willBeRemovedFromThe',
                defaultMessage:
                  '“{title}” will be removed from the section “{title2}” of “{name}” on the server, with its video and quiz. You have a few seconds to undo it.',
              },
              { title: orDash(pending.lesson.title), title2: orDash(pending.section.title), name: orDash(course.name) },
            )}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function yesNo(value: unknown): string {
  return value === true
    ? t({ id: 'courses.courseDetailScreen.yes', defaultMessage: 'Yes' })
    : value === false
      ? t({ id: 'courses.courseDetailScreen.no', defaultMessage: 'No' })
      : t({ id: 'courses.courseDetailScreen.notKnown', defaultMessage: 'Not known' });
}

/** The course card: what is true of the course, its details' form and its preview video. */
function CourseCard({ course, sections }: { course: Course; sections: readonly Section[] }) {
  const reasons = useSectionReasons();
  return (
    <section
      className="course-card"
      aria-label={t({ id: 'courses.courseDetailScreen.aboutThisCourse', defaultMessage: 'About this course' })}
    >
      <div className="course-card-body">
        <CourseSummary course={course} quizzes={quizLessons(sections)} />
        <CoursePreviewVideo courseId={course.id} disabledReason={reasons.course} />
      </div>
      <CourseDetailsEditor courseId={course.id} disabledReason={reasons.course} />
    </section>
  );
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
    <div className="summary course-card-summary">
      <dl className="summary-grid" data-testid="course-summary">
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.status', defaultMessage: 'Status' })}</dt>
          <dd>
            <StatusBadge status={course.status} />
          </dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.level', defaultMessage: 'Level' })}</dt>
          <dd data-testid="course-level">{enumLabel(course.level, COURSE_LEVELS)}</dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.categories', defaultMessage: 'Categories' })}</dt>
          <dd dir={categories ? 'auto' : undefined}>
            {categories || t({ id: 'courses.courseDetailScreen.none', defaultMessage: 'None' })}
          </dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.instructors', defaultMessage: 'Instructors' })}</dt>
          <dd dir={course.instructors ? 'auto' : undefined}>
            {course.instructors === undefined
              ? '—'
              : instructorNames(course.instructors) ||
                t({ id: 'courses.courseDetailScreen.noneListed', defaultMessage: 'None listed' })}
          </dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.duration', defaultMessage: 'Duration' })}</dt>
          <dd>{formatSeconds(course.overall_duration_seconds)}</dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.quizzes', defaultMessage: 'Quizzes' })}</dt>
          <dd data-testid="course-quizzes">{quizzes}</dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.hasEnrollments', defaultMessage: 'Has enrollments' })}</dt>
          <dd data-testid="has-enrollments">{yesNo(course.has_enrollments)}</dd>
        </div>
        <div>
          <dt>{t({ id: 'courses.courseDetailScreen.lastChanged', defaultMessage: 'Last changed' })}</dt>
          <dd>{formatDateTime(course.updated_datetime)}</dd>
        </div>
      </dl>
      {course.description && (
        <p className="summary-description" dir="auto">
          {course.description}
        </p>
      )}
      {course.requirements && (
        <p className="summary-description">
          <strong>{t({ id: 'courses.courseDetailScreen.requirements', defaultMessage: 'Requirements:' })} </strong>
          {course.requirements}
        </p>
      )}
    </div>
  );
}
