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
 */
export const startAssessmentsRead = (courseId: string | null): void => {
  const list = useAssessmentList.getState();
  if (list.status === 'idle') list.setQuery({ search: '', status: null, courseId });
};
