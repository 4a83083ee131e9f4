/**
 * Renderer. One section of the course detail: a header that stays in view while its lessons
 * scroll, the lessons in order with their video state and actions, new lessons still waiting in
 * the outbox, and lessons whose delete is waiting (with Undo). Reordering works by drag and drop
 * and by keyboard (Move up / Move down, or Alt+↑ / Alt+↓ on a lesson); focus follows the lesson.
 */
import { useEffect, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { formatSeconds, humanize, plural } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { mediaLabel, quizLabel } from './lesson-labels.ts';
import { notify } from '../../lib/notices.ts';
import { videoState } from './fields.ts';
import { moveLesson, sortedLessons, undoLessonDeleteAndSay, useLessonWork } from './store.ts';
import { RowRefusal } from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';

interface Props {
  courseId: string;
  section: Section;
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

type Action = 'move-up' | 'move-down';

function focusAction(lessonId: string, action: Action): void {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-lesson-id="${CSS.escape(lessonId)}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    const fallback = row?.querySelector<HTMLButtonElement>('[data-action]:not([disabled])');
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  });
}

export function SectionLessons({ courseId, section, deletes, creates, onDelete }: Props) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const lessons = sortedLessons(section);
  const visible = lessons.filter((l) => !deletes.some((d) => d.lessonId === l.id));
  const headingId = `section-${section.id}`;

  const move = (lesson: Lesson, position: number, action?: Action) => {
    const from = lessons.findIndex((l) => l.id === lesson.id) + 1;
    const to = Math.max(1, Math.min(lessons.length, position));
    if (from === to) return;
    void moveLesson(courseId, section.id, lesson.id, to);
    setAnnouncement(`Moved “${lesson.title}” to position ${to} of ${lessons.length}.`);
    if (action) focusAction(lesson.id, action);
  };

  const onKeyDown = (lesson: Lesson, index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const up = event.key === 'ArrowUp';
    move(lesson, index + 1 + (up ? -1 : 1), up ? 'move-up' : 'move-down');
  };

  const onDrop = (target: Lesson) => (event: DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    const moving = lessons.find((l) => l.id === id);
    // The dragged lesson takes the target's place (after it when coming from above, before it from below).
    if (moving && moving.id !== target.id) move(moving, lessons.findIndex((l) => l.id === target.id) + 1);
  };

  return (
    <section className="course-section" aria-labelledby={headingId} data-section-id={section.id}>
      <header className="course-section-header" data-testid="section-row">
        <h3 id={headingId} className="row-title">
          <span className="muted">Section {section.order}</span> {section.title}
        </h3>
        <span className="muted">{plural(visible.length, 'lesson')}</span>
        <a
          className="button button--small"
          href={href({ name: 'lesson-new', courseId, sectionId: section.id, draftId: null })}
          data-testid="new-lesson"
        >
          New lesson<span className="visually-hidden"> in {section.title}</span>
        </a>
      </header>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <ol className="lesson-rows" aria-labelledby={headingId} aria-describedby="reorder-help">
        {lessons.map((lesson, index) => {
          const pending = deletes.find((d) => d.lessonId === lesson.id);
          if (pending)
            return <DeletingRow key={lesson.id} courseId={courseId} pending={pending} title={lesson.title ?? '—'} />;
          return (
            <LessonRow
              key={lesson.id}
              courseId={courseId}
              section={section}
              lesson={lesson}
              first={index === 0}
              last={index === lessons.length - 1}
              dragging={dragging === lesson.id}
              onMove={(delta, action) => move(lesson, index + 1 + delta, action)}
              onDelete={() => onDelete(section, lesson)}
              onKeyDown={onKeyDown(lesson, index)}
              onDragStart={(event) => {
                event.dataTransfer.setData('text/plain', lesson.id);
                event.dataTransfer.effectAllowed = 'move';
                setDragging(lesson.id);
              }}
              onDragEnd={() => setDragging(null)}
              onDrop={onDrop(lesson)}
            />
          );
        })}
        {creates.map((draft) => (
          <li key={draft.id} className="lesson-row lesson-row--pending" data-testid="lesson-draft-row">
            <a
              href={href({ name: 'lesson-new', courseId, sectionId: section.id, draftId: draft.id })}
              className="row-title"
            >
              {draft.title}
            </a>
            <Badge tone="warning">{draft.state === 'editing' ? 'Draft, not sent' : humanize(draft.state)}</Badge>
          </li>
        ))}
      </ol>
    </section>
  );
}

