/**
 * Renderer. A course's outline mounts its section cards a few at a time: the first paint has the
 * cards its first rows are in (and a linked lesson's), and the others follow a few per task, each
 * after a frame, so opening the course paints at once and no task builds sixty cards. Until then
 * each stands in with its heading and its lessons' room (SectionCardStandIn). A small course (its
 * lessons all in the first paint) mounts every card at once.
 */
import { useEffect, useState } from 'react';
import type { Section } from '../../../../src-shared/index.ts';
import { afterNextPaint } from '../../lib/after-paint.ts';
import { lessonInHash } from '../../lib/lesson-link.ts';
import { firstPaintLessons, isLongOutline } from '../lessons/index.ts';

/** Cards mounted per task after the first paint. */
export const SECTIONS_PER_STEP = 6;

export interface MountedSections {
  /** A long course (its far sections stand in for their lessons). */
  long: boolean;
  /** The first `count` sections (in order) are mounted; the others stand in. */
  count: number;
}

const lessonsIn = (section: Section) => section.lessons?.length ?? 0;

/** How many cards the first paint needs: its first rows', and the linked lesson's card. */
export function firstPaintCount(sections: readonly Section[], linkedLessonId: string | null): number {
  let count = 0;
  const firstLessons = firstPaintLessons();
  for (let lessons = 0; count < sections.length && lessons < firstLessons; count++) {
    lessons += lessonsIn(sections[count]!);
  }
  const linked = linkedLessonId
    ? sections.findIndex((s) => (s.lessons ?? []).some((lesson) => lesson.id === linkedLessonId))
    : -1;
  return Math.max(count, linked + 1, 1);
}

export function useMountedSections(courseId: string, sections: readonly Section[]): MountedSections {
  const long = isLongOutline(sections);
  // Infinity once every card was mounted: a section added later is mounted at once. Any course
  // whose first cards hold its first paint's lessons mounts the rest after (a course of a hundred
  // lessons took its whole first render building rows below the view).
  const first = () => {
    const count = firstPaintCount(sections, lessonInHash()?.lessonId ?? null);
    return { courseId, count: count >= sections.length ? Infinity : count };
  };
  const [mounted, setMounted] = useState(first);
  // Another course on the same screen starts from its own first paint.
  if (mounted.courseId !== courseId) setMounted(first());
  const count = mounted.courseId === courseId ? mounted.count : first().count;
  const total = sections.length;

  useEffect(() => {
    if (count === Infinity) return;
    const next = count + SECTIONS_PER_STEP;
    // After the frame showing what is mounted, in a task of its own: the next few cards.
    return afterNextPaint(() => setMounted({ courseId, count: next >= total ? Infinity : next }), null);
  }, [courseId, count, total]);

  return { long, count: Math.min(count, total) };
}
