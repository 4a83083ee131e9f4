// Main process / plain Node. Lessons inside a cached sections list (and the sections themselves,
// through the list helpers below): found, saved and moved the way the server moves them (`order` is
// a 1-based position; the items from there on move down one place), so a reorder shows at once,
// offline too, and the server's answer confirms it.
import type { Fields } from '../merge.ts';

function lessonsOf(sections: unknown, sectionId: string): Fields[] | null {
  if (!Array.isArray(sections)) return null;
  const section = sections.find((s: Fields) => s?.id === sectionId) as Fields | undefined;
  return section && Array.isArray(section.lessons) ? (section.lessons as Fields[]) : null;
}

export const byOrder = (a: Fields, b: Fields) => Number(a.order ?? 0) - Number(b.order ?? 0);

/** Puts the item at `position` (1-based, clamped) and numbers the list 1..n. Mutates `items`. */
export function moveInOrder(items: Fields[], id: string, position: number): boolean {
  const moving = items.find((item) => item.id === id);
  if (!moving) return false;
  const others = items.filter((item) => item.id !== id).sort(byOrder);
  others.splice(Math.max(0, Math.min(others.length, position - 1)), 0, moving);
  items.splice(0, items.length, ...others.map((item, index) => ({ ...item, order: index + 1 })));
  return true;
}

/** The item's position (1-based) in the list as ordered now; null when it is not there. */
export function positionInOrder(items: Fields[], id: string): number | null {
  const index = [...items].sort(byOrder).findIndex((item) => item.id === id);
  return index < 0 ? null : index + 1;
}

/** Puts the lesson at `position` (1-based, clamped) and numbers the section 1..n. Mutates `sections`. */
export function moveCachedLesson(sections: unknown, sectionId: string, lessonId: string, position: number): boolean {
  const lessons = lessonsOf(sections, sectionId);
  return lessons !== null && moveInOrder(lessons, lessonId, position);
}

/** Drops a deleted lesson from the cached list. Mutates `sections`. */
export function removeCachedLesson(sections: unknown, sectionId: string, lessonId: string): boolean {
  const lessons = lessonsOf(sections, sectionId);
  const index = lessons ? lessons.findIndex((l) => l.id === lessonId) : -1;
  if (!lessons || index < 0) return false;
  lessons.splice(index, 1);
  return true;
}

/** The lesson's position right now in the cached list (null when it is not there). */
export function cachedPosition(sections: unknown, sectionId: string, lessonId: string): number | null {
  const lessons = lessonsOf(sections, sectionId);
  return lessons ? positionInOrder(lessons, lessonId) : null;
}

/** A lesson found in a cached sections list of its course. */
export function findCachedLesson(sections: unknown, sectionId: string, lessonId: string): Fields | null {
  return lessonsOf(sections, sectionId)?.find((l) => l.id === lessonId) ?? null;
}

/**
 * Puts a saved lesson into the cached sections list, replacing its copy. A lesson new to the list
 * takes its `order` the way the server gives it one (those from there on move down a place).
 * Mutates `sections`.
 */
export function upsertCachedLesson(sections: unknown, sectionId: string, lesson: Fields): boolean {
  const lessons = lessonsOf(sections, sectionId);
  if (!lessons) return false;
  const index = lessons.findIndex((l) => l.id === lesson.id);
  if (index >= 0) lessons[index] = lesson;
  else {
    lessons.push(lesson);
    const position = lesson.order;
    // Checked first: a batch of uploads lands at the end, where nothing moves.
    if (typeof position === 'number' && lessons.some((l) => l !== lesson && Number(l.order ?? 0) >= position))
      moveInOrder(lessons, String(lesson.id), position);
  }
  lessons.sort(byOrder);
  return true;
}
