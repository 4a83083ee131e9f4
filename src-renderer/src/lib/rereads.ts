/**
 * Renderer. How a cached view follows main's cache (used by the paged-list and cached-read
 * factories): it reads again when `cache.updated` names one of its kinds, and once back online
 * when it had to say "offline". Re-reads that change nothing three times in a row stop for 20 s,
 * so a busy sync of other items does not keep a screen re-reading the same answer; a change named
 * during that spell is read once when it ends, never dropped.
 */
import type { CacheKind } from '../../../src-shared/index.ts';
import { onCacheUpdated, onEvent } from './events.ts';

const IDLE_REREADS_BEFORE_QUIET = 3;
const QUIET_MS = 20_000;
/** How long after a re-read its outcome is compared with what was shown before. */
const SETTLE_MS = 1_000;

export interface RereadTarget {
  /** Reads again what the view shows. */
  reread: () => void;
  /** What the view shows, as a comparable key; null while there is nothing to read again. */
  shown: () => string | null;
  /** True while the view says "offline". */
  offline: () => boolean;
  /** True while part of the view is still on its way: a re-read then never counts as idle. */
  unsettled?: () => boolean;
}

export interface Rereads {
  /** The subscriptions, for a feature store's `subscribe`. */
  subscribe: () => (() => void)[];
  /** Forgets the quiet spell: the user asked, or the view now shows something else. */
  calm: () => void;
}

export function followCache(kinds: readonly CacheKind[], target: RereadTarget): Rereads {
  let idleRereads = 0;
  let quietUntil = 0;
  let readAfterQuiet: ReturnType<typeof setTimeout> | null = null;
  const cancelReadAfterQuiet = () => {
    if (readAfterQuiet !== null) clearTimeout(readAfterQuiet);
    readAfterQuiet = null;
  };
  return {
    calm() {
      idleRereads = 0;
      quietUntil = 0;
      cancelReadAfterQuiet();
    },
    subscribe: () => [
      onCacheUpdated(kinds, () => {
        const before = target.shown();
        if (before === null) return;
        const quietFor = quietUntil - Date.now();
        if (quietFor > 0) {
          readAfterQuiet ??= setTimeout(() => {
            readAfterQuiet = null;
            if (target.shown() !== null) target.reread();
          }, quietFor);
          return;
        }
        const unsettled = target.unsettled?.() ?? false;
        target.reread();
        setTimeout(() => {
          if (target.shown() !== before || unsettled) idleRereads = 0;
          else if (++idleRereads >= IDLE_REREADS_BEFORE_QUIET) quietUntil = Date.now() + QUIET_MS;
        }, SETTLE_MS);
      }),
      onEvent('sync.status', (status) => {
        if (status.state === 'online' && target.offline()) target.reread();
      }),
      cancelReadAfterQuiet,
    ],
  };
}
