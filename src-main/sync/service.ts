// Main process / plain Node. The offline store and sync engine of one profile behind one facade:
// cache-first reads, drafts, the outbox worker, conflicts and connectivity. The shell exposes its
// methods over IPC and forwards its events. Switching profile = close() this one, create another.
import { cachedQuery, createCacheStore, type CacheRead } from '../store/cache-store.ts';
import { openProfileDatabase, type StoreNotice } from '../store/profile-database.ts';
import {
  cacheKey,
  fetchQuery,
  findCachedLesson,
  upsertCachedLesson,
  type CacheDataOf,
  type CacheKind,
  type CacheQuery,
  type CacheQueryOf,
} from './cache-queries.ts';
import { createRemote, type SyncApiClient } from './client.ts';
import {
  createConnectivity,
  type AttemptOutcome,
  type ConnectivityOptions,
  type ConnectivityStatus,
} from './connectivity.ts';
import { createDraftStore, type DraftRow, type DraftSummary, type DraftView } from './drafts.ts';
import { SyncServiceError, toSyncError, type SyncError } from './errors.ts';
import type { ConflictChoice, Fields } from './merge.ts';
import { createOutbox, type OutboxItem, type OutboxSummary } from './outbox.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import { searchCache, type PaletteHit } from './palette-search.ts';
import { assignmentHistory, type AssignmentRecord } from './assignment-history.ts';
import type { PendingDelete } from './deletes.ts';
import { createLessonWork, type LessonRef } from './lesson-work.ts';

export interface SyncEventMap {
  /** Connection state changed. */
  'sync.status': ConnectivityStatus;
  /** Outbox rows were added, changed state or left. */
  'outbox.changed': OutboxSummary;
  /** These drafts changed (re-read them with getDraft / listDrafts). */
  'drafts.changed': { draftIds: string[] };
  /** A cached read was refreshed (error null) or its background refresh failed. */
  'cache.updated': { key: string; kind: CacheKind; fetchedAt: string | null; error: SyncError | null };
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
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number };
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

export interface EditDraftInput {
  resource: 'assessment' | 'lesson';
  id: string;
  parent?: DraftParent;
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
    options?: { refresh?: 'if-stale' | 'always' | 'never' },
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

  /** The resource was deleted on the server: drop it from the cache so no screen shows it. */
  forgetDeleted(resource: 'assessment', id: string): void;

  /** Courses, sections, lessons and assessments in the cache whose title holds `text` (offline too). */
  searchCache(text: string, limit?: number): PaletteHit[];
  /** The assignments created from this workspace (the API cannot list them): the outbox's record. */
  assignmentHistory(): AssignmentRecord[];
  /** A fresh server copy of a lesson (e.g. its video finished processing): update the cached course. */
  rememberLesson(courseId: string, sectionId: string, lesson: Fields): void;

  close(): Promise<void>;
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { client } = options;
  const now = options.now ?? Date.now;
  const store = openProfileDatabase({ dataDir: options.dataDir, profileId: options.profileId });
  const { db } = store;
  let closed = false;
  const abort = new AbortController();

  const emit: SyncEventListener = (event, payload) => {
    if (closed) return;
    try {
      options.onEvent?.(event, payload);
    } catch (error) {
      options.onInternalError?.(error);
    }
  };

  const cache = createCacheStore(db, { staleAfterMs: options.cacheStaleAfterMs, now });
  const inFlight = new Map<string, Promise<unknown>>();
  const drafts = createDraftStore(db, { now, onChange: (draftIds) => emit('drafts.changed', { draftIds }) });
  const connectivity = createConnectivity({
    probe: options.probe ?? (() => client.categories.list({ page: 1, pageSize: 1 })),
    ...options.connectivity,
    now,
  });

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

  const writeCache = (query: CacheQuery, data: unknown) => {
    const key = cacheKey(query);
    const read = cache.write(key, query.kind, data);
    emit('cache.updated', { key, kind: query.kind, fetchedAt: read.fetchedAt, error: null });
    return read;
  };

