/**
 * Renderer. The assignment being written: a create draft made on the first keystroke (its
 * Idempotency-Key is born with it in main), saved as the user types, and sent once on submit.
 * And the assignments written in this workspace (main's own record, since the server keeps no
 * list), re-read when a draft changes, as an assignment goes out or is refused.
 */
import type { AssignmentRecord } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, readInto, type FeatureStore, type LoadState } from '../../lib/feature-store.ts';
import { createDraftSession } from '../drafts/index.ts';

export const NEW_ASSIGNMENT = 'new';

export const useAssignmentSession = createDraftSession({
  async open(_key, pending) {
    const draft = await call((b) =>
      b.drafts.create({ resource: 'assignment', fields: { status: 'DRAFT', ...pending } }),
    );
    return { draft, consumed: true };
  },
});

interface AssignmentHistoryState extends LoadState {
  /** Newest first; null until first read. */
  records: AssignmentRecord[] | null;
  load: () => Promise<void>;
}

export const useAssignmentHistory: FeatureStore<AssignmentHistoryState> = createFeatureStore<AssignmentHistoryState>(
  () => ({
    records: null,
    status: 'idle',
    error: null,
    load: () => readInto(useAssignmentHistory, async () => ({ records: await call((b) => b.assignments.history()) })),
  }),
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [onEvent('drafts.changed', () => void store.getState().load())],
  },
);

export const ASSIGNMENT_DEFAULTS: Record<string, string> = {
  title: '',
  description: '',
  duration_hours: '',
  duration_minutes: '',
  status: 'DRAFT',
};
