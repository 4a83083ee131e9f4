// Main process / plain Node. A course's preview video on top of the course's draft and the outbox
// (ASSUMPTIONS.md "Course structure"): `preview_video_upload_id` (a COMPLETED upload, or null to
// remove it) is saved into the course draft and queued like any course detail, so offline it waits
// and a server that does not offer course updates keeps it (the draft shows why). The processing
// that follows is the upload engine's to follow; this says whether the update is still on its way.
import { cacheKey, type CacheStore } from './cache/index.ts';
import type { CapabilityStore } from './capabilities.ts';
import type { DraftStore, DraftView } from './drafts.ts';
import type { SyncError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';

export const PREVIEW_FIELD = 'preview_video_upload_id';

/** A preview change saved in the course draft and not yet confirmed by the server. */
export interface PendingPreview {
  /** The upload to attach, or null: a removal. */
  uploadId: string | null;
  draftId: string;
  state: DraftView['state'];
  /** Why it is not on its way (the server's refusal, a conflict to resolve), else null. */
  blocked: string | null;
}

export interface PreviewWorkDeps {
  drafts: DraftStore;
  outbox: () => Outbox;
  cache: CacheStore;
  capabilities: CapabilityStore;
  editCourse: (courseId: string) => Promise<DraftView>;
  cacheChanged: (key: string) => void;
}

export interface PreviewWork {
  /**
   * Queues the course update that attaches `uploadId` (null removes the preview). `checkOffered`:
   * refuse at once when this server is known not to offer course updates (a click); an upload that
   * already finished is kept in the draft either way.
   */
  set(courseId: string, uploadId: string | null, options?: { checkOffered?: boolean }): Promise<void>;
  pending(courseId: string): PendingPreview | null;
  /** A course read while following its preview: the course screen reads the cache. */
  rememberCourse(course: Fields): void;
}

const parse = <T>(json: string | null): T | null => (json === null ? null : (JSON.parse(json) as T));

export function createPreviewWork(deps: PreviewWorkDeps): PreviewWork {
  const { drafts } = deps;

  return {
    async set(courseId, uploadId, options) {
      if (options?.checkOffered) deps.capabilities.assertOffered('course', 'update');
      const draft = await deps.editCourse(courseId);
      // Sending right now (another detail): let that answer land first, then queue ours.
      for (let i = 0; i < 50 && drafts.row(draft.id).state === 'sending'; i++) await deps.outbox().drain();
      const row = drafts.row(draft.id);
      if (row.state === 'queued' && row.in_doubt === 0) deps.outbox().reopen(row.id);
      if (drafts.row(row.id).state === 'conflict') {
        // Kept with the draft: it goes with the details once the user has settled the conflict.
        drafts.saveFields(row.id, { [PREVIEW_FIELD]: uploadId });
        return;
      }
      // Anything else that cannot take it now (in doubt, deleted on the server) says why.
      deps.outbox().enqueue(row.id, { [PREVIEW_FIELD]: uploadId });
    },

    pending(courseId) {
      const found = drafts.findByServerId('course', courseId);
      if (!found || found.state === 'sent') return null;
      const fields = parse<Fields>(found.fields) ?? {};
      if (!(PREVIEW_FIELD in fields)) return null;
      const value = fields[PREVIEW_FIELD];
      const error = parse<SyncError>(found.error);
      const blocked =
        found.state === 'conflict'
          ? 'The course details conflict with a change on the server: resolve it to send the preview video.'
          : found.state === 'failed'
            ? (error?.message ?? 'The server refused the course update.')
            : found.state === 'deleted-on-server'
              ? 'This course was deleted on the server.'
              : null;
      return { uploadId: typeof value === 'string' ? value : null, draftId: found.id, state: found.state, blocked };
    },

    rememberCourse(course) {
      if (typeof course.id !== 'string') return;
      const key = cacheKey({ kind: 'course', courseId: course.id });
      const cached = deps.cache.read<Fields>(key).data;
      deps.cache.write(key, 'course', { ...(cached ?? {}), ...course });
      deps.cacheChanged(key);
    },
  };
}
