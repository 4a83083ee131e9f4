/**
 * Main process / plain Node. Errors from the OS, Node or SQLite carry an upper-case `code` too
 * (ENOENT, EACCES, ERR_SQLITE_ERROR…), but their messages hold file paths and SQL text. They never
 * cross IPC as they are: the renderer gets a plain sentence, the details go to the log.
 */
import type { IpcError } from '../../src-shared/index.ts';

const BUILT_IN_ERRORS: readonly unknown[] = [
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
];

/** True for errors made by Node, libuv, SQLite or undici rather than by one of our own error classes. */
export function isSystemError(error: object, code: string): boolean {
  if ('errno' in error || 'syscall' in error || 'errcode' in error || 'errstr' in error) return true;
  if (/^(ERR_|UND_ERR)/.test(code)) return true;
  // Our own errors are subclasses; a built-in Error with a code attached is Node's or a library's.
  return BUILT_IN_ERRORS.includes((error as { constructor?: unknown }).constructor);
}

const FILE_MESSAGES: Readonly<Record<string, string>> = {
  ENOENT: 'A file or folder Lectern needed was not found.',
  EACCES: 'Lectern was not allowed to read or write a file it needs. Check the permissions of its data folder.',
  EPERM: 'Lectern was not allowed to read or write a file it needs. Check the permissions of its data folder.',
  ENOSPC: 'The disk holding Lectern’s data folder is full: free some space on it and try again; nothing was lost.',
  EDQUOT: 'Your disk quota is used up: free some space and try again.',
  EROFS: 'Lectern’s data folder is on a read-only disk.',
  EMFILE: 'Too many files are open right now. Try again in a moment.',
  ENFILE: 'Too many files are open right now. Try again in a moment.',
  EBUSY: 'A file Lectern needs is in use by another program. Try again in a moment.',
  EIO: 'The disk reported an error while Lectern was reading or writing.',
  EISDIR: 'A file Lectern needed is a folder.',
  ENOTDIR: 'A folder Lectern needed is a file.',
  EEXIST: 'A file Lectern wanted to create already exists.',
};

/** SQLite primary result codes (the low byte of an extended code). */
const SQLITE_MESSAGES: Readonly<Record<number, string>> = {
  5: 'Lectern’s local database is busy. Try again in a moment.',
  6: 'Lectern’s local database is busy. Try again in a moment.',
  8: 'Lectern’s local database is read-only. Check the permissions of its data folder.',
  10: 'The disk reported an error while Lectern used its local database.',
  11: 'Lectern’s local database is damaged. Restart Lectern to have it set aside and rebuilt.',
  13: 'The disk holding Lectern’s data folder is full, so this change was not saved: free some space on it and save again; nothing saved before was lost.',
  14: 'Lectern could not open its local database. Check the permissions of its data folder.',
  26: 'Lectern’s local database is damaged. Restart Lectern to have it set aside and rebuilt.',
};

export function humanSystemError(error: object, code: string): IpcError {
  const file = FILE_MESSAGES[code];
  if (file) return { code: 'LOCAL_FILE_ERROR', message: `${file} The details were written to the log.` };
  if (code === 'ERR_SQLITE_ERROR') {
    const errcode = (error as { errcode?: unknown }).errcode;
    const primary = typeof errcode === 'number' ? errcode & 0xff : -1;
    const message = SQLITE_MESSAGES[primary] ?? 'Lectern’s local database reported an error.';
    return { code: 'LOCAL_DATABASE_ERROR', message: `${message} The details were written to the log.` };
  }
  return { code: 'INTERNAL', message: 'Something went wrong inside Lectern. The details were written to the log.' };
}