  /** A fresh server copy of a drafted resource: keep detail and list caches in step. */
  const onServerCopy = (resource: ResourceKind, draft: DraftRow, copy: Fields) => {
    if (closed || typeof copy.id !== 'string') return;
    if (resource === 'assessment') {
      writeCache({ kind: 'assessment', assessmentId: copy.id }, copy);
      for (const key of cache.replaceInLists('assessments', { ...copy, id: copy.id })) {
        emit('cache.updated', { key, kind: 'assessments', fetchedAt: cache.read(key).fetchedAt, error: null });
      }
    } else if (resource === 'lesson') {
      lessons.onServerCopy(draft, copy);
    }
  };

  const lessons = createLessonWork({
    db,
    drafts,
    outbox: () => outbox,
    cache,
    editDraft: (ref) =>
      service.editDraft({
        resource: 'lesson',
        id: ref.id,
        parent: { courseId: ref.courseId, sectionId: ref.sectionId },
      }),
    refreshSections: (courseId) => {
      if (!closed && connectivity.isOnline()) void refreshCache({ kind: 'sections', courseId }).catch(() => undefined);
    },
    sectionsChanged: (key) =>
      emit('cache.updated', { key, kind: 'sections', fetchedAt: cache.read(key).fetchedAt, error: null }),
  });

  const outbox = createOutbox({
    db,
    drafts,
    remote: createRemote(client),
    now,
    canSend: () => !closed && connectivity.isOnline(),
    onResult: (error) => connectivity.report(error),
    retry: options.retry,
    signal: abort.signal,
    onOutboxChanged: () => emit('outbox.changed', outbox.summary()),
    onDraftsChanged: (draftIds) => emit('drafts.changed', { draftIds }),
    onServerCopy,
    onDeleted: (resource, parent, id) => {
      if (!closed && resource === 'lesson') lessons.onDeleted(parent, id);
    },
    onInternalError: options.onInternalError,
  });

  connectivity.onChange((status) => {
    emit('sync.status', status);
    if (status.state === 'online') void outbox.drain(); // going online drains the outbox
  });

  const refreshCache = <K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheRead<CacheDataOf<K>>> => {
    if (closed) return Promise.reject(serviceClosed());
    return cachedQuery<CacheDataOf<K>>(
      cache,
      {
        key: cacheKey(query),
        kind: query.kind,
        fetch: async () => {
          const data = await track(fetchQuery(client, query));
          if (closed) throw serviceClosed();
          return data as CacheDataOf<K>;
        },
        onUpdated: (read) =>
          emit('cache.updated', { key: cacheKey(query), kind: query.kind, fetchedAt: read.fetchedAt, error: null }),
      },
      inFlight,
    ).refresh();
  };

  const freshServerCopy = async (input: EditDraftInput): Promise<Fields> => {
    const parent = input.parent ?? {};
    let cached: Fields | null = null;
    if (input.resource === 'assessment') {
      const read = cache.read<Fields>(cacheKey({ kind: 'assessment', assessmentId: input.id }));
      cached = read.data ?? findInLists(cache.entries('assessments'), input.id);
    } else if (parent.courseId && parent.sectionId) {
      const read = cache.read<unknown>(cacheKey({ kind: 'sections', courseId: parent.courseId }));
      cached = findCachedLesson(read.data, parent.sectionId, input.id);
    }
    // Opening something to edit it starts from the newest copy: the server's when it answers
    // (a cached copy, however recent, may predate someone else's change), else the cache.
    if (cached && !connectivity.isOnline()) return cached;
    try {
      const copy = await track(createRemote(client).get(input.resource, parent, input.id));
      if (input.resource === 'assessment' && !closed) writeCache({ kind: 'assessment', assessmentId: input.id }, copy);
      return copy;
    } catch (error) {
      if (cached) return cached; // offline: edit what we have; the merge catches any drift
      throw error;
    }
  };

  const detailFromLists = (query: CacheQuery): CacheRead<unknown> | null => {
    const spec =
      query.kind === 'assessment'
        ? { kind: 'assessments', id: query.assessmentId }
        : query.kind === 'course'
          ? { kind: 'courses', id: query.courseId }
          : null;
    if (!spec) return null;
    for (const entry of cache.entries(spec.kind)) {
      const item = findInLists([entry], spec.id);
      if (item) return { data: item, fetchedAt: cache.read(entry.key).fetchedAt, stale: true };
    }
    return null;
  };

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

