/**
 * Renderer. The rows of a section's lesson list: a lesson (its order, title, type, what is true
 * of it for its type, and its actions behind one row menu), a lesson whose delete is waiting (with
 * Undo) and a new lesson still waiting in the outbox. Presentational: SectionLessons feeds them.
 */
import { useEffect, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { DraftSummary, Lesson, PendingLessonDelete } from '../../../../src-shared/index.ts';
import { Badge } from '../../components/Badge.tsx';
import { RowMenu } from '../../components/RowMenu.tsx';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { formatSeconds, humanize } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { hasDuration, lessonRowFacts } from './lesson-labels.ts';
import { undoLessonDeleteAndSay, useLessonWork } from './store.ts';
import { RowRefusal } from '../drafts/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { t } from '../../lib/i18n.ts';

export interface LessonRowProps {
  courseId: string;
  sectionId: string;
  lesson: Lesson;
  /** Its place in the section, from 1: the outline numbers by position, not by the server's
   * `order`, which deletes can leave with gaps (1, 2, 4). */
  position: number;
  first: boolean;
  last: boolean;
  dragging: boolean;
  onMove: (delta: number) => void;
  onDelete: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDrop: (event: DragEvent) => void;
}

function LessonFacts({ lesson }: { lesson: Lesson }) {
  const facts = lessonRowFacts(lesson);
  if (facts.length === 0) return null;
  return (
    <span className="row-meta">
      {facts.map((fact) => (
        <span
          key={fact.kind}
          className={fact.tone === 'danger' ? 'text-danger' : undefined}
          data-testid={fact.kind === 'video' ? 'video-state' : `lesson-${fact.kind}`}
          data-video-state={fact.videoState}
          title={fact.text}
          dir={fact.kind === 'file' ? 'auto' : undefined}
        >
          {fact.text}
        </span>
      ))}
    </span>
  );
}

export function LessonRow(props: LessonRowProps) {
  const { courseId, sectionId, lesson, first, last } = props;
  const title = lesson.title ?? '—';
  // Known refused for this key: the actions are disabled with the reason (said once in the status bar).
  const refused = useWriteRefusal('lesson');
  const reason = refused ?? undefined;
  return (
    <li
      className={`lesson-row${props.dragging ? ' lesson-row--dragging' : ''}`}
      data-testid="lesson-row"
      data-lesson-id={lesson.id}
      data-lesson-type={lesson.lesson_type ?? ''}
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
            {props.position}.
          </span>
          <a
            className="row-title"
            dir="auto"
            href={href({ name: 'lesson', courseId, sectionId, id: lesson.id })}
            title={title}
            aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
          >
            {title}
          </a>
          {lesson.lesson_type && <Badge>{humanize(lesson.lesson_type)}</Badge>}
          {hasDuration(lesson) && <span className="muted row-duration">{formatSeconds(lesson.duration_seconds)}</span>}
        </span>
        <LessonFacts lesson={lesson} />
        <RowRefusal resource="lesson" id={lesson.id} />
      </div>
      <RowMenu
        label={t({ id: 'lessons.lessonRow.actionsFor', defaultMessage: 'Actions for {title}' }, { title })}
        items={[
          {
            label: t({ id: 'lessons.lessonRow.moveUp', defaultMessage: 'Move up' }),
            action: 'move-up',
            disabled: first || !!refused,
            reason,
            onSelect: () => props.onMove(-1),
          },
          {
            label: t({ id: 'lessons.lessonRow.moveDown', defaultMessage: 'Move down' }),
            action: 'move-down',
            disabled: last || !!refused,
            reason,
            onSelect: () => props.onMove(1),
          },
          {
            label: t({ id: 'lessons.lessonRow.delete', defaultMessage: 'Delete…' }),
            action: 'delete',
            danger: true,
            disabled: !!refused,
            reason,
            onSelect: props.onDelete,
          },
        ]}
      />
    </li>
  );
}

function deletingSentence(pending: PendingLessonDelete, seconds: number): string {
  if (pending.state === 'failed')
    return t(
      { id: 'lessons.lessonRow.notDeleted', defaultMessage: 'Not deleted: {value}' },
      { value: pending.error?.message ?? 'the server refused' },
    );
  if (pending.state === 'sending') return t({ id: 'lessons.lessonRow.deleting', defaultMessage: 'Deleting…' });
  return seconds > 0
    ? t({ id: 'lessons.lessonRow.deletingInS', defaultMessage: 'Deleting in {seconds} s' }, { seconds })
    : t({ id: 'lessons.lessonRow.deletingWhenConnected', defaultMessage: 'Deleting when connected' });
}

function useSecondsUntil(at: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
}

export function DeletingRow(props: { courseId: string; pending: PendingLessonDelete; title: string }) {
  const { courseId, pending, title } = props;
  const seconds = useSecondsUntil(pending.sendAt);
  const canUndo = pending.state !== 'sending' && !pending.inDoubt;
  const undo = () => undoLessonDeleteAndSay(courseId, pending, title);
  const retry = () =>
    call((b) => b.drafts.retry({ id: pending.draftId })).then(
      () => void useLessonWork.getState().load(courseId),
      (error: unknown) => notify('error', describeError(error, { subject: 'thisLesson' })),
    );
  return (
    <li
      className="lesson-row lesson-row--deleting"
      data-testid="lesson-row-deleting"
      data-deleting-id={pending.lessonId}
    >
      <span className="row-title" title={title} dir="auto">
        <s>{title}</s>
      </span>
      <span className={pending.state === 'failed' ? 'text-danger' : 'muted'} role="status">
        {deletingSentence(pending, seconds)}
      </span>
      {pending.state === 'failed' && (
        <button type="button" className="button button--small" onClick={() => void retry()}>
          {t({ id: 'lessons.lessonRow.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}
      {canUndo && (
        <button type="button" className="button button--small" onClick={() => void undo()} data-testid="undo-delete">
          {t({ id: 'lessons.lessonRow.undo', defaultMessage: 'Undo' })}
          <span className="visually-hidden">
            {' '}
            {t({ id: 'lessons.lessonRow.deletingTitle', defaultMessage: 'deleting {title}' }, { title })}
          </span>
        </button>
      )}
    </li>
  );
}

export function WaitingCreateRow(props: { courseId: string; sectionId: string; draft: DraftSummary }) {
  const { courseId, sectionId, draft } = props;
  return (
    <li className="lesson-row lesson-row--pending" data-testid="lesson-draft-row">
      <a
        href={href({ name: 'lesson-new', courseId, sectionId, draftId: draft.id })}
        className="row-title"
        dir="auto"
        title={draft.title}
      >
        {draft.title}
      </a>
      <Badge tone="warning">
        {draft.state === 'editing'
          ? t({ id: 'lessons.lessonRow.notSentYet', defaultMessage: 'Not sent yet' })
          : humanize(draft.state)}
      </Badge>
    </li>
  );
}
