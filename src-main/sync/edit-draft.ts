// Main process / plain Node. Opening an existing resource for editing: the draft that already holds
// work is returned as it is; otherwise the draft starts from (or moves to) the newest copy — the
// server's when it answers, else the cached one.
import type { OfflineCache } from './cache/index.ts';
import type { SyncApiClient } from './client.ts';
import type { DraftStore, DraftView } from './drafts.ts';
import type { Fields } from './merge.ts';
import { behaviourOf, sendCall } from './resource-behaviour.ts';
import type { DraftParent } from './resources.ts';

export interface EditDraftInput {
  resource: 'assessment' | 'lesson' | 'section' | 'course';
  id: string;
  parent?: DraftParent;
}

export interface DraftEditorOptions {
  client: SyncApiClient;
  drafts: DraftStore;
  cache: OfflineCache;
  isOnline: () => boolean;
  track: <T>(request: Promise<T>) => Promise<T>;
  /** Throws when the service closed meanwhile. */
  guard: <T>(fn: () => T) => T;
  isClosed: () => boolean;
  draftsChanged: (draftIds: string[]) => void;
}

export function createDraftEditor(options: DraftEditorOptions): (input: EditDraftInput) => Promise<DraftView> {
  const { drafts, cache, guard } = options;
  const assessments = { remember: cache.rememberAssessment.bind(cache) };

  const freshServerCopy = async (input: EditDraftInput): Promise<Fields> => {
    const parent = input.parent ?? {};
    const cached = cache.cachedCopy(input.resource, input.id, parent);
    // Opening something to edit it starts from the newest copy: the server's when it answers
    // (a cached copy, however recent, may predate someone else's change), else the cache.
    if (cached && !options.isOnline()) return cached;
    try {
      const copy = await options.track(sendCall(input.resource, 'get')(options.client, parent, input.id));
      if (!options.isClosed()) behaviourOf(input.resource).onEditCopy?.({ assessments }, input.id, copy);
      return copy;
    } catch (error) {
      if (cached) return cached; // offline: edit what we have; the merge catches any drift
      throw error;
    }
  };

  return async (input) => {
    guard(() => null);
    const existing = drafts.findByServerId(input.resource, input.id);
    // A draft holding unsent work (or a conflict, or a server-side delete) is returned as it is.
    const idle = existing && (existing.state === 'sent' || existing.state === 'editing') && existing.fields === '{}';
    if (existing && !idle) return drafts.get(existing.id);
    const copy = await freshServerCopy(input);
    return guard(() => {
      const current = drafts.findByServerId(input.resource, input.id);
      if (!current) return drafts.openEdit(input.resource, input.id, input.parent ?? {}, copy);
      // Nothing unsent in it: move it to the copy just read, so the form shows today's values —
      // but never backwards: offline (or from a list page) that copy can be older than the one the
      // draft got from our own last send, and rebasing onto it would conflict with our own write.
      const updatedAt = typeof copy.updated_datetime === 'string' ? copy.updated_datetime : null;
      const newer =
        current.base_updated_at === null ||
        (updatedAt !== null && Date.parse(updatedAt) > Date.parse(current.base_updated_at));
      if ((current.state === 'sent' || current.state === 'editing') && current.fields === '{}' && newer) {
        const json = JSON.stringify(copy);
        drafts.update(current.id, {
          base: json,
          base_updated_at: updatedAt,
          ...(current.result ? { result: json } : {}),
        });
        options.draftsChanged([current.id]);
      }
      return drafts.get(current.id);
    });
  };
}
