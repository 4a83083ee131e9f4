/**
 * Renderer. One section card of the course outline: the header it is given (the section's own
 * actions are the structure feature's), the lessons in order (LessonRow), new lessons still waiting
 * in the outbox, lessons whose delete is waiting (with Undo), and "New lesson" at its foot.
 * Reordering works by drag and drop, from a row's menu (Move up / Move down) and by keyboard
 * (Alt+↑ / Alt+↓ on a lesson); focus follows the lesson. A lesson dropped on another section is
 * not moved: the API has no way to move a lesson to another section (ASSUMPTIONS.md, "Lessons"),
 * and the outline says so.
 */
import { useRef, useState, type DragEvent, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import type { DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { focusInPlace } from '../../lib/focus.ts';
import { notify } from '../../lib/notices.ts';
import { href } from '../../lib/router.ts';
import { DeletingRow, LessonRow, WaitingCreateRow } from './LessonRow.tsx';
import { useSectionWindow, type SectionWindow } from './section-window.ts';
import { lessonInHash } from '../../lib/lesson-link.ts';
import { moveLesson, sortedLessons } from './store.ts';
import { t } from '../../lib/i18n.ts';

interface Props {
  courseId: string;
  section: Section;
  /** The card's header: the section's title and actions. */
  header: ReactNode;
  /** Extra props of the card (a section dragged over it, …) and whether it is being deleted. */
  cardProps?: HTMLAttributes<HTMLElement>;
  className?: string;
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

const LESSON_DRAG_TYPE = 'application/x-lectern-lesson';

/**
 * The lesson being dragged, wherever it is dropped: a drop's own data may be empty (not every
 * drag hands it over), and another section's card must know where the lesson comes from.
 */
let dragged: { sectionId: string; lessonId: string } | null = null;

/** Said when a lesson is dropped on another section (and in the outline's help). */
export const CROSS_SECTION_NOTE =
  'Lessons move within their own section: the server offers no way to move a lesson to another section.';

/**
 * After a move the row is put back in the DOM in its new place, which can take focus away: give it
 * back to the same control of the same lesson (its title after Alt+↑/↓, its menu after Move up),
 * and keep it in view where the new order draws it (below the window's edge otherwise).
 */
function refocus(lessonId: string, selector: string): void {
  const control = `[data-lesson-id="${CSS.escape(lessonId)}"] ${selector}`;
  requestAnimationFrame(() => {
    const target = document.querySelector<HTMLElement>(control);
    if (target) focusInPlace(target, control);
  });
}

/** Moves, by keyboard, menu and drag and drop, with the sentence a screen reader hears. */
function useLessonReorder(courseId: string, sectionId: string, lessons: Lesson[]) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (lesson: Lesson, position: number, focusSelector: string) => {
    const from = lessons.findIndex((l) => l.id === lesson.id) + 1;
    const to = Math.max(1, Math.min(lessons.length, position));
    if (from === to) return;
    void moveLesson(courseId, sectionId, lesson.id, to);
    setAnnouncement(`Moved “${lesson.title}” to position ${to} of ${lessons.length}.`);
    refocus(lesson.id, focusSelector);
  };

  const onKeyDown = (lesson: Lesson, index: number) => (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const focused = (event.target as HTMLElement).matches('[data-row-menu]') ? '[data-row-menu]' : '.row-title';
    move(lesson, index + 1 + (event.key === 'ArrowUp' ? -1 : 1), focused);
  };

  const onDragStart = (lesson: Lesson) => (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', lesson.id);
    event.dataTransfer.setData(LESSON_DRAG_TYPE, sectionId);
    dragged = { sectionId, lessonId: lesson.id };
    event.dataTransfer.effectAllowed = 'move';
    setDragging(lesson.id);
  };

  const onDrop = (target: Lesson) => (event: DragEvent) => {
    if (!dragged) return; // a section or a folder: not ours
    event.preventDefault();
    event.stopPropagation();
    const from = dragged;
    dragged = null;
    setDragging(null);
    if (from.sectionId !== sectionId) {
      notify('info', CROSS_SECTION_NOTE);
      return;
    }
    const id = from.lessonId;
    const moving = lessons.find((l) => l.id === id);
    // The dragged lesson takes the target's place (after it when coming from above, before it from below).
    if (moving && moving.id !== target.id) move(moving, lessons.findIndex((l) => l.id === target.id) + 1, '.row-title');
  };

  const endDrag = () => {
    dragged = null;
    setDragging(null);
  };
  return { dragging, announcement, move, onKeyDown, onDragStart, onDrop, endDrag };
}

function NewLessonLink({ courseId, section }: { courseId: string; section: Section }) {
  return (
    <a
      className="button button--small button--quiet new-lesson-link"
      href={href({ name: 'lesson-new', courseId, sectionId: section.id, draftId: null })}
      data-testid="new-lesson"
    >
      {t({ id: 'lessons.sectionLessons.newLesson', defaultMessage: '+ New lesson' })}
      <span className="visually-hidden">
        {' '}
        {t({ id: 'lessons.sectionLessons.inSection', defaultMessage: 'in {title}' }, { title: section.title ?? '' })}
      </span>
    </a>
  );
}

/** Rendered rows may be skipped by layout while out of sight (outline.css), at the room they take. */
function rowsListProps(view: SectionWindow) {
  return view.rows > 0
    ? {
        className: 'lesson-rows lesson-rows--rendered',
        style: { containIntrinsicSize: `auto ${view.standInHeight - view.restHeight}px` },
      }
    : { className: 'lesson-rows' };
}

export function SectionLessons(props: Props) {
  const { courseId, section, header, deletes, creates, onDelete } = props;
  const lessons = sortedLessons(section);
  const reorder = useLessonReorder(courseId, section.id, lessons);
  const headingId = `section-${section.id}`;
  // A long course renders only the sections near the view (a linked lesson's and a drag's stay).
  const linked = lessonInHash()?.lessonId;
  const keep = reorder.dragging !== null || (linked !== undefined && lessons.some((l) => l.id === linked));
  const cardRef = useRef<HTMLElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const view = useSectionWindow({ sectionId: section.id, lessonCount: lessons.length, keep, cardRef, listRef });

  return (
    <section
      {...props.cardProps}
      ref={cardRef}
      className={`course-section${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={headingId}
      data-section-id={section.id}
      onDrop={(event) => {
        // A lesson from another section dropped on the card (not on a row) is not moved either.
        if (dragged && dragged.sectionId !== section.id) {
          dragged = null;
          event.preventDefault();
          notify('info', CROSS_SECTION_NOTE);
          return;
        }
        props.cardProps?.onDrop?.(event);
      }}
      onDragOver={(event) => {
        if (dragged) event.preventDefault();
        props.cardProps?.onDragOver?.(event);
      }}
    >
      {header}
      <p className="visually-hidden" role="status" aria-live="polite">
        {reorder.announcement}
      </p>
      <ol {...rowsListProps(view)} aria-labelledby={headingId} aria-describedby="reorder-help" ref={listRef}>
        {lessons.slice(0, view.rows).map((lesson, index) => {
          const pending = deletes.find((d) => d.lessonId === lesson.id);
          if (pending)
            return <DeletingRow key={lesson.id} courseId={courseId} pending={pending} title={lesson.title ?? '—'} />;
          return (
            <LessonRow
              key={lesson.id}
              courseId={courseId}
              sectionId={section.id}
              lesson={lesson}
              position={index + 1}
              first={index === 0}
              last={index === lessons.length - 1}
              dragging={reorder.dragging === lesson.id}
              onMove={(delta) => reorder.move(lesson, index + 1 + delta, '[data-row-menu]')}
              onDelete={() => onDelete(section, lesson)}
              onKeyDown={reorder.onKeyDown(lesson, index)}
              onDragStart={reorder.onDragStart(lesson)}
              onDragEnd={reorder.endDrag}
              onDrop={reorder.onDrop(lesson)}
            />
          );
        })}
        {view.rows >= lessons.length &&
          creates.map((draft) => (
            <WaitingCreateRow key={draft.id} courseId={courseId} sectionId={section.id} draft={draft} />
          ))}
      </ol>
      {view.rows < lessons.length && (
        <div className="lesson-rows-stand-in" style={{ height: view.restHeight }} data-testid="lessons-stand-in" />
      )}
      {lessons.length === 0 && creates.length === 0 && (
        <p className="muted section-empty">
          {t({ id: 'lessons.sectionLessons.noLessonsYet', defaultMessage: 'No lessons yet.' })}
        </p>
      )}
      <NewLessonLink courseId={courseId} section={section} />
    </section>
  );
}
