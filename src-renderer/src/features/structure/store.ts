/**
 * Renderer. Course structure (ASSUMPTIONS.md "Course structure"): what this workspace's server does
 * not offer (said once by main, then shown on each action it disables), and the section work of a
 * course still waiting in the outbox.
 */
import type { DraftSummary, MissingOperation, PendingSectionDelete } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';

interface StructureState {
  missing: MissingOperation[];
  courseId: string | null;
  deletes: PendingSectionDelete[];
  creates: DraftSummary[];
  load: (courseId: string) => Promise<void>;
  /** The sentence that disables an action, or null when the server offers it (as far as we know). */
  reasonFor: (operation: MissingOperation['operation']) => string | null;
}

const reload = () => {
  const { courseId, load } = useStructure.getState();
  if (courseId) void load(courseId);
};

export const useStructure = createFeatureStore<StructureState>(
  (set, get) => ({
    missing: [],
    courseId: null,
    deletes: [],
    creates: [],
    async load(courseId) {
      if (get().courseId !== courseId) set({ courseId, deletes: [], creates: [] });
      const [missing, pending] = await Promise.all([
        call((b) => b.structure.missing()),
        call((b) => b.sections.pending({ courseId })),
      ]);
      if (get().courseId === courseId) set({ missing, ...pending });
    },
    reasonFor: (operation) => get().missing.find((m) => m.operation === operation)?.message ?? null,
  }),
  {
    subscribe: () => [
      onEvent('drafts.changed', reload),
      onEvent('outbox.changed', reload),
      onEvent('structure.missing', reload),
    ],
  },
);
