/**
 * Renderer. A link to one lesson: its course's page with `?lesson=<id>` (and its section), which
 * the router reads as the course; the course screen may use `lessonInHash()` to bring it into view.
 */
import { href } from './router.ts';

export function lessonHref(courseId: string, lessonId: string, sectionId?: string | null): string {
  const query = new URLSearchParams({ lesson: lessonId, ...(sectionId ? { section: sectionId } : {}) });
  return `${href({ name: 'course', id: courseId })}?${query.toString()}`;
}

/** The lesson (and section) a link asked for, from the current address. */
export function lessonInHash(
  hash: string = window.location.hash,
): { lessonId: string; sectionId: string | null } | null {
  const query = new URLSearchParams(hash.split('?')[1] ?? '');
  const lessonId = query.get('lesson');
  return lessonId ? { lessonId, sectionId: query.get('section') } : null;
}
