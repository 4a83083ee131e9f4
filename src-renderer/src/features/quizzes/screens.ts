// Renderer. The screen of features/quizzes (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
import { useQuizList } from './store.ts';

export const loadQuizzesScreen = () => import('./QuizzesScreen.tsx').then((m) => m.QuizzesScreen);
/**
 * The screen's first read, started by the shell before the screen mounts (it then finds it under
 * way). The list's store is small and in the main bundle, so the read needs no code fetched first.
 * The list is started with its read (the read leaves first), so it follows main's cache from then
 * on: the screen's own start then has nothing to read again. Returns the shell's stop.
 */
export const startQuizzesRead = (): (() => void) => {
  if (useQuizList.getState().status === 'idle') useQuizList.getState().setQuery({ search: '' });
  return useQuizList.start();
};
