/**
 * Main process / plain Node. Folders the user chose through main's own dialog or dropped on the
 * window (a whole course from a folder), as opaque handles, kept apart from file handles so one
 * never stands for the other. A handle holds the folder's real path pinned to its device and inode;
 * resolving it checks that the same folder is still there (one renamed over or swapped for a link
 * after it was chosen is refused, not read).
 */
import { randomUUID } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { FolderHandle } from '../../src-shared/index.ts';
import { FileHandleError } from './file-handles.ts';

export interface FolderHandles {
  /** A handle for a chosen folder; throws FILE_NOT_AVAILABLE when the path is not a folder. */
  issue(path: string): Promise<FolderHandle>;
  /** The folder behind a handle this registry issued, checked to be the folder chosen. */
  resolve(handle: string): Promise<string>;
  /** The chosen folder's own name (what the renderer may show). */
  nameOf(handle: string): string;
}

export function createFolderHandles(): FolderHandles {
  const issued = new Map<string, { path: string; dev: number; ino: number }>();
  return {
    async issue(chosen) {
      const path = await realpath(chosen).catch(() => null);
      const info = path === null ? null : await stat(path).catch(() => null);
      if (!path || !info?.isDirectory()) {
        throw new FileHandleError(`${basename(chosen)} is not a folder Lectern can read. Choose a folder.`);
      }
      const handle = randomUUID();
      issued.set(handle, { path, dev: info.dev, ino: info.ino });
      return { handle, name: basename(path) };
    },
    async resolve(handle) {
      const entry = issued.get(handle);
      if (!entry) throw new FileHandleError('That folder was not chosen in Lectern. Choose it again.');
      const now = await realpath(entry.path).catch(() => null);
      const info = now === entry.path ? await stat(now).catch(() => null) : null;
      if (!info?.isDirectory() || info.dev !== entry.dev || info.ino !== entry.ino) {
        throw new FileHandleError(
          `The folder ${basename(entry.path)} was moved or replaced after it was chosen. Choose it again.`,
        );
      }
      return entry.path;
    },
    nameOf(handle) {
      const entry = issued.get(handle);
      if (!entry) throw new FileHandleError('That folder was not chosen in Lectern. Choose it again.');
      return basename(entry.path);
    },
  };
}
