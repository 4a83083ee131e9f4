// Main process / plain Node. Public surface of the folder push (`lectern course push`, and the app's
// "push a folder" on a course): read a folder, plan it against the course, run the plan.
export { FolderError, scanFolder, TEXT_EXTENSIONS } from './folder-scan.ts';
export type { FolderLayout, LessonFile, SectionFolder, SkippedFile, TextFile, VideoFile } from './folder-scan.ts';
export { naturalCompare, titleFromName } from './names.ts';
export { planIsEmpty, planPush } from './plan.ts';
export type {
  LessonPlan,
  OtherLesson,
  OtherSection,
  PlanTotals,
  PushPlan,
  RememberedEntry,
  RemoteCourse,
  RemoteLesson,
  RemoteSection,
  SectionPlan,
} from './plan.ts';
export { planView, type PlanView } from './plan-view.ts';
export { PushState } from './push-state.ts';
export { movesToOrder, type Move } from '../../src-shared/reorder.ts';
export { executePush, StructureRefusedError } from './execute.ts';
export type { PushDeps, PushOutcome } from './execute.ts';
export { preparePush, type PrepareInput } from './prepare.ts';
export { chooseDeletes, choiceFromGlobs, deletionList } from './delete-choice.ts';
export {
  letRequestsLeave,
  readCourse,
  startCourseRead,
  untilAnswered,
  type CourseRead,
  type PushApi,
} from './push-api.ts';
export {
  AppPushError,
  createAppPushService,
  outcomeSentence,
  structureNeeds,
  type AppPushEnd,
  type AppPushService,
  type HeldPush,
  type PlannedPush,
} from './app-push.ts';
