// Main process / plain Node. What "the same file" means for resuming: path, size, mtime and the
// SHA-256 of the first and last MiB. Cheap (2 MiB read) and catches re-exports and edits.

import { createHash } from 'node:crypto';
import { stat, type FileHandle } from 'node:fs/promises';
import { fileReadBuffers, openPickedFile } from '../platform/index.ts';
import { basename, extname } from 'node:path';
import { AbortedError } from './token-bucket.ts';
import { fileWords } from './upload-words.ts';

export const EDGE_BYTES = 1024 * 1024;

export interface FileIdentity {
  path: string;
  size: number;
  mtimeMs: number;
  headSha256: string;
  tailSha256: string;
}

export class FileAccessError extends Error {
  readonly code: 'FILE_NOT_FOUND' | 'FILE_UNREADABLE' | 'FILE_EMPTY' | 'NOT_A_FILE';
  readonly path: string;
  constructor(code: FileAccessError['code'], path: string, message: string, cause?: unknown) {
    super(message, { cause });
    this.code = code;
    this.path = path;
  }
}

export async function readIdentity(path: string): Promise<FileIdentity> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new FileAccessError('FILE_NOT_FOUND', path, fileWords.notFound(basename(path)), error);
    throw new FileAccessError('FILE_UNREADABLE', path, fileWords.unreadable(basename(path), code ?? 'error'), error);
  }
  if (!info.isFile()) throw new FileAccessError('NOT_A_FILE', path, fileWords.notAFile(basename(path)));
  if (info.size === 0) throw new FileAccessError('FILE_EMPTY', path, fileWords.empty(basename(path)));
  try {
    const handle = await openPickedFile(path);
    try {
      const tailStart = Math.max(0, info.size - EDGE_BYTES);
      const [headSha256, tailSha256] = await fileReadBuffers.withBuffer(async (buffer) => [
        await hashRange(handle, buffer, 0, Math.min(EDGE_BYTES, info.size)),
        await hashRange(handle, buffer, tailStart, info.size - tailStart),
      ]);
      const identity = { path, size: info.size, mtimeMs: info.mtimeMs, headSha256, tailSha256 };
      readAt.set(identity, performance.now());
      return identity;
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new FileAccessError('FILE_UNREADABLE', path, fileWords.unreadable(basename(path)), error);
  }
}

/** SHA-256 (hex) of `length` bytes from `start`, read through `buffer` (a lent one: fileReadBuffers). */
async function hashRange(handle: FileHandle, buffer: Buffer, start: number, length: number): Promise<string> {
  const hash = createHash('sha256');
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, length - done), start + done);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    done += bytesRead;
  }
  return hash.digest('hex');
}

export function sameIdentity(a: FileIdentity, b: FileIdentity): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.headSha256 === b.headSha256 && a.tailSha256 === b.tailSha256;
}

/** Quick pre-complete check: size and mtime only (no reading). */
/** When this process hashed each identity it returned (a journal's stored ones are not in it). */
const readAt = new WeakMap<FileIdentity, number>();
const RECENT_MS = 60_000;

/**
 * The file as it is now: `known` again when this process read it under a minute ago and its size and
 * mtime still match (a file just checked and added is not hashed twice), else read afresh.
 */
export async function currentIdentity(known: FileIdentity): Promise<FileIdentity> {
  const at = readAt.get(known);
  if (at !== undefined && performance.now() - at < RECENT_MS && (await statMatches(known))) return known;
  return readIdentity(known.path);
}

export async function statMatches(identity: FileIdentity): Promise<boolean> {
  try {
    const info = await stat(identity.path);
    return info.size === identity.size && info.mtimeMs === identity.mtimeMs;
  } catch {
    return false;
  }
}

/**
 * MD5 (hex) of a byte range read from disk. Used to adopt parts found by list-parts.
 * Plain positional reads with the signal checked between them, not a read stream given the
 * signal: a stream made with an already-aborted signal emits its AbortError on a later tick,
 * after the loop reading it has gone, and that unhandled 'error' ends the process (seen when a
 * full disk paused an upload while another file was being checked).
 */
export async function md5OfRange(path: string, start: number, size: number, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) throw new AbortedError(signal.reason);
  const hash = createHash('md5');
  const handle = await openPickedFile(path);
  try {
    const read = await fileReadBuffers.withBuffer(async (buffer) => {
      let done = 0;
      while (done < size) {
        if (signal?.aborted) throw new AbortedError(signal.reason);
        const want = Math.min(buffer.length, size - done);
        const { bytesRead } = await handle.read(buffer, 0, want, start + done);
        if (bytesRead === 0) break;
        hash.update(buffer.subarray(0, bytesRead));
        done += bytesRead;
      }
      return done;
    });
    if (read !== size) throw new Error(`short read: ${read} of ${size} bytes`);
    return hash.digest('hex');
  } finally {
    await handle.close();
  }
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.mpg': 'video/mpeg',
  '.mpeg': 'video/mpeg',
  '.ogv': 'video/ogg',
  '.3gp': 'video/3gpp',
  '.ts': 'video/mp2t',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** "intro_to-sets.v2.mp4" → "intro to sets.v2"; never empty, at most 255 characters. */
export function titleFromFileName(path: string): string {
  const name = basename(path, extname(path)).replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (name || basename(path) || 'Video').slice(0, 255);
}
