// Main process / plain Node. Lesson authoring on top of drafts and the outbox: moving a lesson
// (an update that sends only `order`, shown at once in the cached section), deletes that wait in
// the outbox so they can be undone, and the cached section kept in step with the server's answers.
import {
  cacheKey,
  cachedPosition,
  findCachedLesson,
  moveCachedLesson,
  removeCachedLesson,
  upsertCachedLesson,
  type CacheStore,
} from './cache/index.ts';
import { listPendingDeletes, type PendingDelete } from './deletes.ts';
import type { DraftRow, DraftStore, DraftSummary, DraftView } from './drafts.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';
import { queueMove, settledRefresh, unsentCreates, waitingMoves, type MoveRefusals } from './position-work.ts';
import type { DraftParent } from './resources.ts';
import type { DatabaseSync } from 'node:sqlite';

export interface LessonRef {
  courseId: string;
  sectionId: string;
  id: string;
}

export interface LessonWorkDeps {
  db: DatabaseSync;
  drafts: DraftStore;
  outbox: () => Outbox;
  cache: CacheStore;
  /** The draft for editing a lesson (existing, else from the server copy). */
  editDraft: (ref: LessonRef) => Promise<DraftView>;
  /** Re-reads a course's sections from the server (background; errors are the caller's to ignore). */
  refreshSections: (courseId: string) => void;
  sectionsChanged: (key: string) => void;
}

export interface LessonWork {
  move(ref: LessonRef, position: number): Promise<void>;
  scheduleDelete(ref: LessonRef, delayMs: number): PendingDelete;
  undoDelete(draftId: string): void;
  pending(courseId: string): { deletes: PendingDelete[]; creates: DraftSummary[] };
  /** A fresh server copy of a lesson (a read before a PATCH, or a send's answer). */
  onServerCopy(draft: DraftRow, copy: Fields): void;
  onDeleted(parent: DraftParent, id: string): void;
  /** The server refused a lesson change for good: a move shown at once goes back where it was. */
  onRefused(draft: DraftRow): void;
  /** Moves still waiting in the outbox, laid over a fresh server copy of the course's sections. Mutates `sections`. */
  overlayMoves(courseId: string, sections: unknown): unknown;
}

const LESSON_MOVE: MoveRefusals = {
  busy: 'This lesson is being saved; move it again in a moment.',
  unsavedCode: 'LESSON_HAS_UNSAVED_CHANGES',
  unsaved:
    'This lesson has local changes not sent to the server yet: save or discard them in its editor, then move it.',
};

export function createLessonWork(deps: LessonWorkDeps): LessonWork {
  const { db, drafts, cache } = deps;

  const sectionsOf = (courseId: string) => {
    const key = cacheKey({ kind: 'sections', courseId });
    return { key, data: cache.read<unknown>(key).data };
  };
  const writeSections = (key: string, data: unknown) => {
    cache.write(key, 'sections', data);
    deps.sectionsChanged(key);
  };
  const reconcileSoon = settledRefresh(deps.refreshSections);

  return {
    async move(ref, position) {
      const whereNow = () => cachedPosition(sectionsOf(ref.courseId).data, ref.sectionId, ref.id);
      await queueMove(deps, await deps.editDraft(ref), LESSON_MOVE, whereNow, position);
      const { key, data } = sectionsOf(ref.courseId);
      if (moveCachedLesson(data, ref.sectionId, ref.id, position)) writeSections(key, data);
    },

    scheduleDelete(ref, delayMs) {
      const { data } = sectionsOf(ref.courseId);
      const copy = findCachedLesson(data, ref.sectionId, ref.id) ?? { id: ref.id };
      const view = deps.outbox().scheduleDelete({
        resource: 'lesson',
        parent: { courseId: ref.courseId, sectionId: ref.sectionId },
        copy: { ...copy, id: ref.id },
        delayMs,
      });
      const found = listPendingDeletes(db).find((p) => p.draftId === view.id);
      if (!found) throw new Error('scheduled delete not found');
      return found;
    },

    undoDelete(draftId) {
      deps.outbox().cancelDelete(draftId);
    },

    pending(courseId) {
      return {
        deletes: listPendingDeletes(db).filter((p) => p.resource === 'lesson' && p.parent.courseId === courseId),
        creates: unsentCreates(drafts, 'lesson', courseId),
      };
    },

    onServerCopy(draft, copy) {
      const parent = JSON.parse(draft.parent) as DraftParent;
      if (!parent.courseId || !parent.sectionId || typeof copy.id !== 'string') return;
      const { key, data } = sectionsOf(parent.courseId);
      const cached = findCachedLesson(data, parent.sectionId, copy.id);
      const wanted = (JSON.parse(draft.fields) as Fields).order;
      // A read taken before our move landed must not undo the move shown meanwhile.
      const keepPlace = wanted !== undefined && copy.order !== wanted && cached !== null;
      const next = keepPlace ? { ...copy, order: cached.order } : copy;
      const movedTo = typeof next.order === 'number' && cached && cached.order !== next.order ? next.order : null;
      if (!upsertCachedLesson(data, parent.sectionId, next)) return;
      if (movedTo !== null) moveCachedLesson(data, parent.sectionId, copy.id, movedTo);
      writeSections(key, data);
      if (!keepPlace && (wanted !== undefined || draft.operation === 'create')) reconcileSoon(parent.courseId);
    },

    overlayMoves(courseId, sections) {
      for (const { row, id, position } of waitingMoves(drafts, 'lesson', courseId)) {
        const parent = JSON.parse(row.parent) as DraftParent;
        if (parent.sectionId) moveCachedLesson(sections, parent.sectionId, id, position);
      }
      return sections;
    },

    onRefused(draft) {
      const parent = JSON.parse(draft.parent) as DraftParent;
      const { order } = JSON.parse(draft.fields) as Fields;
      if (order === undefined || !parent.courseId || !parent.sectionId || !draft.server_id) return;
      // `base.order` is where the lesson was when the move was made (move() sets it).
      const was = (JSON.parse(draft.base ?? '{}') as Fields).order;
      const { key, data } = sectionsOf(parent.courseId);
      if (typeof was === 'number' && moveCachedLesson(data, parent.sectionId, draft.server_id, was)) {
        writeSections(key, data);
      }
      reconcileSoon(parent.courseId); // and the server's own order, to be sure
    },

    onDeleted(parent, id) {
      if (!parent.courseId || !parent.sectionId) return;
      const { key, data } = sectionsOf(parent.courseId);
      if (removeCachedLesson(data, parent.sectionId, id)) writeSections(key, data);
      reconcileSoon(parent.courseId);
    },
  };
}
