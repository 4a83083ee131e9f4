/** Shared (every process). How a call's outcome crosses IPC. */
import { z } from 'zod';

/** What crosses IPC when a call fails: never a stack trace, never an Error object. */
const IpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };
