/** Shared (every process). What the app says about itself: version, health, recent requests. */
import { z } from 'zod';
import { IsoTime } from './common.ts';

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
  transport: z.enum(['electron', 'bridge']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const HealthSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type Health = z.infer<typeof HealthSchema>;

export const EchoInputSchema = z.object({ text: z.string().min(1).max(200) }).strict();
export const EchoOutputSchema = z.object({ text: z.string(), receivedAt: z.string() });

/** One API call as the request log keeps it: no bodies, no headers. */
export const RequestLogEntrySchema = z.object({
  at: IsoTime,
  method: z.string(),
  path: z.string(),
  status: z.number().nullable(),
  durationMs: z.number(),
  attempt: z.number(),
});
