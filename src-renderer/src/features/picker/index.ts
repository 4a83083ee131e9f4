/** Renderer. Picking files and folders (main's native dialog, or Lectern's own browser where there is none). */
export { FileBrowserHost } from './FileBrowser.tsx';
export { pickCourseFolder, pickVideos } from './store.ts';
