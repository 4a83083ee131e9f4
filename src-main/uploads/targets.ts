// Main process / plain Node. Where an upload goes: a lesson (new, or one whose video is replaced) or
// a course's preview video, which belongs to no section.
import type { UploadTarget } from './types.ts';

/** The same destination (for a preview: the same course). */
export function sameTarget(a: UploadTarget, b: UploadTarget): boolean {
  if (a.kind !== b.kind || a.courseId !== b.courseId) return false;
  if (a.kind === 'preview' || b.kind === 'preview') return true;
  if (a.sectionId !== b.sectionId) return false;
  return a.kind === 'replace' && b.kind === 'replace' ? a.lessonId === b.lessonId : true;
}

/** The section a lesson upload lands in; null for a course preview. */
export function sectionOf(target: UploadTarget): string | null {
  return target.kind === 'preview' ? null : target.sectionId;
}
