// Main process / plain Node. The parts of one profile's sync service, wired to each other: the
// store, events, the local-fault guard, drafts, connectivity, the cache, lesson and structure work,
// write access, and the outbox whose results feed connectivity, the caches and the refusals.
// Made once per profile by createSyncService (service.ts), which starts them and is their facade.
import type { DatabaseSync } from 'node:sqlite';
import { openProfileDatabase, type ProfileDatabase } from '../store/index.ts';
import { createOfflineCache, type OfflineCache } from './cache/index.ts';
import { createConnectivity, type Connectivity } from './connectivity.ts';
import { createDraftStore, type DraftStore, type DraftView } from './drafts.ts';
import { createDraftEditor, type EditDraftInput } from './edit-draft.ts';
import { serviceClosed, syncLocalFault } from './errors.ts';
import { createOutbox, type Outbox } from './outbox.ts';
import type { ResourceParts } from './resource-behaviour.ts';
import { createLessonWork, type LessonWork } from './lesson-work.ts';
import { createCapabilityStore, type CapabilityStore } from './capabilities.ts';
import { createPreviewWork, type PreviewWork } from './preview-video.ts';
import type { WriteNotes } from './send.ts';
import { createStructureWork, type StructureWork } from './structure-work.ts';
import { createWriteAccess, type WriteAccess, type WriteRefusal } from './write-access.ts';
import type { SyncEventListener, SyncServiceOptions } from './service-api.ts';

export interface SyncParts {
  now: () => number;
  store: ProfileDatabase;
  db: DatabaseSync;
  /** One flag every part reads: after close() nothing emits, writes or reports. */
  life: { closed: boolean };
  isClosed: () => boolean;
  /** Aborted on close: the outbox's requests in flight stop. */
  abort: AbortController;
  /** Tells the service's listener, never after close, never throwing into the caller. */
  emit: SyncEventListener;
  /** Runs a local write: refused after close, a full disk or busy database said in one sentence. */
  guard: <T>(fn: () => T) => T;
  drafts: DraftStore;
  connectivity: Connectivity;
  cache: OfflineCache;
  editDraft: (input: EditDraftInput) => Promise<DraftView>;
  lessons: LessonWork;
  capabilities: CapabilityStore;
  writes: WriteAccess;
  writesChanged: (newly: WriteRefusal | null) => void;
  structure: StructureWork;
  preview: PreviewWork;
  outbox: Outbox;
}

export function wireSyncParts(options: SyncServiceOptions): SyncParts {
  const { client } = options;
  const now = options.now ?? Date.now;
  const store = openProfileDatabase({ dataDir: options.dataDir, profileId: options.profileId });
  const { db } = store;
  const life = { closed: false };
  const isClosed = () => life.closed;
  const abort = new AbortController();
  const emit = safeEmitter(options, isClosed);
  const guard = localFaultGuard(isClosed, store.file);

  const drafts = createDraftStore(db, { now, onChange: (draftIds) => emit('drafts.changed', { draftIds }) });
  const connectivity = createConnectivity({
    probe: options.probe ?? (() => client.categories.list({ page: 1, pageSize: 1 })),
    ...options.connectivity,
    now,
  });
  const isOnline = () => connectivity.isOnline();
  const track = reportingTo(connectivity);

  const cache = createOfflineCache({
    db,
    client,
    isOnline,
    track,
    onUpdated: (update) => emit('cache.updated', update),
    isClosed,
    staleAfterMs: options.cacheStaleAfterMs,
    now,
    // Sections first, then the lessons inside them: the two kinds of move are independent.
    overlay: (query, data) =>
      query.kind === 'sections'
        ? lessons.overlayMoves(query.courseId, structure.overlayMoves(query.courseId, data))
        : data,
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

  const capabilities = createCapabilityStore(db, now);
  const writes: WriteAccess = createWriteAccess(db, now);
  const writesChanged = (newly: WriteRefusal | null) => emit('writes.changed', { refused: writes.refused(), newly });
  const { lessons, structure, preview } = wireAuthoring({
    db,
    drafts,
    cache,
    capabilities,
    writes,
    emit,
    editDraft,
    outbox: () => outbox,
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
    writes: writeNotes(writes, writesChanged),
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

  const parts = { now, store, db, life, isClosed, abort, emit, guard, drafts, connectivity, cache, editDraft };
  return { ...parts, lessons, capabilities, writes, writesChanged, structure, preview, outbox };
}

function safeEmitter(options: SyncServiceOptions, isClosed: () => boolean): SyncEventListener {
  return (event, payload) => {
    if (isClosed()) return;
    try {
      options.onEvent?.(event, payload);
    } catch (error) {
      options.onInternalError?.(error);
    }
  };
}

/**
 * A full disk or a database kept busy by another Lectern becomes one typed sentence; the failed
 * write rolled back, so the next try (once space is freed) simply works.
 */
function localFaultGuard(isClosed: () => boolean, file: string): <T>(fn: () => T) => T {
  return <T>(fn: () => T): T => {
    if (isClosed()) throw serviceClosed();
    let result: T;
    try {
      result = fn();
    } catch (error) {
      throw syncLocalFault(error, file);
    }
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw syncLocalFault(error, file);
      }) as T;
    }
    return result;
  };
}

/** Wraps a request so connectivity learns how it went. */
function reportingTo(connectivity: Connectivity): <T>(promise: Promise<T>) => Promise<T> {
  return async <T>(promise: Promise<T>): Promise<T> => {
    try {
      const value = await promise;
      connectivity.report(null);
      return value;
    } catch (error) {
      connectivity.report(error);
      throw error;
    }
  };
}

/** A refusal seen for the first time, or a write that went through after one, is told. */
function writeNotes(writes: WriteAccess, writesChanged: (newly: WriteRefusal | null) => void): WriteNotes {
  return {
    refused: (resource, error) => {
      const newly = writes.noteRefused(resource, error);
      if (newly) writesChanged(newly);
    },
    allowed: (resource) => {
      if (writes.noteAllowed(resource)) writesChanged(null);
    },
  };
}

interface AuthoringDeps {
  db: DatabaseSync;
  drafts: DraftStore;
  cache: OfflineCache;
  capabilities: CapabilityStore;
  writes: WriteAccess;
  emit: SyncEventListener;
  editDraft: (input: EditDraftInput) => Promise<DraftView>;
  /** Made after the authoring work (it reads their caches' hooks). */
  outbox: () => Outbox;
}

/** Lesson work, the course structure and the preview video, on top of drafts and the outbox. */
function wireAuthoring(deps: AuthoringDeps): { lessons: LessonWork; structure: StructureWork; preview: PreviewWork } {
  const { db, drafts, cache, capabilities, writes, emit, editDraft, outbox } = deps;
  const lessons = createLessonWork({
    db,
    drafts,
    outbox,
    cache: cache.store,
    editDraft: (ref) =>
      editDraft({ resource: 'lesson', id: ref.id, parent: { courseId: ref.courseId, sectionId: ref.sectionId } }),
    refreshSections: (courseId) => cache.refreshSectionsSoon(courseId),
    sectionsChanged: (key) => cache.changed(key, 'sections'),
  });
  const structure = createStructureWork({
    db,
    drafts,
    outbox,
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
    outbox,
    cache: cache.store,
    capabilities,
    editCourse: (courseId) => structure.editCourse(courseId),
    cacheChanged: (key) => cache.changed(key, 'course'),
  });
  return { lessons, structure, preview };
}
