/**
 * Renderer. Course structure (ASSUMPTIONS.md "Course structure"): what this workspace's server does
 * not offer (said once by main, then shown on each action it disables), the section work of a
 * course still waiting in the outbox (new sections, deletes, new titles), and the outline's section
 * intentions — add, rename, move, delete (with its lessons when asked by name) and undo — each one
 * store action calling one main-process method. Components render and dispatch.
 */
import { defineMessages } from 'react-intl';
import type { DraftSummary, MissingOperation, PendingSectionDelete, Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';
import { notify } from '../../lib/notices.ts';
import { isRefusal, noteRefused } from '../drafts/index.ts';
import { t } from '../../lib/i18n.ts';
import { rememberAskedPosition } from './pending-positions.ts';

const messages = defineMessages({
  theSectionWillBeDeleted: {
    id: 'structure.store.theSectionWillBeDeleted',
    defaultMessage: 'The section “{title}”{lessons} will be deleted in a few seconds.',
  },
  undo: { id: 'structure.store.undo', defaultMessage: 'Undo' },
  isBackAtPosition: { id: 'structure.store.isBackAtPosition', defaultMessage: '“{title}” is back at position {to}.' },
  movedTheSectionToPosition: {
    id: 'structure.store.movedTheSectionToPosition',
    defaultMessage: 'Moved the section “{title}” to position {to}.',
  },
  wasKeptNothingWasSent: {
    id: 'structure.store.wasKeptNothingWasSent',
    defaultMessage: '“{title}” was kept; nothing was sent.',
  },
});

export interface PendingRename {
  sectionId: string;
  title: string;
  state: DraftSummary['state'];
}

/** A section the user asked for and has not seen yet: focused in the outline when it arrives. */
export interface ExpectedSection {
  title: string;
  known: string[];
}

interface StructureState {
  missing: MissingOperation[];
  courseId: string | null;
  deletes: PendingSectionDelete[];
  creates: DraftSummary[];
  renames: PendingRename[];
  /** The last section action's failure, in words (a refusal shows on the section instead). */
  error: string | null;
  /** The section the delete question is about (null: no question). */
  asking: Section | null;
  /** A created section to focus once the outline has it. */
  expected: ExpectedSection | null;
  /** The section last created from the outline, once it arrived (marked for a moment). */
  created: string | null;
  /**
   * Bumps when main's copy of the course may have changed by a section action or a change of the
   * waiting work (a rename or move sent, a delete done): the outline reads the course again then,
   * at once, rather than waiting for the cache's quiet spell to end.
   */
  revision: number;
  load: (courseId: string) => Promise<void>;
  /** The sentence that disables an action, or null when the server offers it (as far as we know). */
  reasonFor: (operation: MissingOperation['operation']) => string | null;
  create: (courseId: string, title: string, position: number | null, known: Section[]) => Promise<boolean>;
  rename: (courseId: string, section: Section, title: string) => Promise<boolean>;
  /** Its toast has Undo (a move back), except for the move that is itself an Undo. */
  move: (courseId: string, section: Section, position: number, options?: { undoing?: boolean }) => Promise<void>;
  askDelete: (section: Section | null) => void;
  remove: (courseId: string, section: Section, withLessons: boolean) => Promise<PendingSectionDelete | null>;
  undoDelete: (draftId: string, sectionId: string, title: string) => Promise<void>;
  discard: (draftId: string) => Promise<void>;
  /** The expected section is in the outline now. */
  arrived: (sectionId: string) => void;
}

const reload = () => {
  const { courseId, load } = useStructure.getState();
  if (courseId) void load(courseId);
};

/** The notices about one section's delete share this key: "was kept" replaces "will be deleted". */
const deleteNoticeKey = (sectionId: string) => `section-delete:${sectionId}`;

/** "… will be deleted in a few seconds", with Undo until main sends it (the toast cannot stop that clock). */
function sayScheduled(section: Section, withLessons: boolean, pending: PendingSectionDelete, undo: () => void): void {
  const title = section.title ?? '—';
  const count = section.lessons?.length ?? 0;
  const lessons = withLessons && count > 0 ? ` and its ${count === 1 ? 'lesson' : `${count} lessons`}` : '';
  notify('info', t(messages.theSectionWillBeDeleted, { title, lessons }), {
    key: deleteNoticeKey(section.id),
    action: {
      label: t(messages.undo),
      run: undo,
      until: Date.parse(pending.sendAt),
    },
  });
}

/** Where each section's row of moves (one toast) started, and that toast: its Undo goes back there. */
const movedFrom = new Map<string, { start: number; toast: object }>();

/** A section move's toast: one per section, its Undo back to where the row of moves began. */
function sayMoved(courseId: string, section: Section, to: number, undoing: boolean): void {
  const title = section.title ?? '—';
  const key = `section-move:${section.id}`;
  const row = movedFrom.get(section.id);
  // An Undo, or moved back to where the row began: nothing left to undo, and the toast says where it is.
  if (undoing || row?.start === to) {
    movedFrom.delete(section.id);
    notify('info', t(messages.isBackAtPosition, { title, to }), { key });
    return;
  }
  const start = row?.start ?? section.order;
  if (start === undefined || start === to) return;
  const toast = {};
  movedFrom.set(section.id, { start, toast });
  const forget = () => {
    if (movedFrom.get(section.id)?.toast === toast) movedFrom.delete(section.id);
  };
  notify('info', t(messages.movedTheSectionToPosition, { title, to }), {
    key,
    action: {
      label: t(messages.undo),
      run: () => void useStructure.getState().move(courseId, section, start, { undoing: true }),
    },
    onLeave: forget,
  });
}

const NOTHING_WAITING = { deletes: [], creates: [], renames: [] };

export const useStructure = createFeatureStore<StructureState>(
  (set, get) => {
    /** Runs a section action; a refusal of a change to one section shows on its header. */
    const attempt = async <T>(work: () => Promise<T>, sectionId?: string): Promise<T | null> => {
      set({ error: null });
      try {
        return await work();
      } catch (e) {
        if (sectionId && isRefusal(e)) noteRefused('section', sectionId, e);
        else set({ error: describeError(e, { subject: 'thisSection' }) });
        return null;
      } finally {
        set({ revision: get().revision + 1 });
        reload();
      }
    };
    return {
      missing: [],
      courseId: null,
      ...NOTHING_WAITING,
      error: null,
      asking: null,
      expected: null,
      created: null,
      revision: 0,
      async load(courseId) {
        if (get().courseId !== courseId) set({ courseId, ...NOTHING_WAITING, error: null });
        const [missing, pending] = await Promise.all([
          call((b) => b.structure.missing()),
          call((b) => b.sections.pending({ courseId })),
        ]);
        if (get().courseId !== courseId) return;
        const changed =
          JSON.stringify([pending.creates, pending.deletes, pending.renames]) !==
          JSON.stringify([get().creates, get().deletes, get().renames]);
        set({ missing, ...pending, ...(changed ? { revision: get().revision + 1 } : {}) });
      },
      reasonFor: (operation) => get().missing.find((m) => m.operation === operation)?.message ?? null,

      async create(courseId, title, position, known) {
        set({ expected: { title, known: known.map((s) => s.id) } });
        const done = await attempt(() =>
          call((b) => b.sections.create({ courseId, title, ...(position === null ? {} : { order: position }) })),
        );
        if (done !== null) rememberAskedPosition(done.id, position);
        return done !== null;
      },
      async rename(courseId, section, title) {
        const done = await attempt(
          () => call((b) => b.sections.rename({ courseId, id: section.id, title })),
          section.id,
        );
        return done !== null;
      },
      move: (courseId, section, position, options = {}) =>
        attempt(() => call((b) => b.sections.move({ courseId, id: section.id, position })), section.id).then((done) => {
          if (done) sayMoved(courseId, section, position, options.undoing === true);
        }),
      askDelete: (section) => set({ asking: section }),
      async remove(courseId, section, withLessons) {
        set({ asking: null });
        const pending = await attempt(
          () => call((b) => b.sections.delete({ courseId, id: section.id, ...(withLessons ? { withLessons } : {}) })),
          section.id,
        );
        if (pending)
          sayScheduled(section, withLessons, pending, () => {
            void get().undoDelete(pending.draftId, section.id, section.title ?? '—');
          });
        return pending;
      },
      async undoDelete(draftId, sectionId, title) {
        const done = await attempt(() => call((b) => b.sections.undoDelete({ draftId })));
        if (done !== null)
          notify('success', t(messages.wasKeptNothingWasSent, { title }), { key: deleteNoticeKey(sectionId) });
      },
      async discard(draftId) {
        await attempt(() => call((b) => b.drafts.discard({ id: draftId })));
      },
      arrived: (sectionId) => set({ expected: null, created: sectionId }),
    };
  },
  {
    subscribe: () => [
      onEvent('drafts.changed', reload),
      // A move or rename sent (or put back) changes main's copy without changing the waiting lists.
      onEvent('outbox.changed', () => {
        useStructure.setState((s) => ({ revision: s.revision + 1 }));
        reload();
      }),
      onEvent('structure.missing', reload),
    ],
  },
);
