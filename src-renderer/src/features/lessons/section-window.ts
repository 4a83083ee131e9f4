/**
 * Renderer. A course of real size (hundreds of lessons) keeps only the sections near the view
 * rendered: a section card far from it keeps its header and shows a stand-in of its lessons'
 * height, so opening the course paints its first rows at once and scrolling it never builds
 * thousands of rows in one task. Small courses render every lesson, as before.
 */
import { useEffect, useState, type RefObject } from 'react';
import { useCourseDetail } from './outline.ts';

/** Above this many lessons in the open course, far sections stand in for their lessons. */
export const WINDOWED_COURSE_LESSONS = 300;
/** How far beyond the view (px, above and below) a section's lessons are rendered. */
const NEAR_PX = 1200;
/** A lesson row's height before its section was first measured. */
const ESTIMATED_ROW_PX = 58;
/** Rendered on first paint, before anything is measured: the outline's first sections' lessons. */
const FIRST_PAINT_LESSONS = 40;

/** Each section's lessons' height when last rendered, so a stand-in never moves what follows. */
const measured = new Map<string, number>();

/** The room a section's lessons take while they are not rendered: as last rendered, or estimated. */
export function lessonsStandInHeight(sectionId: string, lessonCount: number): number {
  return measured.get(sectionId) ?? lessonCount * ESTIMATED_ROW_PX;
}

function lessonsBefore(sectionId: string): number | null {
  const sections = useCourseDetail.getState().data?.sections ?? [];
  let count = 0;
  for (const section of [...sections].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
    if (section.id === sectionId) return count;
    count += section.lessons?.length ?? 0;
  }
  return null;
}

/** The scroller of each outline's list of cards: found once for all its cards (it reads styles). */
const scrollers = new WeakMap<Element, HTMLElement | null>();

function scrollParent(card: HTMLElement): HTMLElement | null {
  const list = card.parentElement?.closest('.course-sections') ?? card;
  if (scrollers.has(list)) return scrollers.get(list) ?? null;
  let found: HTMLElement | null = null;
  for (let node = card.parentElement; node && !found; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') found = node;
  }
  scrollers.set(list, found);
  return found;
}

export interface SectionWindow {
  /** Whether the section's lessons are rendered (else: `standInHeight` px of nothing). */
  shown: boolean;
  standInHeight: number;
}

/** Whether a section's lessons are rendered now; `keep` holds them (a linked lesson, a drag). */
export function useSectionWindow(options: {
  sectionId: string;
  lessonCount: number;
  keep: boolean;
  /** The section's card (watched for nearness) and its list of lessons (measured as it leaves). */
  cardRef: RefObject<HTMLElement | null>;
  listRef: RefObject<HTMLOListElement | null>;
}): SectionWindow {
  const { sectionId, lessonCount, keep, cardRef, listRef } = options;
  const windowed = useCourseDetail(
    (s) =>
      (s.data?.sections ?? []).reduce((n, section) => n + (section.lessons?.length ?? 0), 0) > WINDOWED_COURSE_LESSONS,
  );
  const [near, setNear] = useState(() => (lessonsBefore(sectionId) ?? 0) < FIRST_PAINT_LESSONS);

  useEffect(() => {
    const card = cardRef.current;
    if (!windowed || !card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        // Leaving: remember the rendered height for the stand-in (of rows rendered, not of none).
        const list = listRef.current;
        if (!entry.isIntersecting && list && list.childElementCount > 0) measured.set(sectionId, list.offsetHeight);
        setNear(entry.isIntersecting);
      },
      { root: scrollParent(card), rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [windowed, sectionId, cardRef, listRef]);

  const shown = !windowed || near || keep;
  return { shown, standInHeight: lessonsStandInHeight(sectionId, lessonCount) };
}
