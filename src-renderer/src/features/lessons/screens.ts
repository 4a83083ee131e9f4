// Renderer. The lesson editor, the screen of features/lessons (the shell's only way in,
// .dependency-cruiser.cjs), loaded on first visit; and the first read of a course's page, whose
// outline store lives here.
import { startOpeningCourseRead } from './outline.ts';

export const loadLessonEditorScreen = () => import('./LessonEditorScreen.tsx').then((m) => m.LessonEditorScreen);
/**
 * A course page's first read, started by the shell before the page mounts (it then finds it under
 * way, or answered and followed since). The outline's store is small and in the main bundle, so the
 * read needs no code fetched first.
 */
export const startCourseRead = (courseId: string): void => startOpeningCourseRead(courseId);
