/**
 * Renderer. The open lesson editor's draft session: which lesson (or new lesson) it edits, how its
 * draft is opened (an update of the lesson, or a create carrying the lesson's type and its
 * Idempotency-Key), "Save to server" (Ctrl/Cmd+S too), and the lesson a create just made, kept so
 * that its editor opens at once, before the course's next read has it.
 */
import type { Lesson } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { showDraftInAddress } from '../../lib/router.ts';
import { createDraftSession, isLocked } from '../drafts/index.ts';
import { lessonFormErrors, NEW_LESSON_FORM } from './fields.ts';

export interface LessonTarget {
  courseId: string;
  sectionId: string;
  lessonId: string | null;
}
let target: LessonTarget | null = null;

export function setLessonTarget(next: LessonTarget | null): void {
  target = next;
}

export const useLessonSession = createDraftSession({
  async open(_key, pending) {
    const t = target;
    if (!t) throw new Error('No lesson is open.');
    if (t.lessonId) {
      const id = t.lessonId;
      return {
        draft: await call((b) => b.lessons.edit({ courseId: t.courseId, sectionId: t.sectionId, id })),
        consumed: false,
      };
    }
    // A new lesson: its type is part of the create even when the user kept the default.
    const type = useLessonSession.getState().form['lesson_type'] || NEW_LESSON_FORM.lesson_type;
    const draft = await call((b) =>
      b.drafts.create({
        resource: 'lesson',
        parent: { courseId: t.courseId, sectionId: t.sectionId },
        fields: { lesson_type: type, ...pending },
      }),
    );
    if (target === t) showDraftInAddress({ name: 'lesson-new', ...t, draftId: draft.id });
    return { draft, consumed: true };
  },
});

/** "Save to server" / "Create lesson": problems first (shown, the first focused), else send. */
export function submitLesson(): void {
  const state = useLessonSession.getState();
  if (!target || !state.ready || state.submitting || isLocked(state.draft)) return;
  if (Object.keys(lessonFormErrors(state.form)).length > 0) {
    state.revealErrors();
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.lesson-editor [aria-invalid="true"]')?.focus());
    return;
  }
  void state.submit();
}

let justCreated: Lesson | null = null;

/** The server's answer to a lesson create, when it is a lesson (it names its id). */
export function createdLessonFrom(result: Record<string, unknown> | null | undefined): Lesson | null {
  if (!result || typeof result['id'] !== 'string') return null;
  return result as unknown as Lesson;
}

let noteFor: string | null = null;

export function rememberCreatedLesson(lesson: Lesson): void {
  justCreated = lesson;
  noteFor = lesson.id;
}

/** True once for the lesson just created: its editor says so the first time it opens. */
export function takeCreatedNote(id: string | null): boolean {
  if (id === null || noteFor !== id) return false;
  noteFor = null;
  return true;
}

/** The lesson a create just made, if it is this one (until the course's read has it). */
export function createdLesson(id: string | null): Lesson | null {
  return id !== null && justCreated?.id === id ? justCreated : null;
}
