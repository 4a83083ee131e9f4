// Renderer. The lesson editor, the screen of features/lessons (the shell's only way in,
// .dependency-cruiser.cjs), loaded on first visit.
export const loadLessonEditorScreen = () => import('./LessonEditorScreen.tsx').then((m) => m.LessonEditorScreen);
