// Renderer. The entry of features/lessons: what other features use of it (the only way in,
// .dependency-cruiser.cjs; its screen is in screens.ts).
export { CROSS_SECTION_NOTE, SectionLessons } from './SectionLessons.tsx';
export {
  byOrder,
  lessonDeleteNoticeKey,
  scheduleLessonDelete,
  undoLessonDeleteAndSay,
  useLessonWork,
} from './store.ts';
export { takeOpeningCourseRead, useCourseDetail } from './outline.ts';
export { firstPaintLessons, isLongOutline, lessonsStandInHeight } from './section-window.ts';
export type { CourseDetail } from './outline.ts';
