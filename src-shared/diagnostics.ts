/**
 * Shared (every process). Diagnostics (a screen and `lectern diagnostics`): nothing here may carry
 * the API key; main scrubs the key and every 8-character piece of it from all text before it crosses.
 */
import { z } from 'zod';
import { AppInfoSchema } from './app.ts';
import { IsoTime } from './common.ts';

const DeviationSchema = z.object({
  operation: z.string(),
  jsonPath: z.string(),
  expected: z.string(),
  received: z.string(),
  count: z.number(),
  firstSeen: IsoTime,
  lastSeen: IsoTime,
});

export const DiagnosticsSchema = z.object({
  generatedAt: IsoTime,
  app: AppInfoSchema.extend({ arch: z.string(), transport: z.enum(['electron', 'bridge', 'cli']) }),
  workspace: z.object({ name: z.string(), environment: z.string(), baseUrl: z.string() }).nullable(),
  connectivity: z.array(z.object({ at: IsoTime, state: z.string(), message: z.string().nullable() })),
  requests: z.array(
    z.object({
      at: IsoTime,
      operation: z.string(),
      method: z.string(),
      path: z.string(),
      status: z.number().nullable(),
      durationMs: z.number(),
      attempt: z.number(),
      outcome: z.string(),
    }),
  ),
  deviations: z.array(DeviationSchema),
  errors: z.array(z.object({ at: IsoTime, source: z.string(), message: z.string() })),
  dataFolder: z.object({ path: z.string(), bytes: z.number() }),
  /** The same, as the redacted text "Copy report" copies. */
  report: z.string(),
});
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;
