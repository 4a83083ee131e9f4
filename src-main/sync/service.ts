// Main process / plain Node. The offline store and sync engine of one profile behind one facade:
// cache-first reads, drafts, the outbox worker, conflicts and connectivity. The shell exposes its
// methods over IPC and forwards its events. Switching profile = close() this one, create another.
import { openProfileDatabase, type StoreNotice } from '../store/index.ts';
import {
  createOfflineCache,
  type CacheDataOf,
  type CacheKind,
  type CacheQueryOf,
  type CacheRead,
  type CacheUpdate,
  type PaletteHit,
  type RefreshMode,
} from './cache/index.ts';
import { createRemote, type SyncApiClient } from './client.ts';
import {
  createConnectivity,
  type AttemptOutcome,
  type ConnectivityOptions,
  type ConnectivityStatus,
} from './connectivity.ts';
import { createDraftStore, type DraftRow, type DraftSummary, type DraftView } from './drafts.ts';
import { createDraftEditor, type EditDraftInput } from './edit-draft.ts';
import { serviceClosed, syncLocalFault } from './errors.ts';
import type { ConflictChoice, Fields } from './merge.ts';
import { createOutbox, type OutboxItem, type OutboxSummary } from './outbox.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import { assignmentHistory, type AssignmentRecord } from './assignment-history.ts';
import type { PendingDelete } from './deletes.ts';
import { createLessonWork, type LessonRef } from './lesson-work.ts';
import { createCapabilityStore, type MissingOperation } from './capabilities.ts';
import { createPreviewWork, type PreviewWork } from './preview-video.ts';
import { createStructureWork, type StructureWork } from './structure-work.ts';
import { createWriteAccess, type WriteAccess, type WriteRefusal } from './write-access.ts';

export type { EditDraftInput } from './edit-draft.ts';

export interface SyncEventMap {
  /** Connection state changed. */
  'sync.status': ConnectivityStatus;
  /** Outbox rows were added, changed state or left. */
  'outbox.changed': OutboxSummary;
  /** These drafts changed (re-read them with getDraft / listDrafts). */
  'drafts.changed': { draftIds: string[] };
  /** A cached read was refreshed (error null) or its background refresh failed. */
  'cache.updated': CacheUpdate;
  /** This server was found not to offer a course-structure operation (once per workspace). */
  'structure.missing': MissingOperation;
  /** What this key is refused to change; `newly` is set the first time a kind is refused (say it once). */
  'writes.changed': { refused: WriteRefusal[]; newly: WriteRefusal | null };
}
export type SyncEventName = keyof SyncEventMap;
export type SyncEventListener = <E extends SyncEventName>(event: E, payload: SyncEventMap[E]) => void;

export interface SyncServiceOptions {
  dataDir: string;
  profileId: string;
  client: SyncApiClient;
  onEvent?: SyncEventListener;
  /** Connectivity probe; default: the first category (one light authenticated GET). */
  probe?: () => Promise<unknown>;
  connectivity?: Pick<
    ConnectivityOptions,
    'onlineProbeMs' | 'offlineProbeMs' | 'activeProbeMs' | 'activeRetryMaxMs' | 'retryMinMs' | 'inUse' | 'timers'
  >;
  /** Outbox backoff for transient failures (after the client's own retries). */
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; random?: () => number };
  /** Cached reads older than this are `stale` and refreshed in the background. Default 60 s. */
  cacheStaleAfterMs?: number;
  /** Sent drafts with nothing left in them are removed after this many days. Default 30. */
  keepSentDraftsDays?: number;
  /** Reports failures nobody awaits (background refreshes, the worker). Never gets the API key. */
  onInternalError?: (error: unknown) => void;
  now?: () => number;
}

export interface NewDraftInput {
  resource: ResourceKind;
  /** Lessons: `{ courseId, sectionId }`. */
  parent?: DraftParent;
  fields?: Fields;
}

export interface SyncService {
  readonly profileId: string;
  /** Problems found when opening the store (a damaged file moved aside): tell the user. */
  readonly notices: readonly StoreNotice[];

