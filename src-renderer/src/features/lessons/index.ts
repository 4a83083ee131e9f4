// Renderer. The entry of features/lessons: what other features may use of it (eslint: the only way in).
export { CROSS_SECTION_NOTE, SectionLessons } from './SectionLessons.tsx';
export {
  byOrder,
  lessonDeleteNoticeKey,
  scheduleLessonDelete,
  undoLessonDeleteAndSay,
  useLessonWork,
} from './store.ts';
export { useCourseDetail } from './outline.ts';
export type { CourseDetail } from './outline.ts';
