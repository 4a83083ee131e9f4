/** Shared (every process). How a call's outcome crosses IPC. */

/** What crosses IPC when a call fails: never a stack trace, never an Error object. */
export interface IpcError {
  code: string;
  message: string;
  details?: unknown;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
