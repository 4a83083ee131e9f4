// Renderer. The screen of features/quizzes (the shell's only way in, .dependency-cruiser.cjs),
// loaded on first visit.
export const loadQuizzesScreen = () => import('./QuizzesScreen.tsx').then((m) => m.QuizzesScreen);
