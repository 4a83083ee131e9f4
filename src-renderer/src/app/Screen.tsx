/**
 * Renderer. Route → screen. Courses (the opening screen) is in the main bundle; the others load on
 * first visit, so the first rows paint without waiting for the editors, their forms and zod.
 */
import { useSyncExternalStore, type ComponentType } from 'react';
import { Loading } from '../components/States.tsx';
import {
  loadAssessmentEditorScreen,
  loadAssessmentsScreen,
  loadNewAssessmentScreen,
} from '../features/assessments/screens.ts';
import { loadAssignmentScreen, loadAssignmentsScreen } from '../features/assignments/screens.ts';
import { CoursesScreen, loadCourseDetailScreen } from '../features/courses/screens.ts';
import { loadDiagnosticsScreen } from '../features/diagnostics/screens.ts';
import { loadDraftScreen, loadDraftsScreen } from '../features/drafts/screens.ts';
import { loadLessonEditorScreen } from '../features/lessons/screens.ts';
import { loadQuizzesScreen } from '../features/quizzes/screens.ts';
import { loadUploadsScreen } from '../features/uploads/screens.ts';
import { loadWorkspacesScreen } from '../features/workspaces/screens.ts';
import type { Route } from '../lib/router.ts';

/** A screen its feature loads on first visit; `preload` fetches its code ahead of the first render. */
type OnDemandScreen<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * <Loading /> until the screen's code is here, then the screen (at once when it was preloaded).
 * Not React.lazy: a lazy screen suspends, and React holds back what replaces a Suspense fallback
 * for a while after the fallback showed, which would keep the screen's first rows off the page
 * after its code and its data had both arrived. A failed load throws as a lazy screen would.
 */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>): OnDemandScreen<P> {
  let settled: { component: ComponentType<P> } | { error: unknown } | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => void (settled = { component }),
      (error: unknown) => void (settled = { error }),
    ));
  const subscribe = (changed: () => void) => {
    void preload().then(changed);
    return () => undefined;
  };
  const snapshot = () => settled;
  function OnDemand(props: P) {
    // Asked for while rendering, so the code is on its way before the frame is committed.
    if (settled === null) void preload();
    const state = useSyncExternalStore(subscribe, snapshot);
    if (state === null) return <Loading />;
    if ('error' in state) throw state.error;
    const Component = state.component;
    return <Component {...props} />;
  }
  return Object.assign(OnDemand, { preload });
}

const AssessmentEditorScreen = onDemand(loadAssessmentEditorScreen);
const AssessmentsScreen = onDemand(loadAssessmentsScreen);
const AssignmentScreen = onDemand(loadAssignmentScreen);
const NewAssessmentScreen = onDemand(loadNewAssessmentScreen);
const AssignmentsScreen = onDemand(loadAssignmentsScreen);
const CourseDetailScreen = onDemand(loadCourseDetailScreen);
const LessonEditorScreen = onDemand(loadLessonEditorScreen);
const DraftScreen = onDemand(loadDraftScreen);
const DraftsScreen = onDemand(loadDraftsScreen);
const QuizzesScreen = onDemand(loadQuizzesScreen);
const UploadsScreen = onDemand(loadUploadsScreen);
const DiagnosticsScreen = onDemand(loadDiagnosticsScreen);
const WorkspacesScreen = onDemand(loadWorkspacesScreen);

/**
 * Fetches the code of the screen `route` shows, so the first render can show it with the shell;
 * settles either way (a failed load shows when the screen renders). Courses is in the main bundle.
 */
export function preloadScreen(route: Route): Promise<void> {
  const screens: Partial<Record<Route['name'], { preload: () => Promise<void> }>> = {
    course: CourseDetailScreen,
    lesson: LessonEditorScreen,
    'lesson-new': LessonEditorScreen,
    quizzes: QuizzesScreen,
    assessments: AssessmentsScreen,
    assessment: AssessmentEditorScreen,
    'assignment-new': AssignmentScreen,
    'assessment-new': NewAssessmentScreen,
    assignments: AssignmentsScreen,
    drafts: DraftsScreen,
    draft: DraftScreen,
    workspaces: WorkspacesScreen,
    uploads: UploadsScreen,
    diagnostics: DiagnosticsScreen,
  };
  return screens[route.name]?.preload() ?? Promise.resolve();
}

/** The screen a route shows (no Suspense boundary: an on-demand screen shows <Loading /> itself). */
export function Screen({ route }: { route: Route }) {
  switch (route.name) {
    case 'courses':
      return <CoursesScreen />;
    case 'course':
      return <CourseDetailScreen key={route.id} courseId={route.id} />;
    case 'lesson':
      return (
        <LessonEditorScreen key={route.id} courseId={route.courseId} sectionId={route.sectionId} lessonId={route.id} />
      );
    case 'lesson-new':
      return (
        <LessonEditorScreen
          key={`new-${route.sectionId}`}
          courseId={route.courseId}
          sectionId={route.sectionId}
          lessonId={null}
          draftId={route.draftId}
        />
      );
    case 'quizzes':
      return <QuizzesScreen />;
    case 'assessments':
      return <AssessmentsScreen courseId={route.courseId} />;
    case 'assessment':
      return <AssessmentEditorScreen key={route.id} assessmentId={route.id} />;
    case 'assignment-new':
      return <AssignmentScreen draftId={route.draftId} />;
    case 'assessment-new':
      return <NewAssessmentScreen courseId={route.courseId} draftId={route.draftId} />;
    case 'assignments':
      return <AssignmentsScreen />;
    case 'drafts':
      return <DraftsScreen />;
    case 'draft':
      return <DraftScreen key={route.id} draftId={route.id} />;
    case 'workspaces':
      return <WorkspacesScreen />;
    case 'uploads':
      return <UploadsScreen courseId={route.courseId ?? null} />;
    case 'diagnostics':
      return <DiagnosticsScreen />;
  }
}
