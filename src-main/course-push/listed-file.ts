// Main process / plain Node. Reading a text file found while listing a pushed folder, through the
// same open-and-check as videos (openPickedFile: no link, no blocking open, a regular file), pinned
// to the device and inode the listing saw, and never more than a cap: a file swapped for a link, a
// FIFO or another file between listing and reading, or one too large to hold, is refused unread.
import type { FileHandle } from 'node:fs/promises';
import { openPickedFile, PickedFileError } from '../platform/index.ts';

export interface ListedPin {
  dev: number;
  ino: number;
}

export type ListedRead =
  | { ok: true; bytes: Buffer; size: number; mtimeMs: number }
  | { ok: false; why: 'link' | 'not-a-file' | 'changed' | 'too-large' | 'unreadable'; size?: number };

/** Reads all of `path` when it is still the listed regular file and at most `maxBytes` long. */
export async function readListedFile(path: string, pin: ListedPin, maxBytes: number): Promise<ListedRead> {
  let handle: FileHandle;
  try {
    handle = await openPickedFile(path);
  } catch (error) {
    if (error instanceof PickedFileError)
      return { ok: false, why: error.code === 'NOT_A_FILE' ? 'not-a-file' : 'link' };
    return { ok: false, why: 'unreadable' };
  }
  try {
    const info = await handle.stat();
    if (info.dev !== pin.dev || info.ino !== pin.ino) return { ok: false, why: 'changed' };
    // The size is decided before a byte is read: a sparse 400 MiB file costs nothing to refuse.
    if (info.size > maxBytes) return { ok: false, why: 'too-large', size: info.size };
    // One byte past the cap tells a file that grew since its fstat.
    const buffer = Buffer.alloc(Math.min(info.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return { ok: false, why: 'too-large', size: length };
    return { ok: true, bytes: buffer.subarray(0, length), size: length, mtimeMs: info.mtimeMs };
  } catch {
    return { ok: false, why: 'unreadable' };
  } finally {
    await handle.close();
  }
}
