/**
 * Renderer. Picking files and folders: one action per kind of pick. Main says which picker it has
 * (`picker.kind`): its native dialog (Electron) is opened through the dialog's channels as before;
 * without one (the bridge host) Lectern's own browser opens (FileBrowser.tsx), which browses by
 * handle and ends with the same file or folder handles. The renderer never holds a path.
 */
import { create } from 'zustand';
import type { FileHandle, FolderHandle, PickPurpose } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { onWorkspaceSwitch } from '../../lib/reset.ts';

export type Chosen = { files: FileHandle[] } | { folder: FolderHandle };

/** An open browser: what it is for, and how its answer gets back to the action waiting on it. */
export interface PickRequest {
  /** A fresh browser (from home) for every pick. */
  id: number;
  purpose: PickPurpose;
  title: string;
  finish: (chosen: Chosen | null) => void;
}

export const usePicker = create<{ request: PickRequest | null }>(() => ({ request: null }));

// A pick belongs to the workspace it was started in: a switch ends it as cancelled.
onWorkspaceSwitch(() => usePicker.getState().request?.finish(null));

/** The browser's titles: the ones Electron's native dialog shows for the same picks. */
const TITLES: Record<PickPurpose, string> = {
  video: 'Choose a video',
  videos: 'Add lesson videos',
  'video-folder': 'Add a folder of videos',
  course: 'Choose the folder to push into the course',
};

let lastId = 0;

/**
 * Focus goes back to what opened the browser (as a native dialog gives it back): once the browser
 * has gone and the opener can take it again (a button stays disabled while its pick is handled).
 * Gives up after ~3 s, or as soon as focus is somewhere other than the page itself.
 */
function returnFocus(opener: Element | null, frames = 180): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const active = document.activeElement;
  if (active !== null && active !== document.body && active !== document.documentElement) return;
  opener.focus({ preventScroll: true });
  if (document.activeElement !== opener && frames > 0) requestAnimationFrame(() => returnFocus(opener, frames - 1));
}

function browse(purpose: PickPurpose, opener: Element | null): Promise<Chosen | null> {
  return new Promise((resolve) => {
    // A second pick while one is open replaces it; the first ends as cancelled.
    usePicker.getState().request?.finish(null);
    const finish = (chosen: Chosen | null) => {
      if (usePicker.getState().request?.finish === finish) usePicker.setState({ request: null });
      resolve(chosen);
      requestAnimationFrame(() => returnFocus(opener));
    };
    usePicker.setState({ request: { id: ++lastId, purpose, title: TITLES[purpose], finish } });
  });
}

/** Video files (one for `video`), or one folder's videos (`video-folder`); empty when cancelled. */
export async function pickVideos(purpose: 'video' | 'videos' | 'video-folder'): Promise<FileHandle[]> {
  // Taken now: the button that asked may be disabled (and so lose the focus) while it waits.
  const opener = document.activeElement;
  const { kind } = await call((b) => b.picker.kind());
  if (kind === 'native') {
    const picked = await call((b) => b.uploads.pickFiles(purpose === 'video-folder' ? { folder: true } : undefined));
    return purpose === 'video' ? picked.slice(0, 1) : picked;
  }
  const chosen = await browse(purpose, opener);
  return chosen && 'files' in chosen ? chosen.files : [];
}

/** A folder to push as a whole course; null when cancelled. */
export async function pickCourseFolder(): Promise<FolderHandle | null> {
  const opener = document.activeElement;
  const { kind } = await call((b) => b.picker.kind());
  if (kind === 'native') return call((b) => b.folderPush.pickFolder());
  const chosen = await browse('course', opener);
  return chosen && 'folder' in chosen ? chosen.folder : null;
}

/** What the browser's Choose sends main: the chosen browse handles become file or folder handles. */
export async function choose(purpose: PickPurpose, handles: string[]): Promise<Chosen> {
  if (purpose === 'course') return { folder: await call((b) => b.picker.chooseFolder({ handle: handles[0]! })) };
  return { files: await call((b) => b.picker.chooseFiles({ purpose, handles })) };
}
