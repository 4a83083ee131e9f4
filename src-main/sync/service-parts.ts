// Main process / plain Node. The parts of one profile's sync service, wired to each other: the
// store, events, the local-fault guard, drafts, connectivity, the cache, lesson and structure work,
// write access, and the outbox whose results feed connectivity, the caches and the refusals.
// Made once per profile by createSyncService (service.ts), which starts them and is their facade.
import { openProfileDatabase } from '../store/index.ts';
import { createOfflineCache } from './cache/index.ts';
import { createConnectivity } from './connectivity.ts';
import { createDraftStore } from './drafts.ts';
import { createDraftEditor } from './edit-draft.ts';
import { serviceClosed, syncLocalFault } from './errors.ts';
import { createOutbox } from './outbox.ts';
import type { ResourceParts } from './resource-behaviour.ts';
import { createLessonWork } from './lesson-work.ts';
import { createCapabilityStore } from './capabilities.ts';
import { createPreviewWork } from './preview-video.ts';
import { createStructureWork } from './structure-work.ts';
import { createWriteAccess, type WriteAccess, type WriteRefusal } from './write-access.ts';
import type { SyncEventListener, SyncServiceOptions } from './service-api.ts';

export function wireSyncParts(options: SyncServiceOptions) {
  const { client } = options;
  const now = options.now ?? Date.now;
  const store = openProfileDatabase({ dataDir: options.dataDir, profileId: options.profileId });
  const { db } = store;
  // One flag every part reads: after close() nothing emits, writes or reports.
  const life = { closed: false };
  const isClosed = () => life.closed;
  const abort = new AbortController();

  const emit: SyncEventListener = (event, payload) => {
    if (isClosed()) return;
    try {
      options.onEvent?.(event, payload);
    } catch (error) {
      options.onInternalError?.(error);
    }
  };
  // A full disk or a database kept busy by another Lectern becomes one typed sentence; the failed
  // write rolled back, so the next try (once space is freed) simply works.
  const guard = <T>(fn: () => T): T => {
    if (isClosed()) throw serviceClosed();
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

  // What the table's entries act on; every answer arrives after the outbox checked it is open.
  const resourceParts: ResourceParts = {
    client,
    assessments: { remember: (id, copy, opts) => cache.rememberAssessment(id, copy, opts) },
    lessons,
    structure,
  };
  const outbox = createOutbox({
    db,
    drafts,
    parts: resourceParts,
    writes: {
      refused: (resource, error) => {
        const newly = writes.noteRefused(resource, error);
        if (newly) writesChanged(newly);
      },
      allowed: (resource) => {
        if (writes.noteAllowed(resource)) writesChanged(null);
      },
    },
    now,
    canSend: () => !isClosed() && connectivity.isOnline(),
    onResult: (error) => {
      connectivity.report(error);
      structure.noteResult(error);
    },
    retry: options.retry,
    signal: abort.signal,
    onOutboxChanged: () => emit('outbox.changed', outbox.summary()),
    onDraftsChanged: (draftIds) => emit('drafts.changed', { draftIds }),
    onInternalError: options.onInternalError,
  });

  connectivity.onChange((status) => {
    emit('sync.status', status);
    if (status.state === 'online') void outbox.drain(); // going online drains the outbox
  });

  return {
    now,
    store,
    db,
    life,
    isClosed,
    abort,
    emit,
    guard,
    drafts,
    connectivity,
    cache,
    editDraft,
    lessons,
    capabilities,
    writes,
    writesChanged,
    structure,
    preview,
    outbox,
  };
}
