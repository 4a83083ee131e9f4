// Renderer. The screen of features/quizzes (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
export const loadQuizzesScreen = () => import('./QuizzesScreen.tsx').then((m) => m.QuizzesScreen);
/** The screen's first read, started by the shell before the screen mounts (it then finds it under way). */
export const startQuizzesRead = () =>
  import('./store.ts').then((m) => {
    if (m.useQuizList.getState().status === 'idle') m.useQuizList.getState().setQuery({ search: '' });
  });
