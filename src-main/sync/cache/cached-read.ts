// Main process / plain Node. What a screen gets when it browses content: the cached copy at once
// (refreshing in the background when stale), or a fetch when nothing is cached so a first visit
// gets the server's typed error instead of an empty screen, and why it is offline when it is.
import { connectionSentence, withTechnical } from '../../../src-shared/connection-words.ts';
import { t } from '../../i18n/index.ts';
import type { ConnectivityStatus } from '../connectivity.ts';
import type { CacheDataOf, CacheKind, CacheQueryOf } from './queries.ts';
import type { CacheRead } from './store.ts';
import type { RefreshMode } from './offline-cache.ts';

/** A cached read as screens show it (the `Cached<T>` of the IPC contract). */
export interface CachedAnswer<T> {
  data: T | null;
  fetchedAt: string | null;
  /** A refresh is due or under way: the screen says "refreshing…" until `cache.updated`. */
  stale: boolean;
  /** Why the copy may be old (not online); null when online. */
  offlineReason: string | null;
}

/** The parts of the sync service a cached read needs. */
export interface CacheReader {
  readCache<K extends CacheKind>(
    query: CacheQueryOf<K>,
    options?: { refresh?: RefreshMode },
  ): CacheRead<CacheDataOf<K>>;
  refreshCache<K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheRead<CacheDataOf<K>>>;
  connectivity(): ConnectivityStatus;
  onConnectivityChange(listener: (status: ConnectivityStatus) => void): () => void;
}

export async function cachedRead<K extends CacheKind>(
  sync: CacheReader,
  query: CacheQueryOf<K>,
  refreshNow = false,
): Promise<CachedAnswer<CacheDataOf<K>>> {
  let read = sync.readCache(query, { refresh: refreshNow ? 'always' : 'if-stale' });
  if (read.data === null) {
    // Nothing cached. Known to be disconnected: say so at once instead of waiting for timeouts.
    if (sync.connectivity().state !== 'online') return offlineAnswer(sync, read);
    // Else ask the server now, but stop waiting as soon as the connection is known to be lost
    // (the fetch goes on and fills the cache if it succeeds after all).
    const fetched = await untilDisconnected(sync, sync.refreshCache(query));
    if (fetched === 'disconnected') return offlineAnswer(sync, read);
    read = fetched;
  }
  const status = sync.connectivity();
  return {
    data: read.data,
    fetchedAt: read.fetchedAt,
    stale: read.stale || (refreshNow && status.state === 'online'),
    offlineReason: status.state === 'online' ? null : offlineReasonOf(sync),
  };
}

/** A course with its sections (two cached reads shown as one): the older time, either's reason. */
export async function cachedCourse(
  sync: CacheReader,
  courseId: string,
): Promise<CachedAnswer<{ course: CacheDataOf<'course'>; sections: CacheDataOf<'sections'> }>> {
  const [course, sections] = await Promise.all([
    cachedRead(sync, { kind: 'course', courseId }),
    cachedRead(sync, { kind: 'sections', courseId }),
  ]);
  return {
    data: course.data && sections.data ? { course: course.data, sections: sections.data } : null,
    fetchedAt: olderOf(course.fetchedAt, sections.fetchedAt),
    stale: course.stale || sections.stale,
    offlineReason: course.offlineReason ?? sections.offlineReason,
  };
}

function offlineReasonOf(sync: CacheReader): string {
  const status = sync.connectivity();
  const error = status.lastError;
  if (!error) return offlineSentence(status.state);
  // A timeout's own words are for engineers ("Connect timed out: GET /…"): the sentence says it for
  // people, and the screen keeps those words behind "Details" (connection-words.ts).
  if (error.kind === 'Timeout') return withTechnical(connectionSentence('ETIMEDOUT', t), `TIMEOUT: ${error.message}`);
  return error.message;
}

function offlineAnswer<T>(sync: CacheReader, read: { data: T | null; fetchedAt: string | null }): CachedAnswer<T> {
  return { data: read.data, fetchedAt: read.fetchedAt, stale: true, offlineReason: offlineReasonOf(sync) };
}

/**
 * Resolves with the fetch, or with 'disconnected' once connectivity leaves `online` (a failed
 * attempt flips it at once, long before the client's retries give up). A failure of the fetch
 * itself that lost the connection also answers 'disconnected'; any other failure is thrown.
 */
async function untilDisconnected<T>(sync: CacheReader, fetch: Promise<T>): Promise<T | 'disconnected'> {
  let off: () => void = () => undefined;
  const lost = new Promise<'disconnected'>((resolve) => {
    off = sync.onConnectivityChange((status) => {
      if (status.state !== 'online') resolve('disconnected');
    });
  });
  try {
    return await Promise.race([fetch, lost]);
  } catch (error) {
    if (sync.connectivity().state !== 'online') return 'disconnected';
    throw error;
  } finally {
    off();
  }
}

function offlineSentence(state: string): string {
  switch (state) {
    case 'offline':
      return 'You are offline.';
    case 'unreachable':
      return 'The server cannot be reached.';
    case 'key-rejected':
      return 'The server no longer accepts this workspace’s key.';
    case 'key-unavailable':
      return 'This workspace’s key cannot be read from your system keychain.';
    default:
      return 'Not connected.';
  }
}

function olderOf(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}
