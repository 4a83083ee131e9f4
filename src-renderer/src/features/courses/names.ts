/**
 * Renderer. Course and section names for rows that only carry ids (a quiz knows its lesson's
 * section_id and course_id). Looked up lazily, only for rows in view, through the cached course
 * read, and kept as names only.
 */
import { create } from 'zustand';
import { call } from '../../bridge.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

export interface CourseNames {
  name: string;
  sections: Record<string, string>;
}

interface NamesState {
  courses: Record<string, CourseNames | 'loading' | 'missing'>;
  ensure: (courseIds: Iterable<string>) => void;
}

export const useCourseNames = create<NamesState>()((set, get) => ({
  courses: {},
  ensure(courseIds) {
    for (const id of new Set(courseIds)) {
      if (get().courses[id] !== undefined) continue;
      set((s) => ({ courses: { ...s.courses, [id]: 'loading' } }));
      call((b) => b.courses.get({ id })).then(
        (read) => {
          const data = read.data;
          const entry: CourseNames | 'missing' = data
            ? {
                name: data.course.name ?? '—',
                sections: Object.fromEntries(data.sections.map((s) => [s.id, s.title ?? '—'])),
              }
            : 'missing';
          set((s) => ({ courses: { ...s.courses, [id]: entry } }));
        },
        () => set((s) => ({ courses: { ...s.courses, [id]: 'missing' } })),
      );
    }
  },
}));

onWorkspaceSwitch(() => useCourseNames.setState({ courses: {} }));
