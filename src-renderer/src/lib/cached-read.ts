/**
 * Renderer. A feature store for one cached read at a time (categories, a course with its
 * sections, an assessment): the copy from main's cache is shown at once with its age, and while
 * started, `cache.updated` for the read's kinds re-reads it. Only what one screen shows is kept.
 * Screens load with `force` when they open, so what changed while nobody looked is read again.
 */
import type { CacheKind, Cached } from '../../../src-shared/index.ts';
import { createFeatureStore, type FeatureStore } from './feature-store.ts';
import { followCache } from './rereads.ts';

export interface CachedReadState<T, P> {
  param: P | null;
  data: T | null;
  fetchedAt: string | null;
  stale: boolean;
  offlineReason: string | null;
  /** `waiting`: nothing cached yet, main is fetching it. */
  status: 'idle' | 'loading' | 'waiting' | 'ready' | 'error';
  error: unknown;
  load: (param: P, options?: { force?: boolean }) => void;
  reread: () => void;
  /** Changes the data shown locally (e.g. a deleted row), until the next read. */
  patch: (update: (data: T) => T) => void;
  /**
   * Changes the data shown locally while `work` (main applying the same change) is under way: a
   * read begun before `work` settles may predate the change, so it is dropped and read again after.
   */
  patchWhile: (update: (data: T) => T, work: Promise<unknown>) => void;
  reset: () => void;
}

export type CachedReadStore<T, P> = FeatureStore<CachedReadState<T, P>>;

const EMPTY = {
  param: null,
  data: null,
  fetchedAt: null,
  stale: false,
  offlineReason: null,
  status: 'idle' as const,
  error: null,
};

/** What a re-read may change on screen (null while nothing is asked for). */
function shownKey(s: Pick<CachedReadState<unknown, unknown>, 'param' | 'fetchedAt' | 'offlineReason' | 'status'>) {
  return s.param === null ? null : `${s.fetchedAt}|${s.offlineReason}|${s.status}`;
}

/** Nothing cached and online: main is fetching it and will say so with `cache.updated`. */
function statusOf(result: Cached<unknown>): 'ready' | 'waiting' {
  return result.data !== null || result.offlineReason ? 'ready' : 'waiting';
}

export function createCachedRead<T, P>(options: {
  /** `opening`: the screen was just opened (or Retry pressed), not a re-read after an event. */
  fetch: (param: P, how: { opening: boolean }) => Promise<Cached<T>>;
  kinds: readonly CacheKind[];
}): CachedReadStore<T, P> {
  let generation = 0;
  /** Local changes main has not confirmed yet, and a counter of them for reads to compare. */
  let holding = 0;
  let holds = 0;
  let dropped = false;
  const rereads = followCache(options.kinds, {
    reread: () => store.getState().reread(),
    shown: () => shownKey(store.getState()),
    offline: () => store.getState().offlineReason !== null,
  });

  const store: CachedReadStore<T, P> = createFeatureStore<CachedReadState<T, P>>(
    (set, get) => {
      const read = (param: P, gen: number, opening = false) => {
        const holdsBefore = holds;
        options.fetch(param, { opening }).then(
          (result) => {
            if (gen !== generation) return;
            if (holding > 0 || holds !== holdsBefore) {
              dropped = true; // older than a local change: read again once main has it
              if (holding === 0) get().reread();
              return;
            }
            set({ ...result, data: result.data ?? get().data, status: statusOf(result), error: null });
          },
          (error: unknown) => {
            if (gen !== generation) return;
            // Keep showing what we had; the error is shown beside it.
            set({ status: get().data !== null ? 'ready' : 'error', error });
          },
        );
      };
      return {
        ...EMPTY,
        load(param, opts) {
          const same = JSON.stringify(param) === JSON.stringify(get().param);
          // Forced while nothing is shown yet: the opening read on its way (the app's early read) is as fresh.
          if (same && (!opts?.force || get().status === 'loading') && !['idle', 'error'].includes(get().status)) return;
          generation++;
          rereads.calm();
          if (same) set({ status: get().data ? get().status : 'loading', error: null });
          else set({ ...EMPTY, param, status: 'loading' });
          read(param, generation, true);
        },
        reread() {
          const { param } = get();
          if (param !== null) read(param, generation);
        },
        patch(update) {
          const { data } = get();
          if (data !== null) set({ data: update(data) });
        },
        patchWhile(update, work) {
          holding++;
          holds++;
          get().patch(update);
          const gen = generation;
          void work
            .catch(() => undefined)
            .finally(() => {
              holding--;
              if (holding > 0 || !dropped || gen !== generation) return;
              dropped = false;
              get().reread();
            });
        },
        reset() {
          generation++;
          dropped = false;
          set({ ...EMPTY });
        },
      };
    },
    {
      subscribe: rereads.subscribe,
      reset: (self) => self.getState().reset(),
    },
  );
  return store;
}
