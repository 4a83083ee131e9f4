// Renderer. The entry of features/courses: what the shell and other features use of it (the only
// way in, .dependency-cruiser.cjs; its screens are in screens.ts).
export { useCourseNames } from './names.ts';
export { DEFAULT_COURSE_QUERY, useCourseList } from './store.ts';
