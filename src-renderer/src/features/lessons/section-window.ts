/**
 * Renderer. A course of real size (hundreds of lessons) keeps only the sections near the view
 * rendered: a section card far from it keeps its header and shows a stand-in of its lessons'
 * height, so opening the course paints its first rows at once and scrolling it never builds
 * thousands of rows in one task. Small courses render every lesson, as before.
 */
import { useEffect, useState, type RefObject } from 'react';
import { afterNextPaint } from '../../lib/after-paint.ts';
import type { Section } from '../../../../src-shared/index.ts';
import { useCourseDetail } from './outline.ts';

/** Above this many lessons in the open course, far sections stand in for their lessons. */
export const WINDOWED_COURSE_LESSONS = 300;
/** How far beyond the view (px, above and below) a section's lessons are rendered. */
const NEAR_PX = 1200;
/** A lesson row's height before its section was first measured. */
const ESTIMATED_ROW_PX = 58;
/** The lowest a lesson row is (px). */
const LOWEST_ROW_PX = 45;
/**
 * The least room above the outline's first lesson on a course's page (px): the course's heading,
 * its summary card and the outline's heading with its section's header (about 550 px at 1280 ×
 * 800; 400 at the narrowest they get).
 */
const ABOVE_FIRST_LESSON_PX = 400;

/**
 * How many of the outline's first lessons the first paint renders, before anything is measured
 * (with the cards they are in: use-mounted-sections.ts): rows of the lowest height enough to fill
 * the window below the least room the page takes above them. Rows below the view cost the first
 * paint and show nothing; the next cards follow it a few per frame.
 */
export function firstPaintLessons(): number {
  const below = (window.innerHeight || 800) - ABOVE_FIRST_LESSON_PX;
  return Math.max(1, Math.ceil(below / LOWEST_ROW_PX));
}

/** Each section's lessons' height when last rendered, so a stand-in never moves what follows. */
const measured = new Map<string, number>();

/** The room a section's lessons take while they are not rendered: as last rendered, or estimated. */
export function lessonsStandInHeight(sectionId: string, lessonCount: number): number {
  return measured.get(sectionId) ?? lessonCount * ESTIMATED_ROW_PX;
}

/**
 * Per outline read (its sections array): how many lessons it holds, and how many come before each
 * section. Every section card asks, on every change of the store: worked out once per read, not
 * once per card (sixty cards each summing sixty sections was most of a big course's second render).
 */
const countsByRead = new WeakMap<readonly Section[], { total: number; before: Map<string, number> }>();

function lessonCounts(sections: readonly Section[]): { total: number; before: Map<string, number> } {
  let counts = countsByRead.get(sections);
  if (!counts) {
    counts = { total: 0, before: new Map() };
    for (const section of [...sections].sort((a, b) => (a.order ?? 0) - (b.order ?? 0))) {
      counts.before.set(section.id, counts.total);
      counts.total += section.lessons?.length ?? 0;
    }
    countsByRead.set(sections, counts);
  }
  return counts;
}

const NO_SECTIONS: readonly Section[] = [];

/** A course long enough that its far sections stand in for their lessons (the outline and each card ask). */
export const isLongOutline = (sections: readonly Section[]): boolean =>
  lessonCounts(sections).total > WINDOWED_COURSE_LESSONS;

function lessonsBefore(sectionId: string): number | null {
  return lessonCounts(useCourseDetail.getState().data?.sections ?? NO_SECTIONS).before.get(sectionId) ?? null;
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
  /** Whether a section's lessons are rendered (else: `standInHeight` px of nothing). */
  shown: boolean;
  /** How many of its lessons are rendered: a long course's section coming near adds them a few per frame. */
  rows: number;
  /** The room of all its lessons; `restHeight`, of those not rendered yet. */
  standInHeight: number;
  restHeight: number;
}

/** Rows a frame adds to a long course's section coming near (building all at once made long frames). */
export const ROWS_PER_STEP = 10;

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
  const windowed = useCourseDetail((s) => isLongOutline(s.data?.sections ?? NO_SECTIONS));
  const [near, setNear] = useState(() => (lessonsBefore(sectionId) ?? 0) < firstPaintLessons());
  const [steps, setSteps] = useState(1);

  useEffect(() => {
    const card = cardRef.current;
    if (!windowed || !card || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Entries queue while the renderer is busy (a frame can come before their task): the last
        // one is where the card is now, an earlier one where it was (taking the first left a card
        // scrolled into view as a stand-in for good).
        const entry = entries.at(-1);
        if (!entry) return;
        // Leaving: remember the rendered height for the stand-in (of all its rows, not of some or none).
        const list = listRef.current;
        if (!entry.isIntersecting && list && list.childElementCount >= lessonCount && lessonCount > 0)
          measured.set(sectionId, list.offsetHeight);
        setNear(entry.isIntersecting);
      },
      { root: scrollParent(card), rootMargin: `${NEAR_PX}px 0px` },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [windowed, sectionId, lessonCount, cardRef, listRef]);

  const shown = !windowed || near || keep;
  const stepping = windowed && !keep;
  // Gone out of view: it comes back a few rows at a time again.
  if (!shown && steps !== 1) setSteps(1);
  const rows = !shown ? 0 : stepping ? Math.min(lessonCount, steps * ROWS_PER_STEP) : lessonCount;

  useEffect(() => {
    if (rows === 0 || rows >= lessonCount) return;
    // After the frame that showed these rows, in a task of its own: the next few.
    return afterNextPaint(() => setSteps((n) => n + 1), null);
  }, [rows, lessonCount]);

  const standInHeight = lessonsStandInHeight(sectionId, lessonCount);
  const restHeight = lessonCount > 0 ? Math.round((standInHeight * (lessonCount - rows)) / lessonCount) : 0;
  return { shown, rows, standInHeight, restHeight };
}
