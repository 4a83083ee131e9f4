// Renderer. The screens of features/courses (the shell's only way in, .dependency-cruiser.cjs): the
// course list is the opening screen, so it is in the main bundle; a course's page loads on first visit.
export { CoursesScreen } from './CoursesScreen.tsx';
export const loadCourseDetailScreen = () => import('./CourseDetailScreen.tsx').then((m) => m.CourseDetailScreen);
