/**
 * Renderer. The opening screen's first read starts before React's first render (the shell paints
 * meanwhile), and the shell's own stores start with it; courses come first because they are what
 * the instructor is waiting to see. The shell's stores stay started for the app's lifetime: the
 * status bar, navigation and notices show them on every screen.
 */
import { DEFAULT_COURSE_QUERY, useCourseList } from '../features/courses/index.ts';
import { useNotices } from '../lib/notices.ts';
import { useSync } from '../lib/sync-status.ts';
import { followWaitingUploads, useUploads } from '../features/uploads/index.ts';
import { useWorkspaces } from '../features/workspaces/index.ts';
import { useUpdates } from '../features/updates/index.ts';
import { parseHash } from '../lib/router.ts';

export function startEarlyReads(): void {
  if (parseHash(window.location.hash).name === 'courses') useCourseList.getState().setQuery(DEFAULT_COURSE_QUERY);
  for (const store of [useNotices, useWorkspaces, useSync, useUploads, useUpdates]) store.start();
  // One warning while uploads wait for the server, gone once none waits (for the app's lifetime too).
  followWaitingUploads();
}
