/**
 * Renderer. A feature store for one paged, cached list (courses, quizzes, assessments): pages are
 * read on demand for the rows that come into view, so a list of thousands feels like one long
 * list. Pages come from main's cache at once; while started, `cache.updated` for the list's kind
 * re-reads them, and starting again re-reads what was shown (it may have changed meanwhile).
 */
import type { CacheKind, Cached } from '../../../src-shared/index.ts';
import { createFeatureStore, type FeatureStore } from './feature-store.ts';
import { followCache } from './rereads.ts';

export interface PageData<T> {
  paginator: { count: number; next: string | null; total_pages?: number | undefined };
  results: T[];
}

type PageState = 'loading' | 'waiting' | 'failed';

export interface PagedListState<T, Q> {
  query: Q | null;
  pages: Readonly<Record<number, readonly T[]>>;
  /** Pages asked for and not (yet) answered with data. */
  requested: Readonly<Record<number, PageState>>;
  pageSize: number;
  total: number | null;
  totalPages: number | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
  /** Of the first page: how old the copy is and why it could not be refreshed. */
  fetchedAt: string | null;
  stale: boolean;
  offlineReason: string | null;
  setQuery: (query: Q, options?: { force?: boolean }) => void;
  /** Loads the pages covering rows `from`..`to` (0-based, inclusive). */
  ensureRange: (from: number, to: number) => void;
  /** Ids deleted in this session: their rows say so even if a cached page still lists them. */
  deleted: ReadonlySet<string>;
  markDeleted: (id: string) => void;
  /** A delete undone before it was sent: the row shows again. */
  unmarkDeleted: (id: string) => void;
  /** Re-reads every page shown (after `cache.updated`, or on "Try again"). */
  reread: () => void;
  /** Asks main to fetch the first page from the server now; `cache.updated` then re-reads. */
  refreshNow: () => void;
  reset: () => void;
}

export type PagedListStore<T, Q> = FeatureStore<PagedListState<T, Q>>;

export interface PagedListOptions<T, Q> {
  fetchPage: (query: Q, page: number, pageSize: number, refresh: boolean) => Promise<Cached<PageData<T>>>;
  /** Cache kinds whose `cache.updated` event re-reads this list. */
  kinds: readonly CacheKind[];
  pageSize?: number;
}

const EMPTY = {
  query: null,
  pages: {},
  requested: {},
  total: null,
  totalPages: null,
  status: 'idle' as const,
  error: null,
  deleted: new Set<string>(),
  fetchedAt: null,
  stale: false,
  offlineReason: null,
};

/** The channel input every paged list sends: its page, a trimmed search, and a refresh when asked. */
export function pageInput(page: number, pageSize: number, refresh: boolean, search: string) {
  const term = search.trim();
  return { page, pageSize, ...(refresh ? { refresh: true as const } : {}), ...(term ? { search: term } : {}) };
}

export function itemAt<T>(state: Pick<PagedListState<T, unknown>, 'pages' | 'pageSize'>, index: number): T | undefined {
  const page = Math.floor(index / state.pageSize) + 1;
  return state.pages[page]?.[index % state.pageSize];
}

/** The number of rows the list should show: the server's total once known, else what is loaded. */
export function rowCount(state: Pick<PagedListState<unknown, unknown>, 'total' | 'pages'>): number {
  if (state.total !== null) return state.total;
  return Object.values(state.pages).reduce((sum, page) => sum + page.length, 0);
}

/** What a re-read may change on screen: when it was read, offline or not, and how many pages. */
function shownKey(s: Pick<PagedListState<unknown, unknown>, 'fetchedAt' | 'offlineReason' | 'pages'>): string {
  return `${s.fetchedAt}|${s.offlineReason}|${Object.keys(s.pages).length}`;
}

