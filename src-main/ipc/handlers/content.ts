/**
 * Main process / plain Node. Handlers for browsing content through the offline cache: show the
 * cached copy at once (refreshing in the background when stale), or fetch when nothing is cached
 * so a first visit gets the server's typed error instead of an empty screen.
 */
import type { Cached } from '../../../src-shared/index.ts';
import type { CacheDataOf, CacheKind, CacheQueryOf } from '../../sync/cache-queries.ts';
import type { ProfileSession } from '../../services/profile-session.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

export async function cachedRead<K extends CacheKind>(
  session: ProfileSession,
  query: CacheQueryOf<K>,
  refreshNow = false,
): Promise<Cached<CacheDataOf<K>>> {
  const { sync } = session;
  let read = sync.readCache(query, { refresh: refreshNow ? 'always' : 'if-stale' });
  if (read.data === null) {
    // Nothing cached. Known to be disconnected: say so at once instead of waiting for timeouts.
    if (sync.connectivity().state !== 'online') return offlineAnswer(session, read);
    // Else ask the server now, but stop waiting as soon as the connection is known to be lost
    // (the fetch goes on and fills the cache if it succeeds after all).
    const fetched = await untilDisconnected(session, sync.refreshCache(query));
    if (fetched === 'disconnected') return offlineAnswer(session, read);
    read = fetched;
  }
  const status = sync.connectivity();
  return {
    data: read.data,
    fetchedAt: read.fetchedAt,
    // A refresh asked for is under way: the screen says "refreshing…" until `cache.updated`.
    stale: read.stale || (refreshNow && status.state === 'online'),
    offlineReason: status.state === 'online' ? null : offlineReasonOf(session),
  };
}

function offlineReasonOf(session: ProfileSession): string {
  const status = session.sync.connectivity();
  return status.lastError?.message ?? offlineSentence(status.state);
}

function offlineAnswer<T>(session: ProfileSession, read: { data: T | null; fetchedAt: string | null }): Cached<T> {
  return { data: read.data, fetchedAt: read.fetchedAt, stale: true, offlineReason: offlineReasonOf(session) };
}

/**
 * Resolves with the fetch, or with 'disconnected' once connectivity leaves `online` (a failed
 * attempt flips it at once, long before the client's retries give up). A failure of the fetch
 * itself that lost the connection also answers 'disconnected'; any other failure is thrown.
 */
async function untilDisconnected<T>(session: ProfileSession, fetch: Promise<T>): Promise<T | 'disconnected'> {
  const { sync } = session;
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
    default:
      return 'Not connected.';
  }
}

type ContentChannels =
  | 'categories.list'
  | 'courses.list'
  | 'courses.get'
  | 'quizzes.list'
  | 'assessments.list'
  | 'assessments.get'
  | 'assessments.delete';

export function contentHandlers(services: AppServices): Pick<HandlerTable, ContentChannels> {
  const session = () => services.session();
  return {
    'categories.list': () => cachedRead(session(), { kind: 'categories' }),
    'courses.list': ({ refresh, ...query }) => cachedRead(session(), { kind: 'courses', ...query }, refresh),
    'courses.get': async ({ id }) => {
      const current = session();
      const [course, sections] = await Promise.all([
        cachedRead(current, { kind: 'course', courseId: id }),
        cachedRead(current, { kind: 'sections', courseId: id }),
      ]);
      return {
        data: course.data && sections.data ? { course: course.data, sections: sections.data } : null,
        fetchedAt: olderOf(course.fetchedAt, sections.fetchedAt),
        stale: course.stale || sections.stale,
        offlineReason: course.offlineReason ?? sections.offlineReason,
      };
    },
    'quizzes.list': ({ refresh, ...query }) => cachedRead(session(), { kind: 'quizzes', ...query }, refresh),
    'assessments.list': ({ refresh, ...query }) => cachedRead(session(), { kind: 'assessments', ...query }, refresh),
    // Opening an assessment asks for the server's copy too (`refresh`): a recent cached copy may
    // still predate someone else's change, and the editor must start from the newest.
    'assessments.get': ({ id, refresh }) =>
      cachedRead(session(), { kind: 'assessment', assessmentId: id }, refresh === true),
    'assessments.delete': async ({ id }) => {
      const current = session();
      await current.client.assessments.delete(id);
      current.sync.forgetDeleted('assessment', id);
      return { ok: true as const };
    },
  };
}

function olderOf(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}
