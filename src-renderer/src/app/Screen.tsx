/**
 * Renderer. Route → screen. Courses (the opening screen) is in the main bundle; the others load on
 * first visit, so the first rows paint without waiting for the editors, their forms and zod.
 */
import { lazy, Suspense } from 'react';
import { Loading } from '../components/States.tsx';
import { CoursesScreen } from '../features/courses/CoursesScreen.tsx';
import type { Route } from '../lib/router.ts';

const AssessmentEditorScreen = lazy(() =>
  import('../features/assessments/AssessmentEditorScreen.tsx').then((m) => ({ default: m.AssessmentEditorScreen })),
);
const AssessmentsScreen = lazy(() =>
  import('../features/assessments/AssessmentsScreen.tsx').then((m) => ({ default: m.AssessmentsScreen })),
);
const AssignmentScreen = lazy(() =>
  import('../features/assignments/AssignmentScreen.tsx').then((m) => ({ default: m.AssignmentScreen })),
);
const NewAssessmentScreen = lazy(() =>
  import('../features/assessments/NewAssessmentScreen.tsx').then((m) => ({ default: m.NewAssessmentScreen })),
);
const AssignmentsScreen = lazy(() =>
  import('../features/assignments/AssignmentsScreen.tsx').then((m) => ({ default: m.AssignmentsScreen })),
);
const CourseDetailScreen = lazy(() =>
  import('../features/courses/CourseDetailScreen.tsx').then((m) => ({ default: m.CourseDetailScreen })),
);
const LessonEditorScreen = lazy(() =>
  import('../features/lessons/LessonEditorScreen.tsx').then((m) => ({ default: m.LessonEditorScreen })),
);
const DraftScreen = lazy(() => import('../features/drafts/DraftScreen.tsx').then((m) => ({ default: m.DraftScreen })));
const DraftsScreen = lazy(() =>
  import('../features/drafts/DraftsScreen.tsx').then((m) => ({ default: m.DraftsScreen })),
);
const QuizzesScreen = lazy(() =>
  import('../features/quizzes/QuizzesScreen.tsx').then((m) => ({ default: m.QuizzesScreen })),
);
const UploadsScreen = lazy(() =>
  import('../features/uploads/UploadsScreen.tsx').then((m) => ({ default: m.UploadsScreen })),
);
const DiagnosticsScreen = lazy(() =>
  import('../features/diagnostics/DiagnosticsScreen.tsx').then((m) => ({ default: m.DiagnosticsScreen })),
);
const WorkspacesScreen = lazy(() =>
  import('../features/workspaces/WorkspacesScreen.tsx').then((m) => ({ default: m.WorkspacesScreen })),
);

export function Screen({ route }: { route: Route }) {
  return (
    <Suspense fallback={<Loading />}>
      <RouteScreen route={route} />
    </Suspense>
  );
}

function RouteScreen({ route }: { route: Route }) {
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
