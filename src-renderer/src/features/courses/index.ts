// Renderer. The entry of features/courses: what other features may use of it (eslint: the only way in).
export { useCourseNames } from './names.ts';
