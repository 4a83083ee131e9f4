// Renderer. The screens of features/assessments (the shell's only way in, .dependency-cruiser.cjs),
// each loaded on first visit.
import { useAssessmentList } from './store.ts';

export const loadAssessmentsScreen = () => import('./AssessmentsScreen.tsx').then((m) => m.AssessmentsScreen);
export const loadAssessmentEditorScreen = () =>
  import('./AssessmentEditorScreen.tsx').then((m) => m.AssessmentEditorScreen);
export const loadNewAssessmentScreen = () => import('./NewAssessmentScreen.tsx').then((m) => m.NewAssessmentScreen);
/**
 * The list's first read, started by the shell before the screen mounts (it then finds it under
 * way). The list's store is small and in the main bundle, so the read needs no code fetched first.
 * The list is started with its read (the read leaves first), so it follows main's cache from then
 * on: the screen's own start then has nothing to read again. Returns the shell's stop.
 */
export const startAssessmentsRead = (courseId: string | null): (() => void) => {
  const list = useAssessmentList.getState();
  if (list.status === 'idle') list.setQuery({ search: '', status: null, courseId });
  return useAssessmentList.start();
};
