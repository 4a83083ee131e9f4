// Main process / plain Node. The offline cache of one profile: cache-first reads that refresh in
// the background, server copies written in as they arrive (detail and lists kept in step), and a
// `cache.updated` notice after every change so screens re-read.
import type { DatabaseSync } from 'node:sqlite';
import type { SyncApiClient } from '../client.ts';
import { serviceClosed, toSyncError, type SyncError } from '../errors.ts';
import type { Fields } from '../merge.ts';
import { behaviourOf } from '../resource-behaviour.ts';
import { createLessonReads } from './lesson-reads.ts';
import { createOutlineReading } from './outline-reading.ts';
import { searchCache, type PaletteHit } from './palette-search.ts';
import { searchServer, type ServerSearchResult } from './server-search.ts';
import {
  cacheKey,
  fetchQuery,
  type CacheDataOf,
  type CacheKind,
  type CacheQuery,
  type CacheQueryOf,
} from './queries.ts';
import {
  cachedQuery,
  createCacheStore,
  findInLists,
  type CacheRead,
  type CacheStore,
  type CacheWrite,
} from './store.ts';

/** A cached read was refreshed (error null) or its background refresh failed. */
export interface CacheUpdate {
  key: string;
  kind: CacheKind;
  fetchedAt: string | null;
  error: SyncError | null;
}

export type RefreshMode = 'if-stale' | 'always' | 'never';

export interface OfflineCacheOptions {
  db: DatabaseSync;
  client: SyncApiClient;
  /** Background refreshes start only when online. */
  isOnline: () => boolean;
  /** Wraps a request so connectivity learns how it went. */
  track: <T>(request: Promise<T>) => Promise<T>;
  onUpdated: (update: CacheUpdate) => void;
  isClosed: () => boolean;
  /** Cached reads older than this are `stale`. Default 60 s. */
  staleAfterMs?: number;
  now: () => number;
  /**
   * Local work not yet on the server, laid over each fresh server copy before it is written (lesson
   * moves waiting in the outbox), so a read never undoes what the screen already shows.
   */
  overlay?: (query: CacheQuery, data: unknown) => unknown;
}

export interface OfflineCache {
  /** The rows themselves, for code that edits cached lists in place (lesson moves). */
  readonly store: CacheStore;
  /** The cache right now; starts a background refresh when stale and online (`onUpdated` follows). */
  read<K extends CacheKind>(query: CacheQueryOf<K>, options?: { refresh?: RefreshMode }): CacheRead<CacheDataOf<K>>;
  /** Fetches online, updates the cache, returns what it wrote; throws the client's typed error. */
  refresh<K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheWrite<CacheDataOf<K>>>;
  /** Refreshes a course's sections in the background when online; failures are ignored. */
  refreshSectionsSoon(courseId: string): void;
  /** Tells screens a row changed in place (keeps its fetch time). */
  changed(key: string, kind: CacheKind): void;
  /** The cached copy of something about to be edited: its detail, else the list or section holding it. */
  cachedCopy(
    resource: 'assessment' | 'lesson' | 'section' | 'course',
    id: string,
    parent: { courseId?: string; sectionId?: string },
  ): Fields | null;
  /** A fresh server copy of an assessment: keep its detail and every list holding it in step. */
  rememberAssessment(id: string, copy: Fields, options?: { inLists?: boolean }): void;
  /** A fresh server copy of a lesson: update the cached sections of its course (gathered a moment, lesson-reads.ts). */
  rememberLesson(courseId: string, sectionId: string, lesson: Fields): void;
  /** Deleted on the server: drop the detail and remove it from cached lists. */
  forgetAssessment(id: string): void;
  /** Courses, sections, lessons and assessments in the cache whose title holds `text`. */
  search(text: string, limit?: number): PaletteHit[];
  /** Courses, assessments and quizzes the server's own search finds (online only; never cached). */
  searchServer(text: string): Promise<ServerSearchResult>;
  /**
   * Readies the palette's search (online only): reads, in the background and one at a time, the
   * outline of every listed course whose outline is not cached yet (outline-reading.ts). Returns how
   * many outlines it is reading; each lands with `cache.updated` (kind `sections`).
   */
  readOutlinesSoon(): number;
  /** Writes the lesson reads gathered so far; resolves once no refresh is under way (before the database closes). */
  settle(): Promise<void>;
}

