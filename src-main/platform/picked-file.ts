/**
 * Main process / plain Node. The one way to open a file the user picked (or named on the CLI).
 * A picked path is pinned to the device and inode it had when its handle was issued; opening it
 * later re-checks that pin on the opened descriptor, so a file swapped in after picking (renamed
 * over, or a folder above it replaced) is refused instead of uploaded. `O_NOFOLLOW` refuses a
 * symlink put in its place, and `O_NONBLOCK` makes opening a FIFO return at once (then refused as
 * not a regular file) instead of hanging the worker until someone writes to it.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { basename } from 'node:path';

// Windows has neither flag (nor FIFOs in the file system, and its links are not followed here).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

export interface FilePin {
  dev: number;
  ino: number;
}

/** Real paths of issued handles → the file they were when issued. Process-wide: every opener checks it. */
const pins = new Map<string, FilePin>();

/** Records what `path` (a real path: no symlink in it) is now; a later pick of the same path replaces it. */
export function pinPickedFile(path: string, pin: FilePin): void {
  pins.set(path, { dev: pin.dev, ino: pin.ino });
}

export class PickedFileError extends Error {
  readonly code: 'FILE_CHANGED' | 'NOT_A_FILE';
  readonly path: string;
  constructor(code: PickedFileError['code'], path: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PickedFileError';
    this.code = code;
    this.path = path;
  }
}

/** Opens a picked file for reading: a regular file, no symlink, and the very file that was picked. */
export async function openPickedFile(path: string): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOOP') {
      throw new PickedFileError(
        'FILE_CHANGED',
        path,
        `${basename(path)} was replaced by a link after it was chosen.`,
        error,
      );
    }
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new PickedFileError('NOT_A_FILE', path, `${basename(path)} is not a regular file.`);
    }
    const pin = pins.get(path);
    if (pin && (pin.dev !== info.dev || pin.ino !== info.ino)) {
      throw new PickedFileError(
        'FILE_CHANGED',
        path,
        `${basename(path)} was replaced by another file after it was chosen. Add it again.`,
      );
    }
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
