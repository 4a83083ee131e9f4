/**
 * Renderer. The opening screen's first read starts before React's first render (the shell paints
 * meanwhile), and the shell's own reads follow; courses come first because they are what the
 * instructor is waiting to see.
 */
import { DEFAULT_COURSE_QUERY, useCourseList } from '../features/courses/store.ts';
import { startNotices } from '../features/notices/store.ts';
import { startSync } from '../features/sync/store.ts';
import { startUploads } from '../features/uploads/store.ts';
import { startWorkspaces } from '../features/workspaces/store.ts';
import { parseHash } from '../lib/router.ts';

export function startEarlyReads(): void {
  if (parseHash(window.location.hash).name === 'courses') useCourseList.getState().setQuery(DEFAULT_COURSE_QUERY);
  startNotices();
  startWorkspaces();
  startSync();
  startUploads();
}
