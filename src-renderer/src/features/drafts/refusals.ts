/**
 * Renderer. Changes the server refused (issues 24, 37), for the rows where the user made them: a
 * list row asks `useRefusal(resource, id)` and shows "Not saved: reason" on itself, with Try again
 * and Discard (Dismiss for an action refused up front). Two sources: changes that went to the
 * outbox and came back refused (failed drafts, re-read on `drafts.changed`), and actions main
 * refused up front (`noteRefused`, e.g. a move while the key is known to be read-only for it),
 * which never reached the outbox. Changes & sync lists the same refused drafts (RefusedPanel).
 */
import type { DraftSummary, ResourceKind } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError, errorCode } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, useFeature } from '../../lib/feature-store.ts';

export interface Refusal {
  message: string;
  /** The refused draft to discard on Dismiss; null for an action refused before it was queued. */
  draftId: string | null;
}

interface RefusalsState {
  failed: DraftSummary[];
  /** `${resource}:${id}` → reason, for actions refused up front. */
  local: Record<string, string>;
  load: () => Promise<void>;
}

const keyOf = (resource: ResourceKind, id: string) => `${resource}:${id}`;

export const useRefusals = createFeatureStore<RefusalsState>(
  (set) => ({
    failed: [],
    local: {},
    async load() {
      try {
        const drafts = await call((b) => b.drafts.list());
        set({ failed: drafts.filter((d) => d.state === 'failed' && d.operation === 'update' && d.error) });
      } catch {
        // The rows stay as they are; the Changes & sync screen says what could not be read.
      }
    },
  }),
  {
    load: (store) => store.getState().load(),
    subscribe: (store) => [onEvent('drafts.changed', () => void store.getState().load())],
  },
);

/** The refusal of the last change to this resource, for its row; null when none. */
export function useRefusal(resource: ResourceKind, id: string): Refusal | null {
  useFeature(useRefusals);
  const local = useRefusals((s) => s.local[keyOf(resource, id)] ?? null);
  const draft = useRefusals((s) => s.failed.find((d) => d.resource === resource && d.serverId === id) ?? null);
  if (local) return { message: local, draftId: null };
  if (draft?.error) return { message: describeError(draft.error), draftId: draft.id };
  return null;
}

/**
 * The server (or main, knowing the key) said no to the change itself, rather than it failing to be
 * sent: it belongs on the row it was made on (`noteRefused`). `orInvalid`: a 422 counts too, for an
 * action with no form of its own to show field errors in (a lesson move).
 */
export function isRefusal(error: unknown, options: { orInvalid?: boolean } = {}): boolean {
  const code = errorCode(error);
  return code === 'WRITE_REFUSED' || code === 'Forbidden' || (options.orInvalid === true && code === 'Validation');
}

/** An action main refused before anything was queued: shown on its row like a refused send. */
export function noteRefused(resource: ResourceKind, id: string, error: unknown): void {
  const message = describeError(error);
  useRefusals.setState((s) => ({ local: { ...s.local, [keyOf(resource, id)]: message } }));
}

/** "Try again": the refused change is sent again as it is (its line leaves until it is refused again). */
export async function retryRefusal(refusal: Refusal): Promise<void> {
  const draftId = refusal.draftId;
  if (!draftId) return;
  useRefusals.setState((s) => ({ failed: s.failed.filter((d) => d.id !== draftId) }));
  await call((b) => b.drafts.retry({ id: draftId }));
}

/** "Discard" (or "Dismiss"): the refused change is let go (its draft discarded; nothing reaches the server). */
export async function dismissRefusal(resource: ResourceKind, id: string, refusal: Refusal): Promise<void> {
  useRefusals.setState((s) => {
    const local = { ...s.local };
    delete local[keyOf(resource, id)];
    return { local, failed: s.failed.filter((d) => d.id !== refusal.draftId) };
  });
  const draftId = refusal.draftId;
  if (draftId) await call((b) => b.drafts.discard({ id: draftId }));
}
