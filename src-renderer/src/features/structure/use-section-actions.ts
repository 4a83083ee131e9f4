/**
 * Renderer. The outline's section hooks: the server's reasons that disable an action, a section
 * dragged onto another's place, and following a created section until it is in the outline (then
 * focusing it there, without moving the window).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { focusInPlace } from '../../lib/focus.ts';
import { sectionDrag } from './dnd.ts';
import { useStructure } from './store.ts';

export interface SectionReasons {
  create: string | null;
  update: string | null;
  delete: string | null;
  course: string | null;
}

/**
 * Why each section action is disabled, or null: the server does not offer it, or this workspace's
 * key was refused a change of that kind (said once in the status bar, then on the action).
 */
export function useSectionReasons(): SectionReasons {
  const structure = useStructure();
  const sections = useWriteRefusal('section');
  const courses = useWriteRefusal('course');
  return {
    create: structure.reasonFor('sections.create') ?? sections,
    update: structure.reasonFor('sections.update') ?? sections,
    delete: structure.reasonFor('sections.delete') ?? sections,
    course: structure.reasonFor('courses.update') ?? courses,
  };
}

/**
 * Create goes to the created thing: a section created from the outline is focused there
 * as soon as the server has it (its heading, revealed in the page's own scroll only). It is known
 * by being new (not among the sections seen when it was asked for) and having the title asked for.
 */
export function useFocusCreatedSection(sections: Section[]): string | null {
  const expected = useStructure((s) => s.expected);
  const created = useStructure((s) => s.created);
  useEffect(() => {
    if (!expected) return;
    const found = sections.find((s) => !expected.known.includes(s.id) && s.title === expected.title);
    if (!found) return;
    useStructure.getState().arrived(found.id);
    requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>(
        `.course-section[data-section-id="${CSS.escape(found.id)}"] [data-section-heading]`,
      );
      // Only when the user is not elsewhere already (typing in another field, a dialog).
      const active = document.activeElement;
      const free = !active || active === document.body || active.closest('[data-pending-section], .add-section');
      if (heading && free) focusInPlace(heading);
    });
  }, [sections, expected]);
  return created;
}

/**
 * A section dragged onto another section's card takes its place (as lessons do in a section).
 * `cardProps` is the same function for the outline's life and its handlers read the newest order,
 * so a card memoised on its own section is not rendered again because the outline was.
 */
export function useSectionDrop(courseId: string, ordered: Section[], disabled: boolean) {
  const move = useStructure((s) => s.move);
  const [over, setOver] = useState<string | null>(null);
  const latest = useRef({ courseId, ordered, disabled, over, move });
  useLayoutEffect(() => {
    latest.current = { courseId, ordered, disabled, over, move };
  });
  const cardProps = useCallback(
    (section: Section, index: number) => ({
      onDragOver: (event: DragEvent) => {
        if (latest.current.disabled || sectionDrag.id === null) return;
        event.preventDefault();
        if (latest.current.over !== section.id) setOver(section.id);
      },
      onDragLeave: () => setOver((now) => (now === section.id ? null : now)),
      onDrop: (event: DragEvent) => {
        if (sectionDrag.id === null) return;
        event.preventDefault();
        setOver(null);
        const now = latest.current;
        const moving = now.ordered.find((s) => s.id === sectionDrag.id);
        sectionDrag.id = null;
        if (moving && moving.id !== section.id) void now.move(now.courseId, moving, index + 1);
      },
    }),
    [],
  );
  return { over, cardProps };
}
