/**
 * Renderer. The opening screen's first read (courses, a course's page, quizzes, assessments) starts
 * before React's first render (the shell paints meanwhile), with the screen's code, and the shell's
 * own stores start with it; the screen's read goes first because its rows are what the instructor is
 * waiting to see. The shell's stores stay started for the app's lifetime: the
 * status bar, navigation and notices show them on every screen.
 */
import { DEFAULT_COURSE_QUERY, useCourseList } from '../features/courses/index.ts';
import { useNotices } from '../lib/notices.ts';
import { useSync } from '../lib/sync-status.ts';
import { followWaitingUploads, useUploads } from '../features/uploads/index.ts';
import { useWorkspaces } from '../features/workspaces/index.ts';
import { useUpdates } from '../features/updates/index.ts';
import { parseHash } from '../lib/router.ts';
import { loadCourseDetailScreen, startCourseRead } from '../features/courses/screens.ts';
import { loadQuizzesScreen, startQuizzesRead } from '../features/quizzes/screens.ts';
import { loadAssessmentsScreen, startAssessmentsRead } from '../features/assessments/screens.ts';

export function startEarlyReads(): void {
  // The opening screen's read, and the screen's own code, at once (each screen finds its read under way).
  const route = parseHash(window.location.hash);
  if (route.name === 'courses') useCourseList.getState().setQuery(DEFAULT_COURSE_QUERY);
  else if (route.name === 'course') void Promise.all([startCourseRead(route.id), loadCourseDetailScreen()]);
  else if (route.name === 'quizzes') void Promise.all([startQuizzesRead(), loadQuizzesScreen()]);
  else if (route.name === 'assessments')
    void Promise.all([startAssessmentsRead(route.courseId), loadAssessmentsScreen()]);
  for (const store of [useNotices, useWorkspaces, useSync, useUploads, useUpdates]) store.start();
  // One warning while uploads wait for the server, gone once none waits (for the app's lifetime too).
  followWaitingUploads();
}
