// CLI (plain Node). Options every `lectern` command accepts. To add a global option (e.g. the
// workspaces engineer's `--profile NAME`), add one line to GLOBAL_OPTIONS; its value reaches
// connection resolvers through `GlobalOptions.raw`.
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ParseArgsOptionDescriptor } from 'node:util';

export const GLOBAL_OPTIONS = {
  'base-url': { type: 'string' },
  json: { type: 'boolean' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  'data-dir': { type: 'string' },
  profile: { type: 'string' },
  strict: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, ParseArgsOptionDescriptor>;

export const GLOBAL_USAGE = `Global options:
  --base-url URL     server root (the client adds /v1/external/learning); or LECTERN_BASE_URL
  --json             print the response data as JSON (lists: every page as one array)
  --page N           fetch only page N of a list (with --json: print the page object)
  --page-size N      results per page
  --data-dir DIR     local state folder; or LECTERN_DATA_DIR
  --profile NAME     use a saved workspace (its server and its key from the OS keychain)
  --strict           read responses exactly as the reference says: any deviation is a
                     contract error (exit 5) instead of a warning on stderr
  -h, --help         show help
Without --profile, the API key is read from the LECTERN_API_KEY environment variable.`;

export interface GlobalOptions {
  baseUrl: string | undefined;
  json: boolean;
  page: number | undefined;
  pageSize: number | undefined;
  dataDir: string;
  help: boolean;
  /** Any contract deviation is a contract error (exit 5) instead of a warning. */
  strict: boolean;
  /** Every parsed option by its flag name, including ones added later. */
  raw: Readonly<Record<string, unknown>>;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export function positiveInt(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!/^\d+$/.test(text) || Number(text) < 1)
    throw new UsageError(`${flag} must be a whole number >= 1, got ${JSON.stringify(text)}`);
  return Number(text);
}

/** Same folder Electron uses for the app's userData, so the CLI and the app share local state. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LECTERN_DATA_DIR) return env.LECTERN_DATA_DIR;
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Lectern');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Lectern');
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Lectern');
}

export function readGlobals(values: Record<string, unknown>, env: NodeJS.ProcessEnv): GlobalOptions {
  return {
    baseUrl: (values['base-url'] as string | undefined) ?? (env.LECTERN_BASE_URL || undefined),
    json: values.json === true,
    page: positiveInt('--page', values.page),
    pageSize: positiveInt('--page-size', values['page-size']),
    dataDir: (values['data-dir'] as string | undefined) ?? defaultDataDir(env),
    help: values.help === true,
    strict: values.strict === true,
    raw: values,
  };
}
