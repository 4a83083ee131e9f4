/**
 * Renderer. What the structure panel does with sections, in one place: the server's reasons that
 * disable an action, running an action with its error shown in words, moving a section, and
 * following a created section until it is in the outline (then focusing it there).
 */
import { useEffect, useRef, useState } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { useWriteRefusal } from '../../lib/sync-status.ts';
import { isRefusal, noteRefused } from '../drafts/index.ts';
import { useStructure } from './store.ts';

export interface SectionReasons {
  create: string | null;
  update: string | null;
  delete: string | null;
  course: string | null;
}

/**
 * Why each section action is disabled, or null: the server does not offer it, or this workspace's
 * key was refused a change of that kind (issue 24: said once in the status bar, then on the action).
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

export function useSectionActions(courseId: string) {
  const [error, setError] = useState<string | null>(null);
  /** Runs a section action; a refusal of a change to one section (`sectionId`) shows on its row. */
  const run = (work: () => Promise<unknown>, sectionId?: string) => {
    setError(null);
    work().catch((e: unknown) => {
      if (sectionId && isRefusal(e)) noteRefused('section', sectionId, e);
      else setError(describeError(e, { subject: 'this section' }));
    });
  };
  const move = (section: Section, position: number) =>
    run(() => call((b) => b.sections.move({ courseId, id: section.id, position })), section.id);
  return { error, run, move };
}

/** The section's heading in the course outline ("Sections and lessons"), in view and focused. */
function focusInOutline(sectionId: string): void {
  requestAnimationFrame(() => {
    const heading = document.querySelector<HTMLElement>(
      `.course-section[data-section-id="${CSS.escape(sectionId)}"] [data-section-heading]`,
    );
    if (!heading) return;
    heading.scrollIntoView({ block: 'center' });
    heading.focus({ preventScroll: true });
  });
}

/**
 * Create goes to the created thing (issue 24): a section created from here is focused in the
 * outline as soon as the server has it. It is known by being new (not among the sections seen when
 * it was asked for) and having the title asked for.
 */
export function useFocusCreatedSection(sections: Section[]) {
  const wanted = useRef<{ title: string; known: Set<string> } | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  useEffect(() => {
    const asked = wanted.current;
    if (!asked) return;
    const found = sections.find((s) => !asked.known.has(s.id) && s.title === asked.title);
    if (!found) return;
    wanted.current = null;
    setCreated(found.id);
    focusInOutline(found.id);
  }, [sections]);
  const expect = (title: string) => {
    wanted.current = { title, known: new Set(sections.map((s) => s.id)) };
  };
  return { created, expect };
}