export function createOfflineCache(options: OfflineCacheOptions): OfflineCache {
  const { client, isOnline, track, isClosed } = options;
  const store = createCacheStore(options.db, { staleAfterMs: options.staleAfterMs, now: options.now });
  const inFlight = new Map<string, Promise<unknown>>();

  const changed = (key: string, kind: CacheKind) =>
    options.onUpdated({ key, kind, fetchedAt: store.read(key).fetchedAt, error: null });

  const write = (query: CacheQuery, data: unknown) => {
    const key = cacheKey(query);
    const read = store.write(key, query.kind, data);
    options.onUpdated({ key, kind: query.kind, fetchedAt: read.fetchedAt, error: null });
    return read;
  };

  const refresh = <K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheWrite<CacheDataOf<K>>> => {
    if (isClosed()) return Promise.reject(serviceClosed());
    const key = cacheKey(query);
    return cachedQuery<CacheDataOf<K>>(
      store,
      {
        key,
        kind: query.kind,
        fetch: async () => {
          const data = await track(fetchQuery(client, query));
          if (isClosed()) throw serviceClosed();
          return (options.overlay ? options.overlay(query, data) : data) as CacheDataOf<K>;
        },
        onUpdated: (read) => options.onUpdated({ key, kind: query.kind, fetchedAt: read.fetchedAt, error: null }),
      },
      inFlight,
    ).refresh();
  };

  /** A detail never opened may still be in a cached list: that copy, marked stale. */
  const detailFromLists = (query: CacheQuery): CacheRead<unknown> | null => {
    const spec =
      query.kind === 'assessment'
        ? { kind: 'assessments', id: query.assessmentId }
        : query.kind === 'course'
          ? { kind: 'courses', id: query.courseId }
          : null;
    if (!spec) return null;
    for (const entry of store.entries(spec.kind)) {
      const item = findInLists([entry], spec.id);
      if (item) return { data: item, fetchedAt: store.read(entry.key).fetchedAt, stale: true };
    }
    return null;
  };

  const outlines = createOutlineReading({ store, refresh, isOnline, isClosed });
  const lessonReads = createLessonReads({
    store,
    written: (key, fetchedAt) => options.onUpdated({ key, kind: 'sections', fetchedAt, error: null }),
    isClosed,
  });

  return {
    store,
    read(query, readOptions) {
      const mode = readOptions?.refresh ?? 'if-stale';
      const key = cacheKey(query);
      const read = store.read<CacheDataOf<typeof query.kind>>(key);
      if (read.data === null) {
        const fromList = detailFromLists(query) as CacheRead<CacheDataOf<typeof query.kind>> | null;
        if (fromList) {
          if (mode !== 'never' && isOnline()) void refresh(query).catch(() => undefined);
          return fromList;
        }
      }
      if ((mode === 'always' || (mode === 'if-stale' && read.stale)) && isOnline()) {
        refresh(query).catch((error: unknown) => {
          if (isClosed()) return;
          options.onUpdated({ key, kind: query.kind, fetchedAt: read.fetchedAt, error: toSyncError(error) });
        });
      }
      return read;
    },
    refresh,
    refreshSectionsSoon(courseId) {
      if (!isClosed() && isOnline()) void refresh({ kind: 'sections', courseId }).catch(() => undefined);
    },
    changed,
    cachedCopy: (resource, id, parent) => behaviourOf(resource).cachedCopy(store, parent, id),
    rememberAssessment(id, copy, rememberOptions) {
      write({ kind: 'assessment', assessmentId: id }, copy);
      if (rememberOptions?.inLists === false) return;
      for (const key of store.replaceInLists('assessments', { ...copy, id })) changed(key, 'assessments');
    },
    rememberLesson: (courseId, sectionId, lesson) => lessonReads.remember(courseId, sectionId, lesson),
    forgetAssessment(id) {
      const detailKey = cacheKey({ kind: 'assessment', assessmentId: id });
      store.delete(detailKey);
      options.onUpdated({ key: detailKey, kind: 'assessment', fetchedAt: null, error: null });
      for (const key of store.removeFromLists('assessments', id)) changed(key, 'assessments');
    },
    search: (text, limit) => searchCache(options.db, text, limit),
    searchServer: (text) =>
      isClosed() ? Promise.resolve({ state: 'offline', hits: [] }) : searchServer({ client, isOnline, track }, text),
    readOutlinesSoon: () => outlines.soon(),
    settle: async () => {
      lessonReads.flush();
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
