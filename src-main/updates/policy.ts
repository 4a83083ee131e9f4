/**
 * Main process / plain Node. Who may turn update checks off: the user (a setting kept in the data
 * folder) and an administrator (a policy file in a system folder the user cannot write, which
 * wins). A policy file that exists but cannot be read keeps checks off: an administrator who wrote
 * one meant to decide, and a typo must not turn updates back on behind their back.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** Where an administrator places the policy file, per platform. */
export function policyFilePath(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): string {
  if (platform === 'win32') return join(env['ProgramData'] ?? 'C:\\ProgramData', 'Lectern', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Lectern/policy.json';
  return '/etc/lectern/policy.json';
}

const HttpsUrl = z
  .url()
  .refine((url) => new URL(url).protocol === 'https:', 'The update feed must be an https:// address.');

/** `{ "updates": { "checks": false } }` turns checks off; `feedUrl` points them at a mirror. */
const PolicySchema = z.object({
  updates: z.object({ checks: z.boolean().optional(), feedUrl: HttpsUrl.optional() }).strict().optional(),
});

export type UpdatePolicy =
  | { kind: 'none' }
  | { kind: 'set'; file: string; checks: boolean; feedUrl: string | null }
  | { kind: 'unreadable'; file: string; reason: string };

export function readUpdatePolicy(file: string): UpdatePolicy {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'unreadable', file, reason: (error as Error).message };
  }
  try {
    const parsed = PolicySchema.parse(JSON.parse(text));
    return { kind: 'set', file, checks: parsed.updates?.checks ?? true, feedUrl: parsed.updates?.feedUrl ?? null };
  } catch (error) {
    return { kind: 'unreadable', file, reason: error instanceof Error ? error.message : String(error) };
  }
}

const SettingsSchema = z.object({ automatic: z.boolean() }).strict();
export type UpdateSettings = z.infer<typeof SettingsSchema>;

export interface SettingsStore {
  read(): UpdateSettings;
  write(settings: UpdateSettings): void;
}

/** The user's setting, as a small JSON file in the data folder (absent or damaged: checks on). */
export function createSettingsStore(file: string): SettingsStore {
  return {
    read: () => {
      try {
        return SettingsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      } catch {
        return { automatic: true };
      }
    },
    write: (settings) => {
      mkdirSync(dirname(file), { recursive: true });
      // Written beside and renamed over, so a crash leaves the old setting or the new, never half.
      const partial = `${file}.partial`;
      writeFileSync(partial, JSON.stringify(SettingsSchema.parse(settings)));
      renameSync(partial, file);
    },
  };
}
