/**
 * Renderer. Where uploaded videos go: the course list (names only, all pages) and the chosen
 * course's sections with their lessons, read through the cache for the Uploads screen's pickers.
 */
import { create } from 'zustand';
import type { Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

interface TargetsState {
  courses: { id: string; name: string }[];
  coursesStatus: 'idle' | 'loading' | 'ready' | 'error';
  coursesError: unknown;
  sections: Record<string, Section[]>;
  sectionsStatus: Record<string, 'loading' | 'ready' | 'error'>;
  loadCourses: () => Promise<void>;
  loadSections: (courseId: string) => Promise<void>;
}

export const useUploadTargets = create<TargetsState>()((set, get) => ({
  courses: [],
  coursesStatus: 'idle',
  coursesError: null,
  sections: {},
  sectionsStatus: {},
  async loadCourses() {
    if (get().coursesStatus === 'loading') return;
    set({ coursesStatus: 'loading' });
    try {
      const courses: { id: string; name: string }[] = [];
      for (let page = 1; page <= 100; page++) {
        const read = await call((b) => b.courses.list({ page, pageSize: 100 }));
        if (!read.data) break;
        courses.push(...read.data.results.map((c) => ({ id: c.id, name: c.name ?? c.id })));
        if (read.data.paginator.next === null) break;
      }
      courses.sort((a, b) => a.name.localeCompare(b.name));
      set({ courses, coursesStatus: 'ready', coursesError: null });
    } catch (error) {
      set({ coursesStatus: 'error', coursesError: error });
    }
  },
  async loadSections(courseId) {
    set((s) => ({ sectionsStatus: { ...s.sectionsStatus, [courseId]: 'loading' } }));
    try {
      const read = await call((b) => b.courses.get({ id: courseId }));
      const sections = [...(read.data?.sections ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      set((s) => ({
        sections: { ...s.sections, [courseId]: sections },
        sectionsStatus: { ...s.sectionsStatus, [courseId]: 'ready' },
      }));
    } catch {
      set((s) => ({ sectionsStatus: { ...s.sectionsStatus, [courseId]: 'error' } }));
    }
  },
}));

onWorkspaceSwitch(() =>
  useUploadTargets.setState({ courses: [], coursesStatus: 'idle', sections: {}, sectionsStatus: {} }),
);
