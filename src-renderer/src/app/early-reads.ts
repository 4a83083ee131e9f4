/**
 * Renderer. The opening screen's first read (courses, a course's page, quizzes, assessments) and
 * the screen's code start as the page's modules are evaluated, beside the language (a cached read's
 * answer does not depend on it); the shell's own stores start once the language is in, before
 * React's first render. The screen's read goes first because its rows are what the instructor is
 * waiting to see. The shell's stores stay started for the app's lifetime: the status bar,
 * navigation and notices show them on every screen.
 */
import { DEFAULT_COURSE_QUERY, useCourseList } from '../features/courses/index.ts';
import { useNotices } from '../lib/notices.ts';
import { useSync } from '../lib/sync-status.ts';
import { followWaitingUploads, useUploads } from '../features/uploads/index.ts';
import { useWorkspaces } from '../features/workspaces/index.ts';
import { useUpdates } from '../features/updates/index.ts';
import { parseHash } from '../lib/router.ts';
import { startCourseRead } from '../features/lessons/screens.ts';
import { startQuizzesRead } from '../features/quizzes/screens.ts';
import { startAssessmentsRead } from '../features/assessments/screens.ts';
import { preloadScreen } from './Screen.tsx';

/** The shell's hold on the opening list, until the screen holds it itself. */
let openingHold: (() => void) | null = null;

/**
 * The opening screen's read, and the screen's own code, at once (each screen finds its read under
 * way). Settles once the screen's code is here (or failed to come). A list screen's store is
 * started with its read (the read leaves first) and held by the shell until `releaseOpeningRead`,
 * so it follows main's cache from then on, and the screen's own start finds it started: it does
 * not read the list again right after the first read.
 */
export function startOpeningRead(): Promise<void> {
  const route = parseHash(window.location.hash);
  switch (route.name) {
    case 'courses':
      useCourseList.getState().setQuery(DEFAULT_COURSE_QUERY);
      openingHold = useCourseList.start();
      break;
    case 'course':
      startCourseRead(route.id);
      break;
    case 'quizzes':
      openingHold = startQuizzesRead();
      break;
    case 'assessments':
      openingHold = startAssessmentsRead(route.courseId);
      break;
    case 'uploads':
      // The screen shows the shell's uploads store: started here too, for the app's lifetime as
      // startShellStores does (a second start only counts one more user).
      useUploads.start();
      break;
  }
  return preloadScreen(route);
}

/** After the first render's effects (the screen has started what it shows): the shell lets go. */
export function releaseOpeningRead(): void {
  openingHold?.();
  openingHold = null;
}

/**
 * The workspaces (the band above the shell, the switcher) are read beside the language, and the
 * first render waits for them as for the language: read after it, they came once the first frame
 * had painted the shell without its band, and everything below moved down. Their read words
 * nothing. Settles once the read is answered or failed. Started for the app's lifetime, as
 * `startShellStores` starts them too.
 */
export function startWorkspacesRead(): Promise<void> {
  useWorkspaces.start();
  const answered = () => ['ready', 'error'].includes(useWorkspaces.getState().status);
  return new Promise((settled) => {
    if (answered()) return settled();
    const stop = useWorkspaces.subscribe(() => {
      if (!answered()) return;
      stop();
      settled();
    });
  });
}

/** The stores the shell shows on every screen; after the language, as their notices are worded. */
export function startShellStores(): void {
  for (const store of [useNotices, useWorkspaces, useSync, useUploads, useUpdates]) store.start();
  // One warning while uploads wait for the server, gone once none waits (for the app's lifetime too).
  followWaitingUploads();
}