/** The state once page `page` was read: its rows, or (nothing cached yet) waiting for main. */
function pageArrived<T, Q>(
  s: PagedListState<T, Q>,
  page: number,
  read: Cached<PageData<T>>,
): Partial<PagedListState<T, Q>> {
  const requested = { ...s.requested };
  const pages = { ...s.pages };
  const meta = page === 1 ? { fetchedAt: read.fetchedAt, stale: read.stale, offlineReason: read.offlineReason } : {};
  if (read.data) {
    delete requested[page];
    pages[page] = read.data.results;
    return {
      ...meta,
      pages,
      requested,
      total: read.data.paginator.count,
      totalPages: read.data.paginator.total_pages ?? (read.data.paginator.next === null ? page : page + 1),
      status: 'ready',
      error: null,
    };
  }
  // Nothing cached yet: main is fetching it and will say so with `cache.updated`.
  requested[page] = read.offlineReason ? 'failed' : 'waiting';
  return { ...meta, requested, status: page === 1 && read.offlineReason ? 'ready' : s.status };
}

/** The state once reading page `page` failed; the list shows the error only when it has nothing. */
function pageFailed<T, Q>(s: PagedListState<T, Q>, page: number, error: unknown): Partial<PagedListState<T, Q>> {
  return {
    requested: { ...s.requested, [page]: 'failed' },
    ...(page === 1 && !s.pages[1] ? { status: 'error' as const, error } : {}),
  };
}

export function createPagedList<T, Q>(options: PagedListOptions<T, Q>): PagedListStore<T, Q> {
  const pageSize = options.pageSize ?? 100;
  let generation = 0;
  const rereads = followCache(options.kinds, {
    reread: () => store.getState().reread(),
    shown: () => shownKey(store.getState()),
    offline: () => store.getState().offlineReason !== null,
    unsettled: () => Object.values(store.getState().requested).some((r) => r === 'waiting'),
  });

  const store: PagedListStore<T, Q> = createFeatureStore<PagedListState<T, Q>>(
    (set, get) => {
      const load = (page: number, gen: number, refresh = false): void => {
        const query = get().query;
        if (query === null) return;
        set((s) => ({ requested: { ...s.requested, [page]: 'loading' } }));
        options.fetchPage(query, page, pageSize, refresh).then(
          (read) => {
            if (gen === generation) set((s) => pageArrived(s, page, read));
          },
          (error: unknown) => {
            if (gen === generation) set((s) => pageFailed(s, page, error));
          },
        );
      };

      return {
        ...EMPTY,
        pageSize,
        setQuery(query, opts) {
          const current = get();
          if (!opts?.force && current.status !== 'idle' && JSON.stringify(current.query) === JSON.stringify(query))
            return;
          generation++;
          rereads.calm();
          set((s) => ({ ...EMPTY, deleted: s.deleted, query, status: 'loading' }));
          load(1, generation);
        },
        ensureRange(from, to) {
          const s = get();
          if (s.query === null || s.status === 'idle') return;
          const last = s.totalPages ?? 1;
          const first = Math.max(1, Math.floor(Math.max(0, from) / pageSize) + 1);
          const end = Math.min(last, Math.floor(Math.max(0, to) / pageSize) + 1);
          for (let page = first; page <= end; page++) {
            if (!s.pages[page] && !s.requested[page]) load(page, generation);
          }
        },
        reread() {
          const s = get();
          if (s.query === null) return;
          const shown = new Set<number>([1]);
          for (const key of Object.keys(s.pages)) shown.add(Number(key));
          for (const key of Object.keys(s.requested)) shown.add(Number(key));
          for (const page of shown) load(page, generation);
        },
        refreshNow() {
          if (get().query === null) return;
          // The user asked: a quiet spell from re-reads that changed nothing must not hide the answer.
          rereads.calm();
          load(1, generation, true);
        },
        markDeleted: (id) => set((s) => ({ deleted: new Set([...s.deleted, id]) })),
        unmarkDeleted: (id) => set((s) => ({ deleted: new Set([...s.deleted].filter((d) => d !== id)) })),
        reset() {
          generation++;
          set({ ...EMPTY, deleted: new Set() });
        },
      };
    },
    {
      load(self) {
        const { status, reread } = self.getState();
        if (status === 'ready' || status === 'error') reread();
      },
      subscribe: rereads.subscribe,
      reset: (self) => self.getState().reset(),
    },
  );
  return store;
}