  listDrafts(): DraftSummary[];
  getDraft(draftId: string): DraftView;
  createDraft(input: NewDraftInput): DraftView;
  /** The draft for an existing resource: reuses the one that exists, else starts from the server copy. */
  editDraft(input: EditDraftInput): Promise<DraftView>;
  /** Commits durably before returning. The renderer debounces keystrokes (≤ 500 ms). */
  saveDraftFields(draftId: string, patch: Fields): DraftView;
  /** "Save to server": saves the optional last patch, then validates and queues (one transaction). */
  saveToServer(draftId: string, patch?: Fields): DraftView;
  reopenDraft(draftId: string): DraftView;
  retryDraft(draftId: string): DraftView;
  discardDraft(draftId: string): void;
  resolveConflict(draftId: string, choices: Record<string, ConflictChoice>, options?: { enqueue?: boolean }): DraftView;

  listOutbox(): OutboxItem[];
  outboxSummary(): OutboxSummary;
  /** "Sync now": probes if not online, sends what is due; resolves when the worker is idle. */
  drainOutbox(): Promise<void>;

  connectivity(): ConnectivityStatus;
  checkConnectivity(): Promise<ConnectivityStatus>;
  setNetworkHint(online: boolean): void;
  /** Every HTTP attempt of the API client (its `onRequest`): a failure counts before retries end. */
  reportAttempt(attempt: AttemptOutcome): void;
  /** Someone is using the app (visible window, not idle): quicker probes. Default: in use. */
  setInUse(inUse: boolean): void;
  /** Connection state changes, as they happen (the same as the `sync.status` event). */
  onConnectivityChange(listener: (status: ConnectivityStatus) => void): () => void;

  /** The cache right now; starts a background refresh when stale and online (`cache.updated` follows). */
  readCache<K extends CacheKind>(
    query: CacheQueryOf<K>,
    options?: { refresh?: RefreshMode },
  ): CacheRead<CacheDataOf<K>>;
  /** Fetches online, updates the cache, returns the fresh read; throws the client's typed error. */
  refreshCache<K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheRead<CacheDataOf<K>>>;

  /** Moves a lesson to a 1-based position in its section (an update sending only `order`). */
  moveLesson(ref: LessonRef, position: number): Promise<void>;
  /** Queues a lesson delete that is not sent before `delayMs` has passed. */
  scheduleLessonDelete(ref: LessonRef, delayMs: number): PendingDelete;
  /** Undoes a scheduled delete that has not been sent. */
  undoLessonDelete(draftId: string): void;
  /** A course's lesson work waiting in the outbox. */
  pendingLessonWork(courseId: string): { deletes: PendingDelete[]; creates: DraftSummary[] };

  /** Sections and course details (ASSUMPTIONS.md "Course structure"), and what this server lacks. */
  readonly structure: StructureWork;
  /** A course's preview video attached or removed through the course's draft (ASSUMPTIONS.md "Course structure"). */
  readonly preview: PreviewWork;

  /** The resource was deleted on the server: drop it from the cache so no screen shows it. */
  forgetDeleted(resource: 'assessment', id: string): void;

  /** Courses, sections, lessons and assessments in the cache whose title holds `text` (offline too). */
  searchCache(text: string, limit?: number): PaletteHit[];
  /** Reads the outlines of listed courses not opened yet, in the background (online only): how many. */
  prepareSearch(): number;
  /** The assignments created from this workspace (the API cannot list them): the outbox's record. */
  assignmentHistory(): AssignmentRecord[];
  /** A fresh server copy of a lesson (e.g. its video finished processing): update the cached course. */
  rememberLesson(courseId: string, sectionId: string, lesson: Fields): void;

  /** Kinds of change this workspace's key was refused (403 on a write): read-only until cleared. */
  writesRefused(): WriteRefusal[];
  /** The key changed, or "Check again": forget the refusals so the next write asks the server. */
  forgetWriteRefusals(): void;

  close(): Promise<void>;
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { client } = options;
  const now = options.now ?? Date.now;
  const store = openProfileDatabase({ dataDir: options.dataDir, profileId: options.profileId });
  const { db } = store;
  let closed = false;
  const isClosed = () => closed;
  const abort = new AbortController();

