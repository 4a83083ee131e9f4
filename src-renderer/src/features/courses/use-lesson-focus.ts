/**
 * Renderer. A lesson's "deleting" row leaves the outline (its Undo used, from the row or its toast,
 * or its delete sent): that row held the focus, or its toast did, and focus would fall to the page.
 * It goes to the lesson's own row when it was kept, or to the row now in its place when it went.
 */
import { useEffect, useRef } from 'react';
import type { PendingLessonDelete } from '../../../../src-shared/index.ts';
import { focusInPlace } from '../structure/index.ts';

/** The lesson's row (its title link), or the row after where it was, or its section's "New lesson". */
function landingFor(lessonId: string, sectionId: string): HTMLElement | null {
  const row = document.querySelector<HTMLElement>(`[data-lesson-id="${CSS.escape(lessonId)}"] a.row-title`);
  if (row) return row;
  const card = document.querySelector<HTMLElement>(`.course-section[data-section-id="${CSS.escape(sectionId)}"]`);
  return card?.querySelector<HTMLElement>('[data-lesson-id] a.row-title, [data-testid="new-lesson"]') ?? null;
}

export function useFocusAfterLessonUndo(deletes: readonly PendingLessonDelete[]): void {
  const before = useRef<readonly PendingLessonDelete[]>([]);
  const frames = useRef(new Set<number>());
  // A frame asked for stays asked for when the list is read again before it runs (a new array with
  // the same deletes): only leaving the page cancels it, or the lesson would never get the focus.
  useEffect(() => {
    const pending = frames.current;
    return () => pending.forEach((frame) => cancelAnimationFrame(frame));
  }, []);
  useEffect(() => {
    const was = before.current;
    before.current = deletes;
    const gone = was.filter((d) => !deletes.some((now) => now.lessonId === d.lessonId));
    if (gone.length === 0) return;
    // A frame later: the kept lesson's row is back in place of its "deleting" row.
    const frame = requestAnimationFrame(() => {
      frames.current.delete(frame);
      // Focus still on the toast whose Undo was pressed counts as falling too: that toast is about to
      // leave, and the place focus came from (the deleting row's Undo) is gone with the row.
      const active = document.activeElement;
      const onToast = active?.closest('[data-testid="notices"]') != null;
      if (active && active !== document.body && active !== document.documentElement && !onToast) return;
      const landing = gone.map((d) => landingFor(d.lessonId, d.sectionId)).find(Boolean);
      if (landing) focusInPlace(landing);
    });
    frames.current.add(frame);
  }, [deletes]);
}
