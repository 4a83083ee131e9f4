// Main process / plain Node. Readies the command palette's search: the outline (sections and
// lessons) of every listed course not cached yet is read in the background, one course after
// another, so a lesson of a course never opened is found. A light load on the server: one reading
// at a time, stopped by close or by going offline.
import { cacheKey } from './queries.ts';
import type { CacheStore } from './store.ts';
import type { Fields } from '../merge.ts';

export interface OutlineReading {
  /**
   * Starts reading the missing outlines (online only), the courses' first page first when no list
   * is cached. Returns how many outlines it is reading (0 when none are missing or a reading is
   * already under way); each lands through `refresh` like any other read.
   */
  soon(): number;
}

export interface OutlineReadingDeps {
  store: CacheStore;
  /** The offline cache's refresh (it writes the answer in and tells the screens). */
  refresh: (query: { kind: 'courses' } | { kind: 'sections'; courseId: string }) => Promise<unknown>;
  isOnline: () => boolean;
  isClosed: () => boolean;
}

/** At most this many outlines per palette opening (the first pages a person has listed). */
const MAX_OUTLINES_READ = 100;

export function createOutlineReading({ store, refresh, isOnline, isClosed }: OutlineReadingDeps): OutlineReading {
  let reading: Promise<unknown> | null = null;

  const readOutlines = async (courseIds: string[]) => {
    for (const courseId of courseIds.slice(0, MAX_OUTLINES_READ)) {
      if (isClosed() || !isOnline()) return;
      await refresh({ kind: 'sections', courseId }).catch(() => undefined);
    }
  };

  return {
    soon() {
      if (isClosed() || !isOnline() || reading) return 0;
      const missing = coursesWithoutOutline(store);
      if (store.entries('courses').length === 0) {
        reading = refresh({ kind: 'courses' })
          .then(() => readOutlines(coursesWithoutOutline(store)))
          .catch(() => undefined)
          .finally(() => (reading = null));
        return 1;
      }
      if (missing.length === 0) return 0;
      reading = readOutlines(missing).finally(() => (reading = null));
      return missing.length;
    },
  };
}

/** Course ids in cached course lists (and details) whose sections are not cached. */
function coursesWithoutOutline(store: CacheStore): string[] {
  const ids = new Set<string>();
  for (const { data } of [...store.entries('courses'), ...store.entries('course')]) {
    const results = (data as { results?: unknown } | null)?.results;
    const items = Array.isArray(results) ? results : [data];
    for (const item of items as Fields[]) if (typeof item?.id === 'string') ids.add(item.id);
  }
  return [...ids].filter((id) => !store.has(cacheKey({ kind: 'sections', courseId: id })));
}
