/**
 * Renderer. Quizzes of one course and/or one status. The server's quiz list can only be searched,
 * so a filtered view reads every page (100 at a time, through main's cache, so it works offline
 * for pages seen before) and keeps the quizzes that match, saying how far it has looked.
 */
import type { Quiz } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createFeatureStore } from '../../lib/feature-store.ts';

export interface QuizFilter {
  search: string;
  courseId: string | null;
  status: string | null;
}

interface FilterState {
  filter: QuizFilter | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  scanned: number;
  total: number | null;
  matches: Quiz[];
  error: unknown;
  run: (filter: QuizFilter) => void;
  clear: () => void;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 500;
let generation = 0;

export function matchesFilter(quiz: Quiz, filter: QuizFilter): boolean {
  if (filter.courseId && quiz.lesson?.course_id !== filter.courseId) return false;
  if (filter.status && quiz.status !== filter.status) return false;
  return true;
}

export const useQuizFilter = createFeatureStore<FilterState>(
  (set) => ({
    filter: null,
    status: 'idle',
    scanned: 0,
    total: null,
    matches: [],
    error: null,
    run(filter) {
      const mine = ++generation;
      set({ filter, status: 'loading', scanned: 0, total: null, matches: [], error: null });
      void (async () => {
        try {
          for (let page = 1; page <= MAX_PAGES; page++) {
            const term = filter.search.trim();
            const read = await call((b) =>
              b.quizzes.list({ page, pageSize: PAGE_SIZE, ...(term ? { search: term } : {}) }),
            );
            if (mine !== generation) return;
            const results = read.data?.results ?? [];
            const total = read.data?.paginator.count ?? results.length;
            set((s) => ({
              scanned: s.scanned + results.length,
              total,
              matches: [...s.matches, ...results.filter((q) => matchesFilter(q, filter))],
            }));
            if (results.length === 0 || page >= (read.data?.paginator.total_pages ?? page)) break;
          }
          if (mine === generation) set({ status: 'ready' });
        } catch (error) {
          if (mine === generation) set({ status: 'error', error });
        }
      })();
    },
    clear() {
      generation++;
      set({ filter: null, status: 'idle', scanned: 0, total: null, matches: [], error: null });
    },
  }),
  // Clearing also drops the pages still being scanned for the workspace switched away from.
  { reset: (store) => store.getState().clear() },
);
