// Main process / plain Node. The course structure on top of drafts and the outbox (ASSUMPTIONS.md
// "Course structure"): sections created (with their Idempotency-Key), renamed, described, moved
// (an update sending only `order`, shown at once in the cached course) and deleted (waiting in the
// outbox so it can be undone; never a section that still holds lessons), and the course's own
// details. A server that does not offer one of these is noted once and the action refused with the
// reason, while every draft that needed it is kept.
import { SECTION_NOT_EMPTY_STATUSES } from '../api/index.ts';
import { cacheKey, type CacheStore } from './cache/index.ts';
import type { CapabilityStore, MissingOperation } from './capabilities.ts';
import { listPendingDeletes, type PendingDelete } from './deletes.ts';
import type { DraftRow, DraftStore, DraftSummary, DraftView } from './drafts.ts';
import { SyncServiceError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';
import { queueMove, refuseUnsaved, settledRefresh, takeBack, unsentCreates } from './position-work.ts';
import type { DraftParent } from './resources.ts';
import type { DatabaseSync } from 'node:sqlite';

export interface SectionRef {
  courseId: string;
  id: string;
}

export interface PendingSectionDelete extends PendingDelete {
  /** The server's refusal in words (a section that still holds lessons: 409 or 422), else null. */
  refusal: string | null;
}

/** A section's new title still waiting in the outbox (shown at once, marked as waiting to send). */
export interface PendingRename {
  sectionId: string;
  title: string;
  state: DraftSummary['state'];
}

export interface StructureWorkDeps {
  db: DatabaseSync;
  drafts: DraftStore;
  outbox: () => Outbox;
  cache: CacheStore;
  capabilities: CapabilityStore;
  editDraft: (input: { resource: 'section' | 'course'; id: string; parent?: DraftParent }) => Promise<DraftView>;
  refreshSections: (courseId: string) => void;
  cacheChanged: (key: string, kind: 'sections' | 'course') => void;
  /** A missing operation seen for the first time: tell the user once. */
  onNewlyMissing: (missing: MissingOperation) => void;
  /** Throws WRITE_REFUSED when this key is known to be refused this kind of change (write-access.ts). */
  assertWritable: (resource: 'section' | 'course') => void;
}

export interface StructureWork {
  createSection(courseId: string, fields: Fields): DraftView;
  editSection(ref: SectionRef): Promise<DraftView>;
  moveSection(ref: SectionRef, position: number): Promise<void>;
  /** Renames (and describes) a section through the outbox; the cached course shows it at once. */
  renameSection(ref: SectionRef, fields: { title: string; description?: string }): Promise<void>;
  /** With `withLessons`, the section's lessons are scheduled for delete first (each with its own Undo). */
  scheduleSectionDelete(ref: SectionRef, delayMs: number, options?: { withLessons?: boolean }): PendingSectionDelete;
  /** Undoes a section's delete and the deletes of its lessons still waiting with it. */
  undoSectionDelete(draftId: string): void;
  pending(courseId: string): { deletes: PendingSectionDelete[]; creates: DraftSummary[]; renames: PendingRename[] };
  editCourse(courseId: string): Promise<DraftView>;
  missing(): MissingOperation[];
  recheck(): void;
  /** Every answer the outbox gets: an operation not offered is noted (once). */
  noteResult(error: unknown): void;
  onServerCopy(draft: DraftRow, copy: Fields): void;
  onDeleted(parent: DraftParent, id: string): void;
  /** The server refused a section's change for good: a move shown at once goes back. */
  onRefused(draft: DraftRow): void;
}

const byOrder = (a: Fields, b: Fields) => Number(a.order ?? 0) - Number(b.order ?? 0);
const asList = (data: unknown): Fields[] | null => (Array.isArray(data) ? (data as Fields[]) : null);

/** Puts a section at `position` (1-based, clamped) and numbers the rest 1..n. Mutates `sections`. */
export function moveCachedSection(sections: Fields[], id: string, position: number): boolean {
  const moving = sections.find((s) => s.id === id);
  if (!moving) return false;
  const others = sections.filter((s) => s.id !== id).sort(byOrder);
  others.splice(Math.max(0, Math.min(others.length, position - 1)), 0, moving);
  sections.splice(0, sections.length, ...others.map((section, index) => ({ ...section, order: index + 1 })));
  return true;
}

/** A section deleted with its lessons is sent this long after them. */
const SECTION_AFTER_LESSONS_MS = 1_500;

export function createStructureWork(deps: StructureWorkDeps): StructureWork {
  const { db, drafts, cache, capabilities } = deps;

  const sectionsOf = (courseId: string) => {
    const key = cacheKey({ kind: 'sections', courseId });
    return { key, list: asList(cache.read<unknown>(key).data) };
  };
  const writeSections = (key: string, list: Fields[]) => {
    cache.write(key, 'sections', list);
    deps.cacheChanged(key, 'sections');
  };
  const reconcileSoon = settledRefresh(deps.refreshSections);
  const editSection = (ref: SectionRef) =>
    deps.editDraft({ resource: 'section', id: ref.id, parent: { courseId: ref.courseId } });
  const refusalOf = (row: PendingDelete): string | null => {
    if (row.state !== 'failed' || row.error === null) return null;
    const error = JSON.parse(row.error) as { status?: number | null; message?: string };
    if (typeof error.status === 'number' && SECTION_NOT_EMPTY_STATUSES.includes(error.status)) {
      return `The server refused to delete the section “${row.title || 'Untitled'}”: it still holds lessons (${error.status}). Move or delete its lessons first.`;
    }
    return error.message ?? 'The server refused to delete this section.';
  };

  const pendingRenames = (courseId: string): PendingRename[] =>
    drafts
      .list()
      .filter(
        (d) =>
          d.resource === 'section' &&
          d.operation === 'update' &&
          d.serverId !== null &&
          d.parent.courseId === courseId &&
          (d.state === 'queued' || d.state === 'sending'),
      )
      .flatMap((d) => {
        const title = (JSON.parse(drafts.row(d.id).fields) as Fields).title;
        return typeof title === 'string' ? [{ sectionId: d.serverId!, title, state: d.state }] : [];
      });

  return {
    createSection(courseId, fields) {
      capabilities.assertOffered('section', 'create');
      deps.assertWritable('section'); // known refused: nothing is queued, the reason says why
      const view = drafts.createNew('section', { courseId }, fields);
      return deps.outbox().enqueue(view.id);
    },

    editSection,

    async moveSection(ref, position) {
      capabilities.assertOffered('section', 'update');
      deps.assertWritable('section');
      const row = await takeBack(
        deps,
        await editSection(ref),
        'This section is being saved; move it again in a moment.',
        refuseUnsaved(
          'SECTION_HAS_UNSAVED_CHANGES',
          'This section has changes that are not saved to the server yet: save or discard them, then move it.',
        ),
      );
      const { key, list } = sectionsOf(ref.courseId);
      const current = list ? [...list].sort(byOrder).findIndex((s) => s.id === ref.id) + 1 : 0;
      queueMove(deps, row, current > 0 ? current : null, position);
      if (list && moveCachedSection(list, ref.id, position)) writeSections(key, list);
    },

    async renameSection(ref, fields) {
      capabilities.assertOffered('section', 'update');
      deps.assertWritable('section');
      const row = await takeBack(
        deps,
        await editSection(ref),
        'This section is being saved; rename it again in a moment.',
      );
      const patch: Fields = { title: fields.title };
      if (fields.description !== undefined) patch.description = fields.description;
      deps.outbox().enqueue(row.id, patch);
      const { key, list } = sectionsOf(ref.courseId);
      const cached = list?.find((s) => s.id === ref.id);
      if (list && cached) {
        Object.assign(cached, patch);
        writeSections(key, list);
      }
    },

    scheduleSectionDelete(ref, delayMs, options = {}) {
      capabilities.assertOffered('section', 'delete');
      deps.assertWritable('section');
      const { list } = sectionsOf(ref.courseId);
      const copy = list?.find((s) => s.id === ref.id) ?? { id: ref.id };
      const held = Array.isArray(copy.lessons) ? (copy.lessons as Fields[]) : [];
      const waiting = new Set(
        listPendingDeletes(db)
          .filter((p) => p.resource === 'lesson' && p.parent.sectionId === ref.id)
          .map((p) => p.targetId),
      );
      const lessons = held.filter((l) => !waiting.has(String(l.id))).length;
      if (lessons > 0 && options.withLessons) {
        // Asked for by name: the lessons go first, each a delete of its own that waits as long.
        for (const lesson of held.filter((l) => !waiting.has(String(l.id)))) {
          deps.outbox().scheduleDelete({
            resource: 'lesson',
            parent: { courseId: ref.courseId, sectionId: ref.id },
            copy: { ...lesson, id: String(lesson.id) },
            delayMs,
          });
        }
      } else if (lessons > 0) {
        // Never delete lessons along with their section unless asked for by name.
        throw new SyncServiceError(
          'SECTION_NOT_EMPTY',
          `This section still holds ${lessons === 1 ? '1 lesson' : `${lessons} lessons`}: move or delete them first.`,
          { lessons },
        );
      }
      const { lessons: _lessons, ...withoutLessons } = copy;
      const view = deps.outbox().scheduleDelete({
        resource: 'section',
        parent: { courseId: ref.courseId },
        copy: { ...withoutLessons, id: ref.id },
        // After its lessons' deletes (a server refuses a section that still holds lessons).
        delayMs: held.length > 0 ? delayMs + SECTION_AFTER_LESSONS_MS : delayMs,
      });
      const found = listPendingDeletes(db).find((p) => p.draftId === view.id);
      if (!found) throw new Error('scheduled delete not found');
      return { ...found, refusal: refusalOf(found) };
    },

    undoSectionDelete(draftId) {
      const section = listPendingDeletes(db).find((p) => p.draftId === draftId);
      deps.outbox().cancelDelete(draftId);
      if (!section) return;
      // The lessons deleted with it come back with it (those not sent yet).
      for (const lesson of listPendingDeletes(db)) {
        if (lesson.resource !== 'lesson' || lesson.parent.sectionId !== section.targetId) continue;
        if (lesson.state === 'sending' || lesson.inDoubt) continue;
        deps.outbox().cancelDelete(lesson.draftId);
      }
    },

    pending(courseId) {
      return {
        deletes: listPendingDeletes(db)
          .filter((p) => p.resource === 'section' && p.parent.courseId === courseId)
          .map((p) => ({ ...p, refusal: refusalOf(p) })),
        creates: unsentCreates(drafts, 'section', courseId),
        renames: pendingRenames(courseId),
      };
    },

    editCourse: (courseId) => deps.editDraft({ resource: 'course', id: courseId }),

    missing: () => capabilities.missing(),
    recheck: () => capabilities.forget(),

    noteResult(error) {
      if (error === null) return;
      const noted = capabilities.note(error);
      if (noted) deps.onNewlyMissing(noted);
    },

    onServerCopy(draft, copy) {
      if (typeof copy.id !== 'string') return;
      if (draft.resource === 'course') {
        const key = cacheKey({ kind: 'course', courseId: copy.id });
        cache.write(key, 'course', copy);
        deps.cacheChanged(key, 'course');
        return;
      }
      const parent = JSON.parse(draft.parent) as DraftParent;
      if (!parent.courseId) return;
      const { key, list } = sectionsOf(parent.courseId);
      if (!list) return;
      const index = list.findIndex((s) => s.id === copy.id);
      const wanted = (JSON.parse(draft.fields) as Fields).order;
      // A read taken before our move landed must not undo the move shown meanwhile.
      const keepPlace = wanted !== undefined && copy.order !== wanted && index >= 0;
      const next = { ...copy, ...(keepPlace ? { order: list[index]!.order } : {}) };
      if (index >= 0) list[index] = { ...list[index], ...next, lessons: copy.lessons ?? list[index]!.lessons };
      else {
        list.push(next);
        // A section created at a position shifts the ones from there on, as the server does.
        if (typeof next.order === 'number') moveCachedSection(list, copy.id, next.order);
      }
      list.sort(byOrder);
      writeSections(key, list);
      if (!keepPlace) reconcileSoon(parent.courseId);
    },

    onRefused(draft) {
      const parent = JSON.parse(draft.parent) as DraftParent;
      const { order, title } = JSON.parse(draft.fields) as Fields;
      if (draft.resource !== 'section' || !parent.courseId || !draft.server_id) return;
      if (title !== undefined) {
        // A rename shown at once goes back to the title the server has.
        const base = JSON.parse(draft.base ?? '{}') as Fields;
        const { key, list } = sectionsOf(parent.courseId);
        const cached = list?.find((s) => s.id === draft.server_id);
        if (list && cached && typeof base.title === 'string') {
          cached.title = base.title;
          if (base.description !== undefined) cached.description = base.description;
          writeSections(key, list);
        }
      }
      if (order === undefined) return;
      // `base.order` is where the section was when the move was made (moveSection sets it).
      const was = (JSON.parse(draft.base ?? '{}') as Fields).order;
      const { key, list } = sectionsOf(parent.courseId);
      if (list && typeof was === 'number' && moveCachedSection(list, draft.server_id, was)) writeSections(key, list);
      reconcileSoon(parent.courseId); // and the server's own order, to be sure
    },

    onDeleted(parent, id) {
      if (!parent.courseId) return;
      const { key, list } = sectionsOf(parent.courseId);
      const index = list ? list.findIndex((s) => s.id === id) : -1;
      if (list && index >= 0) {
        list.splice(index, 1);
        writeSections(key, list);
      }
      reconcileSoon(parent.courseId);
    },
  };
}
