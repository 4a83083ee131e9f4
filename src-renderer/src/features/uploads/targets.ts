/**
 * Renderer. Where uploaded videos go: the chosen course's sections with their lessons, read
 * through the cache for the Uploads screen's pickers. The course list itself comes from the one
 * source of course names (`courses/names.ts`).
 */
import type { Section } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { createFeatureStore, type FeatureStore } from '../../lib/feature-store.ts';

interface TargetsState {
  sections: Record<string, Section[]>;
  sectionsStatus: Record<string, 'loading' | 'ready' | 'error'>;
  /** Why a course's sections could not be read; the Section picker says so. */
  sectionsError: Record<string, unknown>;
  loadSections: (courseId: string) => Promise<void>;
}

export const useUploadTargets: FeatureStore<TargetsState> = createFeatureStore<TargetsState>((set) => ({
  sections: {},
  sectionsStatus: {},
  sectionsError: {},
  async loadSections(courseId) {
    const generation = useUploadTargets.generation();
    set((s) => ({ sectionsStatus: { ...s.sectionsStatus, [courseId]: 'loading' } }));
    try {
      const read = await call((b) => b.courses.get({ id: courseId }));
      if (generation !== useUploadTargets.generation()) return;
      const sections = [...(read.data?.sections ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
      set((s) => ({
        sections: { ...s.sections, [courseId]: sections },
        sectionsStatus: { ...s.sectionsStatus, [courseId]: 'ready' },
        sectionsError: { ...s.sectionsError, [courseId]: null },
      }));
    } catch (error) {
      if (generation !== useUploadTargets.generation()) return;
      set((s) => ({
        sectionsStatus: { ...s.sectionsStatus, [courseId]: 'error' },
        sectionsError: { ...s.sectionsError, [courseId]: error },
      }));
    }
  },
}));