interface LessonRowProps {
  courseId: string;
  section: Section;
  lesson: Lesson;
  first: boolean;
  last: boolean;
  dragging: boolean;
  onMove: (delta: number, action: Action) => void;
  onDelete: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent) => void;
}

function LessonRow(props: LessonRowProps) {
  const { courseId, section, lesson, first, last } = props;
  const video = videoState(lesson);
  const title = lesson.title;
  // Known refused for this key: the moves are disabled with the reason (said once in the status bar).
  const refused = useWriteRefusal('lesson');
  return (
    <li
      className={`lesson-row${props.dragging ? ' lesson-row--dragging' : ''}`}
      data-testid="lesson-row"
      data-lesson-id={lesson.id}
      draggable
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      onDragOver={(event) => event.preventDefault()}
      onDrop={props.onDrop}
      onKeyDown={props.onKeyDown}
    >
      <span className="drag-handle" aria-hidden="true">
        ⠿
      </span>
      <div className="row-body">
        <span className="row-line">
          <span className="row-order" aria-hidden="true">
            {lesson.order}.
          </span>
          <a
            className="row-title"
            href={href({ name: 'lesson', courseId, sectionId: section.id, id: lesson.id })}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          >
            {title}
          </a>
          <Badge>{humanize(lesson.lesson_type ?? '')}</Badge>
          <span className="muted">{formatSeconds(lesson.duration_seconds ?? 0)}</span>
        </span>
        <span className="row-meta">
          <span
            className={video.state === 'failed' ? 'text-danger' : undefined}
            data-testid="video-state"
            data-video-state={video.state}
          >
            Video: {video.text}
          </span>
          <span>Media: {mediaLabel(lesson)}</span>
          <span>Quiz: {quizLabel(lesson)}</span>
        </span>
        <RowRefusal resource="lesson" id={lesson.id} />
      </div>
      <div className="row-actions" role="group" aria-label={`Actions for ${title}`}>
        <button
          type="button"
          className="button button--ghost button--small"
          data-action="move-up"
          disabled={first || refused !== null}
          title={refused ?? undefined}
          onClick={() => props.onMove(-1, 'move-up')}
          aria-label={`Move ${title} up`}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          data-action="move-down"
          disabled={last || refused !== null}
          title={refused ?? undefined}
          onClick={() => props.onMove(1, 'move-down')}
          aria-label={`Move ${title} down`}
        >
          ↓ Down
        </button>
        <button
          type="button"
          className="button button--ghost button--small button--danger-text"
          data-action="delete"
          disabled={refused !== null}
          title={refused ?? undefined}
          onClick={props.onDelete}
          aria-label={`Delete lesson ${title}`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

function DeletingRow({ courseId, pending, title }: { courseId: string; pending: PendingLessonDelete; title: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((Date.parse(pending.sendAt) - now) / 1000));
  const canUndo = pending.state !== 'sending' && !pending.inDoubt;
  const undo = () => undoLessonDeleteAndSay(courseId, pending, title);
  const retry = () =>
    call((b) => b.drafts.retry({ id: pending.draftId })).then(
      () => void useLessonWork.getState().load(courseId),
      (error: unknown) => notify('error', describeError(error, { subject: 'this lesson' })),
    );
  return (
    <li
      className="lesson-row lesson-row--deleting"
      data-testid="lesson-row-deleting"
      data-deleting-id={pending.lessonId}
    >
      <span className="row-title">
        <s>{title}</s>
      </span>
      <span className={pending.state === 'failed' ? 'text-danger' : 'muted'} role="status">
        {pending.state === 'failed'
          ? `Not deleted: ${pending.error?.message ?? 'the server refused'}`
          : pending.state === 'sending'
            ? 'Deleting…'
            : seconds > 0
              ? `Deleting in ${seconds} s`
              : 'Deleting when connected'}
      </span>
      {pending.state === 'failed' && (
        <button type="button" className="button button--small" onClick={() => void retry()}>
          Try again
        </button>
      )}
      {canUndo && (
        <button type="button" className="button button--small" onClick={() => void undo()} data-testid="undo-delete">
          Undo<span className="visually-hidden"> deleting {title}</span>
        </button>
      )}
    </li>
  );
}
