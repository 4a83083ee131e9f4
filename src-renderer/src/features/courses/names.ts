/**
 * Renderer. The one source of course names, for every screen that shows courses it does not list
 * itself: the course pickers (new assessment, the quiz filter, the upload target) share one list
 * of every course, read through the cache when a picker starts the store; rows that only carry
 * ids (a quiz knows its lesson's section_id and course_id) look up their course and section
 * names lazily, only for rows in view, through the cached course read, and keep names only.
 */
import { call } from '../../bridge.ts';
import { createFeatureStore, type FeatureStore } from '../../lib/feature-store.ts';

export interface CourseNames {
  name: string;
  sections: Record<string, string>;
}

export interface CourseChoice {
  id: string;
  name: string;
}

interface NamesState {
  /** Every course, in the server's order, for pickers. */
  choices: CourseChoice[];
  choicesStatus: 'idle' | 'loading' | 'ready' | 'error';
  choicesError: unknown;
  /** The list is the copy last seen: main could not reach the server. */
  choicesOffline: boolean;
  loadChoices: () => Promise<void>;
  /** Names by course id, for rows; `loading` while asked, `missing` when nothing could be read. */
  courses: Record<string, CourseNames | 'loading' | 'missing'>;
  ensure: (courseIds: Iterable<string>) => void;
}

const PAGE_SIZE = 100;
const MAX_PAGES = 100;

export const useCourseNames: FeatureStore<NamesState> = createFeatureStore<NamesState>(
  (set, get) => {
    let choicesRun = 0;
    return {
      choices: [],
      choicesStatus: 'idle',
      choicesError: null,
      choicesOffline: false,
      async loadChoices() {
        const run = ++choicesRun;
        const generation = useCourseNames.generation();
        const current = () => run === choicesRun && generation === useCourseNames.generation();
        // What was read before stays in the picker while it is read again.
        if (get().choicesStatus !== 'ready') set({ choicesStatus: 'loading' });
        try {
          const choices: CourseChoice[] = [];
          let offline = false;
          for (let page = 1; page <= MAX_PAGES; page++) {
            const read = await call((b) => b.courses.list({ page, pageSize: PAGE_SIZE }));
            if (!current()) return; // a newer read (or another workspace) answers instead
            if (page === 1) offline = read.offlineReason !== null;
            if (!read.data) break;
            choices.push(...read.data.results.map((c) => ({ id: c.id, name: c.name || 'Untitled course' })));
            if (read.data.paginator.next === null) break;
          }
          if (!current()) return;
          set({ choices, choicesStatus: 'ready', choicesError: null, choicesOffline: offline });
        } catch (error) {
          if (!current()) return;
          set({ choicesStatus: get().choicesStatus === 'ready' ? 'ready' : 'error', choicesError: error });
        }
      },
      courses: {},
      ensure(courseIds) {
        for (const id of new Set(courseIds)) {
          if (get().courses[id] !== undefined) continue;
          set((s) => ({ courses: { ...s.courses, [id]: 'loading' } }));
          // A name read for the workspace switched away from is not shown in the next one.
          const generation = useCourseNames.generation();
          call((b) => b.courses.get({ id })).then(
            (read) => {
              if (generation !== useCourseNames.generation()) return;
              const data = read.data;
              const entry: CourseNames | 'missing' = data
                ? {
                    name: data.course.name ?? '—',
                    sections: Object.fromEntries(data.sections.map((s) => [s.id, s.title ?? '—'])),
                  }
                : 'missing';
              set((s) => ({ courses: { ...s.courses, [id]: entry } }));
            },
            () => {
              if (generation === useCourseNames.generation())
                set((s) => ({ courses: { ...s.courses, [id]: 'missing' } }));
            },
          );
        }
      },
    };
  },
  // A picker on screen reads the list when it opens; rows ask for their names themselves.
  { load: (store) => store.getState().loadChoices() },
);
