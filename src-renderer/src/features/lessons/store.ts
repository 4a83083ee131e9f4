/**
 * Renderer. Lesson authoring actions for the course detail: moves (shown at once, sent as an
 * update of `order` through the outbox and confirmed by the server's answer), deletes that wait a
 * few seconds in the outbox so "Undo" is real, and the course's lesson work still waiting.
 */
import type { DraftSummary, Lesson, PendingLessonDelete, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { isRefusal, noteRefused } from '../drafts/index.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';
import { useCourseDetail } from './outline.ts';
import { notify } from '../../lib/notices.ts';
import { t } from '../../lib/i18n.ts';

interface LessonWorkState {
  courseId: string | null;
  deletes: PendingLessonDelete[];
  creates: DraftSummary[];
  /** Why the waiting work could not be read; the lessons themselves are still shown. */
  error: unknown;
  load: (courseId: string) => Promise<void>;
}

const reloadWork = () => {
  const { courseId, load } = useLessonWork.getState();
  if (courseId) void load(courseId);
};

export const useLessonWork = createFeatureStore<LessonWorkState>(
  (set, get) => ({
    courseId: null,
    deletes: [],
    creates: [],
    error: null,
    async load(courseId) {
      if (get().courseId !== courseId) set({ courseId, deletes: [], creates: [], error: null });
      try {
        const pending = await call((b) => b.lessons.pending({ courseId }));
        if (get().courseId === courseId) set({ ...pending, error: null });
      } catch (error) {
        if (get().courseId === courseId) set({ error });
      }
    },
  }),
  { subscribe: () => [onEvent('drafts.changed', reloadWork), onEvent('outbox.changed', reloadWork)] },
);

/** Server order; an item the server left without `order` keeps its place after the ordered ones. */
export function byOrder(a: { order?: number }, b: { order?: number }): number {
  return (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER);
}

export function sortedLessons(section: Section): Lesson[] {
  return [...(section.lessons ?? [])].sort(byOrder);
}

/**
 * Moves one lesson locally: the list shows the new order before main has answered, and a read of
 * the course answered meanwhile (it may predate the move) does not put the lesson back.
 */
function showMoved(
  courseId: string,
  sectionId: string,
  lessonId: string,
  position: number,
  sent: Promise<unknown>,
): void {
  const detail = useCourseDetail.getState();
  if (detail.param !== courseId || !detail.data) return;
  detail.patchWhile(
    (data) => ({
      ...data,
      sections: data.sections.map((section) => {
        if (section.id !== sectionId) return section;
        const lessons = sortedLessons(section);
        const moving = lessons.find((l) => l.id === lessonId);
        if (!moving) return section;
        const others = lessons.filter((l) => l.id !== lessonId);
        others.splice(Math.max(0, Math.min(others.length, position - 1)), 0, moving);
        return { ...section, lessons: others.map((l, i) => ({ ...l, order: i + 1 })) };
      }),
    }),
    sent,
  );
}

let moves: Promise<void> = Promise.resolve();

/** Where a lesson stands now in the open course (1-based) and its title, or null. */
function placeOf(courseId: string, sectionId: string, lessonId: string): { position: number; title: string } | null {
  const detail = useCourseDetail.getState();
  if (detail.param !== courseId || !detail.data) return null;
  const section = detail.data.sections.find((s) => s.id === sectionId);
  const lessons = section ? sortedLessons(section) : [];
  const at = lessons.findIndex((l) => l.id === lessonId);
  return at < 0 ? null : { position: at + 1, title: lessons[at]!.title ?? '—' };
}

/** Where each lesson's row of moves (one toast) started, and that toast: its Undo goes back there. */
const movedFrom = new Map<string, { start: number; toast: object }>();

/** The move's toast: one per lesson (moved again, it is replaced and Undo still goes back to the start). */
function sayMoved(courseId: string, sectionId: string, lessonId: string, from: number, to: number, title: string) {
  const start = movedFrom.get(lessonId)?.start ?? from;
  // Moved back to where the row began: nothing left to undo, and the toast says where it is.
  if (start === to) return sayBack(lessonId, title, to);
  const toast = {};
  movedFrom.set(lessonId, { start, toast });
  const forget = () => {
    if (movedFrom.get(lessonId)?.toast === toast) movedFrom.delete(lessonId);
  };
  notify(
    'info',
    t({ id: 'lessons.store.movedToPosition', defaultMessage: 'Moved “{title}” to position {to}.' }, { title, to }),
    {
      key: `lesson-move:${lessonId}`,
      action: {
        label: t({ id: 'lessons.store.undo', defaultMessage: 'Undo' }),
        run: () => {
          forget();
          void moveLesson(courseId, sectionId, lessonId, start, { undoing: true });
        },
      },
      onLeave: forget,
    },
  );
}

function sayBack(lessonId: string, title: string, position: number): void {
  movedFrom.delete(lessonId);
  notify(
    'info',
    t(
      { id: 'lessons.store.isBackAtPosition', defaultMessage: '“{title}” is back at position {position}.' },
      { title, position },
    ),
    { key: `lesson-move:${lessonId}` },
  );
}

/**
 * Moves a lesson to a 1-based position. Moves are sent one after another, in the order made. Its
 * toast has Undo (a move back, sent the same way), except for the move that is itself an Undo.
 */
export function moveLesson(
  courseId: string,
  sectionId: string,
  lessonId: string,
  position: number,
  options: { undoing?: boolean } = {},
): Promise<void> {
  const before = placeOf(courseId, sectionId, lessonId);
  if (before && before.position !== position) {
    if (options.undoing) sayBack(lessonId, before.title, position);
    else sayMoved(courseId, sectionId, lessonId, before.position, position, before.title);
  }
  const sent = moves.then(() => call((b) => b.lessons.move({ courseId, sectionId, id: lessonId, position })));
  showMoved(courseId, sectionId, lessonId, position, sent);
  moves = sent.then(
    () => undefined,
    (error: unknown) => {
      // Refused (the key may not change lessons, …): said on the lesson's row, where it was made.
      if (isRefusal(error, { orInvalid: true })) noteRefused('lesson', lessonId, error);
      else
        notify(
          'error',
          t(
            { id: 'lessons.store.theLessonCouldNotBe', defaultMessage: 'The lesson could not be moved: {error}' },
            { error: describeError(error, { subject: 'thisLesson' }) },
          ),
        );
      useCourseDetail.getState().reread(); // back to what main has
    },
  );
  return moves;
}

export async function scheduleLessonDelete(courseId: string, sectionId: string, lessonId: string) {
  const pending = await call((b) => b.lessons.delete({ courseId, sectionId, id: lessonId }));
  await useLessonWork.getState().load(courseId);
  return pending;
}

export async function undoLessonDelete(courseId: string, draftId: string): Promise<void> {
  await call((b) => b.lessons.undoDelete({ draftId }));
  await useLessonWork.getState().load(courseId);
}

/** The notices about one lesson's delete share this key: "was kept" replaces "will be deleted". */
export const lessonDeleteNoticeKey = (lessonId: string) => `lesson-delete:${lessonId}`;

/** Undo of a scheduled lesson delete, from its row or its notice; says the outcome in its place. */
export function undoLessonDeleteAndSay(
  courseId: string,
  pending: { draftId: string; lessonId: string },
  title: string,
) {
  const key = lessonDeleteNoticeKey(pending.lessonId);
  return undoLessonDelete(courseId, pending.draftId).then(
    () =>
      notify(
        'success',
        t(
          { id: 'lessons.store.wasKeptNothingWasSent', defaultMessage: '“{title}” was kept; nothing was sent.' },
          { title },
        ),
        { key },
      ),
    (error: unknown) => notify('error', describeError(error, { subject: 'thisLesson' }), { key }),
  );
}