  const guard = <T>(fn: () => T): T => {
    if (closed) throw serviceClosed();
    return fn();
  };

  const service: SyncService = {
    profileId: options.profileId,
    notices: store.notices,

    listDrafts: () => guard(() => drafts.list()),
    getDraft: (draftId) => guard(() => drafts.get(draftId)),
    createDraft: (input) => guard(() => drafts.createNew(input.resource, input.parent ?? {}, input.fields ?? {})),
    async editDraft(input) {
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
          emit('drafts.changed', { draftIds: [current.id] });
        }
        return drafts.get(current.id);
      });
    },
    saveDraftFields: (draftId, patch) => guard(() => drafts.saveFields(draftId, patch)),
    saveToServer: (draftId, patch) => guard(() => outbox.enqueue(draftId, patch)),
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
      if (closed) return;
      const key = cacheKey({ kind: 'sections', courseId });
      const sections = cache.read<unknown>(key).data;
      if (upsertCachedLesson(sections, sectionId, lesson)) {
        cache.write(key, 'sections', sections);
        emit('cache.updated', { key, kind: 'sections', fetchedAt: cache.read(key).fetchedAt, error: null });
      }
    },

    readCache(query, opts) {
      return guard(() => {
        const key = cacheKey(query);
        const read = cache.read<CacheDataOf<typeof query.kind>>(key);
        if (read.data === null) {
          // A detail never opened may still be in a cached list: show that (as stale) meanwhile.
          const fromList = detailFromLists(query) as CacheRead<CacheDataOf<typeof query.kind>> | null;
          if (fromList) {
            if ((opts?.refresh ?? 'if-stale') !== 'never' && connectivity.isOnline())
              void refreshCache(query).catch(() => undefined);
            return fromList;
          }
        }
        const mode = opts?.refresh ?? 'if-stale';
        if (mode === 'always' || (mode === 'if-stale' && read.stale)) {
          if (connectivity.isOnline()) {
            refreshCache(query).catch((error: unknown) => {
              if (closed) return;
              emit('cache.updated', { key, kind: query.kind, fetchedAt: read.fetchedAt, error: toSyncError(error) });
            });
          }
        }
        return read;
      });
    },
    refreshCache,

    moveLesson: (ref, position) => guard(() => lessons.move(ref, position)),
    scheduleLessonDelete: (ref, delayMs) => guard(() => lessons.scheduleDelete(ref, delayMs)),
    undoLessonDelete: (draftId) => guard(() => lessons.undoDelete(draftId)),
    pendingLessonWork: (courseId) => guard(() => lessons.pending(courseId)),

    forgetDeleted(_resource, id) {
      const detailKey = cacheKey({ kind: 'assessment', assessmentId: id });
      cache.delete(detailKey);
      emit('cache.updated', { key: detailKey, kind: 'assessment', fetchedAt: null, error: null });
      for (const key of cache.removeFromLists('assessments', id)) {
        emit('cache.updated', { key, kind: 'assessments', fetchedAt: cache.read(key).fetchedAt, error: null });
      }
    },

    searchCache: (text, limit) => guard(() => searchCache(db, text, limit)),
    assignmentHistory: () => guard(() => assignmentHistory(db)),

    async close() {
      if (closed) return;
      closed = true;
      connectivity.stop();
      abort.abort();
      await outbox.close();
      await Promise.allSettled([...inFlight.values()]);
      store.close();
    },
  };
  return service;
}

function serviceClosed(): SyncServiceError {
  return new SyncServiceError('SYNC_CLOSED', 'This profile was closed.');
}

function findInLists(entries: { data: unknown }[], id: string): Fields | null {
  for (const { data } of entries) {
    const results = (data as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) continue;
    const found = results.find((item: Fields) => item?.id === id) as Fields | undefined;
    if (found) return found;
  }
  return null;
}