  const emit: SyncEventListener = (event, payload) => {
    if (closed) return;
    try {
      options.onEvent?.(event, payload);
    } catch (error) {
      options.onInternalError?.(error);
    }
  };
  // A full disk or a database kept busy by another Lectern becomes one typed sentence; the failed
  // write rolled back, so the next try (once space is freed) simply works.
  const guard = <T>(fn: () => T): T => {
    if (closed) throw serviceClosed();
    let result: T;
    try {
      result = fn();
    } catch (error) {
      throw syncLocalFault(error, store.file);
    }
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw syncLocalFault(error, store.file);
      }) as T;
    }
    return result;
  };

  const drafts = createDraftStore(db, { now, onChange: (draftIds) => emit('drafts.changed', { draftIds }) });
  const connectivity = createConnectivity({
    probe: options.probe ?? (() => client.categories.list({ page: 1, pageSize: 1 })),
    ...options.connectivity,
    now,
  });
  const isOnline = () => connectivity.isOnline();

  const track = async <T>(promise: Promise<T>): Promise<T> => {
    try {
      const value = await promise;
      connectivity.report(null);
      return value;
    } catch (error) {
      connectivity.report(error);
      throw error;
    }
  };

  const cache = createOfflineCache({
    db,
    client,
    isOnline,
    track,
    onUpdated: (update) => emit('cache.updated', update),
    isClosed,
    staleAfterMs: options.cacheStaleAfterMs,
    now,
    overlay: (query, data) => (query.kind === 'sections' ? lessons.overlayMoves(query.courseId, data) : data),
  });

  /** A fresh server copy of a drafted resource: keep detail and list caches in step. */
  const onServerCopy = (resource: ResourceKind, draft: DraftRow, copy: Fields) => {
    if (closed || typeof copy.id !== 'string') return;
    if (resource === 'assessment') cache.rememberAssessment(copy.id, copy);
    else if (resource === 'lesson') lessons.onServerCopy(draft, copy);
    else if (resource === 'section' || resource === 'course') structure.onServerCopy(draft, copy);
  };

  const editDraft = createDraftEditor({
    client,
    drafts,
    cache,
    isOnline,
    track,
    guard,
    isClosed,
    draftsChanged: (draftIds) => emit('drafts.changed', { draftIds }),
  });

  const lessons = createLessonWork({
    db,
    drafts,
    outbox: () => outbox,
    cache: cache.store,
    editDraft: (ref) =>
      editDraft({ resource: 'lesson', id: ref.id, parent: { courseId: ref.courseId, sectionId: ref.sectionId } }),
    refreshSections: (courseId) => cache.refreshSectionsSoon(courseId),
    sectionsChanged: (key) => cache.changed(key, 'sections'),
  });

  const capabilities = createCapabilityStore(db, now);
  const writes: WriteAccess = createWriteAccess(db, now);
  const writesChanged = (newly: WriteRefusal | null) => emit('writes.changed', { refused: writes.refused(), newly });
  const structure = createStructureWork({
    db,
    drafts,
    outbox: () => outbox,
    cache: cache.store,
    capabilities,
    editDraft: (input) => editDraft(input),
    refreshSections: (courseId) => cache.refreshSectionsSoon(courseId),
    cacheChanged: (key, kind) => cache.changed(key, kind),
    onNewlyMissing: (missing) => emit('structure.missing', missing),
    assertWritable: (resource) => writes.assertAllowed(resource),
  });

  const preview = createPreviewWork({
    drafts,
    outbox: () => outbox,
    cache: cache.store,
    capabilities,
    editCourse: (courseId) => structure.editCourse(courseId),
    cacheChanged: (key) => cache.changed(key, 'course'),
  });

  const outbox = createOutbox({
    db,
    drafts,
    remote: createRemote(client),
    now,
    canSend: () => !closed && connectivity.isOnline(),
    onResult: (error) => {
      connectivity.report(error);
      structure.noteResult(error);
    },
    retry: options.retry,
    signal: abort.signal,
    onOutboxChanged: () => emit('outbox.changed', outbox.summary()),
    onDraftsChanged: (draftIds) => emit('drafts.changed', { draftIds }),
    onServerCopy,
    onDeleted: (resource, parent, id) => {
      if (!closed && resource === 'lesson') lessons.onDeleted(parent, id);
      if (!closed && resource === 'section') structure.onDeleted(parent, id);
    },
    onInternalError: options.onInternalError,
    onWriteRefused: (resource, error) => {
      const newly = writes.noteRefused(resource, error);
      if (newly) writesChanged(newly);
    },
    onRefused: (draft) => {
      if (!closed && draft.resource === 'lesson') lessons.onRefused(draft);
      if (!closed && draft.resource === 'section') structure.onRefused(draft);
    },
    onWriteAllowed: (resource) => {
      if (writes.noteAllowed(resource)) writesChanged(null);
    },
  });

  connectivity.onChange((status) => {
    emit('sync.status', status);
    if (status.state === 'online') void outbox.drain(); // going online drains the outbox
  });

  // Drafts with no unsent work (sent, or opened and never changed) are history after a while.
  db.prepare(
    `DELETE FROM drafts WHERE fields = '{}' AND (state = 'sent' OR (state = 'editing' AND operation = 'update'))
       AND updated_at < ?`,
  ).run(now() - (options.keepSentDraftsDays ?? 30) * 86_400_000);
  // Crash recovery, then start: rows a killed process left `sending` are safe to resend.
  outbox.recover();
  connectivity.start();
  void connectivity.checkNow(); // the status bar should not wait for the first real request
  queueMicrotask(() => void outbox.drain());

  return {
    profileId: options.profileId,
    notices: store.notices,

    listDrafts: () => guard(() => drafts.list()),
    getDraft: (draftId) => guard(() => drafts.get(draftId)),
    createDraft: (input) => guard(() => drafts.createNew(input.resource, input.parent ?? {}, input.fields ?? {})),
    editDraft,
    saveDraftFields: (draftId, patch) => guard(() => drafts.saveFields(draftId, patch)),
    saveToServer: (draftId, patch) =>
      guard(() => {
        const row = drafts.row(draftId);
        try {
          capabilities.assertOffered(row.resource, row.operation);
        } catch (error) {
          // Known missing here: keep the last keystrokes in the draft, refuse only the send.
          if (patch !== undefined) drafts.saveFields(draftId, patch);
          throw error;
        }
        return outbox.enqueue(draftId, patch);
      }),
    reopenDraft: (draftId) => guard(() => outbox.reopen(draftId)),
    retryDraft: (draftId) =>
      guard(() => {
        const view = outbox.retry(draftId);
        if (!connectivity.isOnline()) void connectivity.checkNow(); // "retry" also means "try the server now"
        return view;
      }),
    discardDraft: (draftId) =>
      guard(() => {
        drafts.discard(draftId);
        emit('outbox.changed', outbox.summary());
      }),
    resolveConflict: (draftId, choices, opts) => guard(() => outbox.resolveConflict(draftId, choices, opts)),

    listOutbox: () => guard(() => outbox.list()),
    outboxSummary: () => guard(() => outbox.summary()),
    async drainOutbox() {
      if (closed) return;
      if (!connectivity.isOnline()) await connectivity.checkNow();
      await outbox.drain();
    },

    connectivity: () => connectivity.status(),
    checkConnectivity: () => connectivity.checkNow(),
    setNetworkHint: (online) => connectivity.setNetworkHint(online),
    reportAttempt: (attempt) => {
      if (!closed) connectivity.reportAttempt(attempt);
    },
    setInUse: (inUse) => connectivity.setInUse(inUse),
    onConnectivityChange: (listener) => connectivity.onChange(listener),

    rememberLesson(courseId, sectionId, lesson) {
      if (!closed) cache.rememberLesson(courseId, sectionId, lesson);
    },
    readCache: (query, opts) => guard(() => cache.read(query, opts)),
    refreshCache: (query) => cache.refresh(query),

    moveLesson: (ref, position) =>
      guard(async () => {
        writes.assertAllowed('lesson'); // known refused: nothing moves, the reason says why
        await lessons.move(ref, position);
      }),
    scheduleLessonDelete: (ref, delayMs) => guard(() => lessons.scheduleDelete(ref, delayMs)),
    undoLessonDelete: (draftId) => guard(() => lessons.undoDelete(draftId)),
    pendingLessonWork: (courseId) => guard(() => lessons.pending(courseId)),

    structure,
    preview,
    forgetDeleted: (_resource, id) => cache.forgetAssessment(id),

    searchCache: (text, limit) => guard(() => cache.search(text, limit)),
    prepareSearch: () => guard(() => cache.readOutlinesSoon()),
    assignmentHistory: () => guard(() => assignmentHistory(db)),
    writesRefused: () => guard(() => writes.refused()),
    forgetWriteRefusals: () =>
      guard(() => {
        writes.forget();
        writesChanged(null);
      }),

    async close() {
      if (closed) return;
      closed = true;
      connectivity.stop();
      abort.abort();
      await outbox.close();
      await cache.settle();
      store.close();
    },
  };
}
