/**
 * Main process / plain Node. Files the user chose through main's own dialog or dropped on the
 * window, as opaque handles. The renderer only ever holds handles, so it cannot make main read
 * an arbitrary path by naming it. A handle holds the file's real path (links resolved when it is
 * chosen) pinned to its device and inode; every later open re-checks them (picked-file.ts).
 */
import { randomUUID } from 'node:crypto';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FileHandle } from '../../src-shared/index.ts';
import { pinPickedFile } from './picked-file.ts';

/** Extensions offered when a whole folder is added (lesson videos). */
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'mpg', 'mpeg'];

export interface FileDialog {
  /** A dialog of the operating system (Electron's): Lectern's own browser is then never offered. */
  readonly native: boolean;
  /** Whether `pick` can answer now; when not, the renderer uses Lectern's own browser (folder-browser.ts). */
  available(): boolean;
  /** Paths the user picked; empty when cancelled. `course`: one folder to push as a whole course. */
  pick(options: { folder: boolean; purpose?: 'videos' | 'course' }): Promise<string[]>;
}

export class FileHandleError extends Error {
  readonly code = 'FILE_NOT_AVAILABLE';
  constructor(message: string) {
    super(message);
    this.name = 'FileHandleError';
  }
}

export interface FileHandles {
  /** Turns user-chosen paths (files, or folders expanded to their videos) into handles. */
  issue(paths: readonly string[]): Promise<FileHandle[]>;
  /** The path behind a handle this registry issued; throws for anything else. */
  resolve(handle: string): string;
}

export function createFileHandles(): FileHandles {
  const issued = new Map<string, string>();

  async function expand(chosen: string): Promise<{ path: string; size: number }[]> {
    const path = await realpath(chosen).catch(() => null);
    const info = path === null ? null : await stat(path).catch(() => null);
    if (!path || !info) return [];
    if (info.isFile()) {
      pinPickedFile(path, info);
      return [{ path, size: info.size }];
    }
    if (!info.isDirectory()) return [];
    const entries = await readdir(path, { withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && VIDEO_EXTENSIONS.includes(entry.name.split('.').pop()?.toLowerCase() ?? ''))
      .map((entry) => join(path, entry.name))
      .sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    const out: { path: string; size: number }[] = [];
    for (const file of files) {
      const fileInfo = await stat(file).catch(() => null);
      if (fileInfo?.isFile()) {
        pinPickedFile(file, fileInfo);
        out.push({ path: file, size: fileInfo.size });
      }
    }
    return out;
  }

  return {
    async issue(paths) {
      const handles: FileHandle[] = [];
      for (const path of paths) {
        for (const file of await expand(path)) {
          const handle = randomUUID();
          issued.set(handle, file.path);
          handles.push({ handle, name: basename(file.path), size: file.size });
        }
      }
      return handles;
    },
    resolve(handle) {
      const path = issued.get(handle);
      if (!path) throw new FileHandleError('That file was not chosen in Lectern’s file dialog. Add it again.');
      return path;
    },
  };
}

/**
 * The bridge host has no native dialog: the renderer browses with Lectern's own browser. Tests may
 * still stand in for a native dialog by queueing answers through a test hook: while an answer is
 * queued, the next pick takes it (the renderer asks `picker.kind` first and sees `native`).
 */
export interface QueuedFileDialog extends FileDialog {
  /** Queues the paths the next pick answers with. */
  answer(paths: string[]): void;
}

export function createQueuedFileDialog(): QueuedFileDialog {
  const answers: string[][] = [];
  return {
    native: false,
    available: () => answers.length > 0,
    answer: (paths) => void answers.push(paths),
    pick: async () => {
      const next = answers.shift();
      if (!next) {
        throw Object.assign(
          new Error('The bridge host has no file dialog. Start it with --test-hooks and queue an answer.'),
          {
            code: 'NOT_AVAILABLE',
          },
        );
      }
      return next;
    },
  };
}
