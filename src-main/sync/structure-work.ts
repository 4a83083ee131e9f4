// Main process / plain Node. The course structure on top of drafts and the outbox (ASSUMPTIONS.md
// "Course structure"): sections created (with their Idempotency-Key), renamed, described, moved
// (an update sending only `order`, shown at once in the cached course) and deleted (waiting in the
// outbox so it can be undone; never a section that still holds lessons: section-deletes.ts), and
// the course's own details; the cached outline follows each answer (section-cache.ts). A server
// that does not offer one of these is noted once and the action refused with the reason, while
// every draft that needed it is kept.
import { moveInOrder, type CacheStore } from './cache/index.ts';
import type { CapabilityStore, MissingOperation } from './capabilities.ts';
import type { DraftRow, DraftStore, DraftSummary, DraftView } from './drafts.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';
import { queueMove, takeBack, unsentCreates, waitingMoves, type MoveRefusals } from './position-work.ts';
import type { DraftParent } from './resources.ts';
import { createCachedSections } from './section-cache.ts';
import { createSectionDeletes, type PendingSectionDelete, type SectionRef } from './section-deletes.ts';
import type { DatabaseSync } from 'node:sqlite';

export type { PendingSectionDelete, SectionRef } from './section-deletes.ts';

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
  /** The server refused a section's change for good: a move or rename shown at once goes back. */
  onRefused(draft: DraftRow): void;
  /** Section moves still waiting in the outbox, laid over a fresh server copy of the course's sections. Mutates `sections`. */
  overlayMoves(courseId: string, sections: unknown): unknown;
}

const SECTION_MOVE: MoveRefusals = {
  busy: 'This section is being saved; move it again in a moment.',
  unsavedCode: 'SECTION_HAS_UNSAVED_CHANGES',
  unsaved: 'This section has changes that are not saved to the server yet: save or discard them, then move it.',
};

export function createStructureWork(deps: StructureWorkDeps): StructureWork {
  const { drafts, capabilities } = deps;
  const sections = createCachedSections(deps);
  const deletes = createSectionDeletes({
    db: deps.db,
    outbox: deps.outbox,
    cachedSection: (ref) => sections.read(ref.courseId).list?.find((s) => s.id === ref.id),
  });
  /** A section change the server does not offer, or is known to refuse this key, throws its reason. */
  const assertAllowed = (operation: 'create' | 'update' | 'delete') => {
    capabilities.assertOffered('section', operation);
    deps.assertWritable('section');
  };
  const editSection = (ref: SectionRef) =>
    deps.editDraft({ resource: 'section', id: ref.id, parent: { courseId: ref.courseId } });

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
      assertAllowed('create'); // known refused: nothing is queued, the reason says why
      const view = drafts.createNew('section', { courseId }, fields);
      return deps.outbox().enqueue(view.id);
    },

    editSection,

    async moveSection(ref, position) {
      assertAllowed('update');
      const whereNow = () => sections.position(ref.courseId, ref.id);
      await queueMove(deps, await editSection(ref), SECTION_MOVE, whereNow, position);
      sections.move(ref.courseId, ref.id, position);
    },

    async renameSection(ref, fields) {
      assertAllowed('update');
      const row = await takeBack(
        deps,
        await editSection(ref),
        'This section is being saved; rename it again in a moment.',
      );
      const patch: Fields = { title: fields.title };
      if (fields.description !== undefined) patch.description = fields.description;
      deps.outbox().enqueue(row.id, patch);
      const { key, list } = sections.read(ref.courseId);
      const cached = list?.find((s) => s.id === ref.id);
      if (list && cached) {
        Object.assign(cached, patch);
        sections.write(key, list);
      }
    },

    scheduleSectionDelete(ref, delayMs, options = {}) {
      assertAllowed('delete');
      return deletes.schedule(ref, delayMs, options);
    },

    undoSectionDelete: (draftId) => deletes.undo(draftId),

    pending: (courseId) => ({
      deletes: deletes.pending(courseId),
      creates: unsentCreates(drafts, 'section', courseId),
      renames: pendingRenames(courseId),
    }),

    editCourse: (courseId) => deps.editDraft({ resource: 'course', id: courseId }),

    missing: () => capabilities.missing(),
    recheck: () => capabilities.forget(),

    noteResult(error) {
      if (error === null) return;
      const noted = capabilities.note(error);
      if (noted) deps.onNewlyMissing(noted);
    },

    onServerCopy: (draft, copy) => sections.onServerCopy(draft, copy),
    onRefused: (draft) => sections.onRefused(draft),
    onDeleted: (parent, id) => sections.onDeleted(parent, id),

    overlayMoves(courseId, data) {
      if (!Array.isArray(data)) return data;
      const list = data as Fields[];
      for (const { id, position } of waitingMoves(drafts, 'section', courseId)) moveInOrder(list, id, position);
      return list;
    },
  };
}
