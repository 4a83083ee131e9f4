/**
 * Renderer. One section of the course detail: a header that stays in view while its lessons
 * scroll, the lessons in order (LessonRow), new lessons still waiting in the outbox, and lessons
 * whose delete is waiting (with Undo). Reordering works by drag and drop, from a row's menu (Move
 * up / Move down) and by keyboard (Alt+↑ / Alt+↓ on a lesson); focus follows the lesson.
 */
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import type { DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { plural } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { DeletingRow, LessonRow, WaitingCreateRow } from './LessonRow.tsx';
import { moveLesson, sortedLessons } from './store.ts';

interface Props {
  courseId: string;
  section: Section;
  /** The section's place in the course, from 1 (numbered by position, not by the server's `order`). */
  position: number;
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  onDelete: (section: Section, lesson: Lesson) => void;
}

/**
 * After a move the row is put back in the DOM in its new place, which takes focus away: give it
 * back to the same control of the same lesson (its title after Alt+↑/↓, its menu after Move up).
 */
function refocus(lessonId: string, selector: string): void {
  requestAnimationFrame(() => {
    const row = document.querySelector<HTMLElement>(`[data-lesson-id="${CSS.escape(lessonId)}"]`);
    const target = row?.querySelector<HTMLElement>(selector);
    if (target && document.activeElement !== target) target.focus();
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
    event.dataTransfer.effectAllowed = 'move';
    setDragging(lesson.id);
  };

  const onDrop = (target: Lesson) => (event: DragEvent) => {
    event.preventDefault();
    const id = event.dataTransfer.getData('text/plain') || dragging;
    setDragging(null);
    const moving = lessons.find((l) => l.id === id);
    // The dragged lesson takes the target's place (after it when coming from above, before it from below).
    if (moving && moving.id !== target.id) move(moving, lessons.findIndex((l) => l.id === target.id) + 1, '.row-title');
  };

  return { dragging, announcement, move, onKeyDown, onDragStart, onDrop, endDrag: () => setDragging(null) };
}

function SectionHeader({
  courseId,
  section,
  position,
  count,
}: {
  courseId: string;
  section: Section;
  position: number;
  count: number;
}) {
  const headingId = `section-${section.id}`;
  return (
    <header className="course-section-header" data-testid="section-row">
      {/* Focusable so that a section just created can be focused here (the structure panel does). */}
      <h3 id={headingId} className="row-title" title={section.title ?? undefined} tabIndex={-1} data-section-heading>
        <span className="muted">Section {position}</span> {section.title}
      </h3>
      <span className="muted">{plural(count, 'lesson')}</span>
      <a
        className="button button--small"
        href={href({ name: 'lesson-new', courseId, sectionId: section.id, draftId: null })}
        data-testid="new-lesson"
      >
        New lesson<span className="visually-hidden"> in {section.title}</span>
      </a>
    </header>
  );
}

export function SectionLessons({ courseId, section, position, deletes, creates, onDelete }: Props) {
  const lessons = sortedLessons(section);
  const reorder = useLessonReorder(courseId, section.id, lessons);
  const visible = lessons.filter((l) => !deletes.some((d) => d.lessonId === l.id));
  const headingId = `section-${section.id}`;

  return (
    <section className="course-section" aria-labelledby={headingId} data-section-id={section.id}>
      <SectionHeader courseId={courseId} section={section} position={position} count={visible.length} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {reorder.announcement}
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
        {creates.map((draft) => (
          <WaitingCreateRow key={draft.id} courseId={courseId} sectionId={section.id} draft={draft} />
        ))}
      </ol>
    </section>
  );
}
