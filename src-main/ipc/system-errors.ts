/**
 * Main process / plain Node. Errors from the OS, Node or SQLite carry an upper-case `code` too
 * (ENOENT, EACCES, ERR_SQLITE_ERROR…), but their messages hold file paths and SQL text. They never
 * cross IPC as they are: the renderer gets a plain sentence, the details go to the log.
 */
import { defineMessages, type IpcError, type MessageDescriptor } from '../../src-shared/index.ts';
import { t } from '../i18n/index.ts';

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

// Descriptors, not words: said when the error happens, in the app's language at that moment.
const WORDS = defineMessages({
  notFound: { id: 'ipc.systemErrors.notFound', defaultMessage: 'A file or folder Lectern needed was not found.' },
  accessDenied: {
    id: 'ipc.systemErrors.accessDenied',
    defaultMessage:
      'Lectern was not allowed to read or write a file it needs. Check the permissions of its data folder.',
  },
  diskFull: {
    id: 'ipc.systemErrors.diskFull',
    defaultMessage:
      'The disk holding Lectern’s data folder is full: free some space on it and try again; nothing was lost.',
  },
  quota: { id: 'ipc.systemErrors.quota', defaultMessage: 'Your disk quota is used up: free some space and try again.' },
  readOnlyDisk: {
    id: 'ipc.systemErrors.readOnlyDisk',
    defaultMessage: 'Lectern’s data folder is on a read-only disk.',
  },
  tooManyFiles: {
    id: 'ipc.systemErrors.tooManyFiles',
    defaultMessage: 'Too many files are open right now. Try again in a moment.',
  },
  busy: {
    id: 'ipc.systemErrors.busy',
    defaultMessage: 'A file Lectern needs is in use by another program. Try again in a moment.',
  },
  diskError: {
    id: 'ipc.systemErrors.diskError',
    defaultMessage: 'The disk reported an error while Lectern was reading or writing.',
  },
  isFolder: { id: 'ipc.systemErrors.isFolder', defaultMessage: 'A file Lectern needed is a folder.' },
  isFile: { id: 'ipc.systemErrors.isFile', defaultMessage: 'A folder Lectern needed is a file.' },
  exists: { id: 'ipc.systemErrors.exists', defaultMessage: 'A file Lectern wanted to create already exists.' },
  databaseBusy: {
    id: 'ipc.systemErrors.databaseBusy',
    defaultMessage: 'Lectern’s local database is busy. Try again in a moment.',
  },
  databaseReadOnly: {
    id: 'ipc.systemErrors.databaseReadOnly',
    defaultMessage: 'Lectern’s local database is read-only. Check the permissions of its data folder.',
  },
  databaseDiskError: {
    id: 'ipc.systemErrors.databaseDiskError',
    defaultMessage: 'The disk reported an error while Lectern used its local database.',
  },
  databaseDamaged: {
    id: 'ipc.systemErrors.databaseDamaged',
    defaultMessage: 'Lectern’s local database is damaged. Restart Lectern to have it set aside and rebuilt.',
  },
  databaseDiskFull: {
    id: 'ipc.systemErrors.databaseDiskFull',
    defaultMessage:
      'The disk holding Lectern’s data folder is full, so this change was not saved: free some space on it and save again; nothing saved before was lost.',
  },
  databaseCannotOpen: {
    id: 'ipc.systemErrors.databaseCannotOpen',
    defaultMessage: 'Lectern could not open its local database. Check the permissions of its data folder.',
  },
  databaseError: {
    id: 'ipc.systemErrors.databaseError',
    defaultMessage: 'Lectern’s local database reported an error.',
  },
});

const FILE_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  ENOENT: WORDS.notFound,
  EACCES: WORDS.accessDenied,
  EPERM: WORDS.accessDenied,
  ENOSPC: WORDS.diskFull,
  EDQUOT: WORDS.quota,
  EROFS: WORDS.readOnlyDisk,
  EMFILE: WORDS.tooManyFiles,
  ENFILE: WORDS.tooManyFiles,
  EBUSY: WORDS.busy,
  EIO: WORDS.diskError,
  EISDIR: WORDS.isFolder,
  ENOTDIR: WORDS.isFile,
  EEXIST: WORDS.exists,
};

/** SQLite primary result codes (the low byte of an extended code). */
const SQLITE_MESSAGES: Readonly<Record<number, MessageDescriptor>> = {
  5: WORDS.databaseBusy,
  6: WORDS.databaseBusy,
  8: WORDS.databaseReadOnly,
  10: WORDS.databaseDiskError,
  11: WORDS.databaseDamaged,
  13: WORDS.databaseDiskFull,
  14: WORDS.databaseCannotOpen,
  26: WORDS.databaseDamaged,
};

/** The sentence, then where the details went. */
const withLogNote = (sentence: string) =>
  t(
    { id: 'ipc.systemErrors.withLogNote', defaultMessage: '{sentence} The details were written to the log.' },
    { sentence },
  );

export function humanSystemError(error: object, code: string): IpcError {
  const file = FILE_MESSAGES[code];
  if (file) return { code: 'LOCAL_FILE_ERROR', message: withLogNote(t(file)) };
  if (code === 'ERR_SQLITE_ERROR') {
    const errcode = (error as { errcode?: unknown }).errcode;
    const primary = typeof errcode === 'number' ? errcode & 0xff : -1;
    return { code: 'LOCAL_DATABASE_ERROR', message: withLogNote(t(SQLITE_MESSAGES[primary] ?? WORDS.databaseError)) };
  }
  const internal = t({
    id: 'ipc.systemErrors.internal',
    defaultMessage: 'Something went wrong inside Lectern. The details were written to the log.',
  });
  return { code: 'INTERNAL', message: internal };
}
