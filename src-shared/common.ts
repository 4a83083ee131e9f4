/** Shared (every process). Small building blocks of the IPC schemas. */
import { z } from 'zod';

export const Id = z.string().min(1).max(100);
export const Uuid = z.guid();
export const IsoTime = z.string();
export const NoInput = z.undefined();
export const Ok = z.object({ ok: z.literal(true) });

/** Anything read through the offline cache says where it came from and how old it is. */
export function cached<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.nullable(),
    fetchedAt: IsoTime.nullable(),
    stale: z.boolean(),
    /** Set when a refresh failed and the cached copy (if any) is all there is. */
    offlineReason: z.string().nullable(),
  });
}
export type Cached<T> = { data: T | null; fetchedAt: string | null; stale: boolean; offlineReason: string | null };

export const PageQuery = z
  .object({
    page: z.int().min(1).max(100_000).optional(),
    pageSize: z.int().min(1).max(100).optional(),
    search: z.string().max(200).optional(),
    /** Ask the server now rather than when the copy has aged (the user's "Refresh"). */
    refresh: z.literal(true).optional(),
  })
  .strict();
