/**
 * Renderer. How old the shown copy is: "Updated 3 min ago", "Refreshing…", or, when a refresh
 * failed, "Offline — showing the copy from 10:42". Screens show cached data at once and this
 * line tells the truth about it.
 */
import { splitTechnical } from '../../../src-shared/connection-words.ts';
import { useSync } from '../lib/sync-status.ts';
import { useNow } from '../lib/clock.ts';
import { formatAge, formatClock } from '../lib/format.ts';
import { t } from '../lib/i18n.ts';

export interface CacheNoteProps {
  fetchedAt: string | null;
  stale: boolean;
  offlineReason: string | null;
  /** Re-reads the copy; offered (after a connection check) only while offline. */
  onRefresh?: () => void;
  /** Fetches from the server now; offered while online and the copy is not already refreshing. */
  onRefreshNow?: () => void;
}

export function CacheNote({ fetchedAt, stale, offlineReason, onRefresh, onRefreshNow }: CacheNoteProps) {
  const now = useNow();
  const connection = useSync((s) => s.status?.state ?? 'online');
  // No copy shown: the screen's own state (loading, offline, error) says why, and only it.
  if (!fetchedAt) return null;
  let text: string;
  let tone = 'fresh';
  if (offlineReason || connection !== 'online') {
    // Never a green "Updated just now" beside the status bar's "Server unreachable".
    tone = 'offline';
    text = `Offline — showing the copy from ${formatClock(fetchedAt, now)}`;
  } else if (stale) {
    text = `Updated ${formatAge(fetchedAt, now)} · refreshing…`;
  } else {
    text = `Updated ${formatAge(fetchedAt, now)}`;
  }
  return (
    <p
      className={`cache-note cache-note--${tone}`}
      data-testid="cache-note"
      // Why, in words; the code and request are for Details on the screens that fail, not a tooltip.
      title={offlineReason ? splitTechnical(offlineReason).sentence : undefined}
    >
      <span className="cache-dot" aria-hidden="true" />
      <span>{text}</span>
      {onRefresh && offlineReason && (
        // Stale copies refresh by themselves when online; offline, the user can ask to try again.
        <button
          type="button"
          className="button button--link"
          onClick={() => void useSync.getState().checkNow().then(onRefresh)}
        >
          {t({ id: 'components.cacheNote.tryAgain', defaultMessage: 'Try again' })}
        </button>
      )}
      {onRefreshNow && !offlineReason && !stale && (
        <button type="button" className="button button--link" onClick={onRefreshNow} data-testid="refresh-now">
          {t({ id: 'components.cacheNote.refresh', defaultMessage: 'Refresh' })}
        </button>
      )}
    </p>
  );
}

/** The cache line of a paged list screen; nothing until the list has started loading. */
export function ListCacheNote({
  list,
}: {
  list: {
    status: string;
    fetchedAt: string | null;
    stale: boolean;
    offlineReason: string | null;
    reread: () => void;
    refreshNow: () => void;
  };
}) {
  if (list.status === 'idle') return null;
  return (
    <CacheNote
      fetchedAt={list.fetchedAt}
      stale={list.stale}
      offlineReason={list.offlineReason}
      onRefresh={list.reread}
      onRefreshNow={list.refreshNow}
    />
  );
}
