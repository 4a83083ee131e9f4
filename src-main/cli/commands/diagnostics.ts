// CLI (plain Node). `lectern diagnostics`: what support needs, as the app's Diagnostics screen
// shows it — versions, the server (never the key), one probe request, its request log, the
// contract deviations it met and the local data folder. Scrubbed of the key.
import { arch, platform, versions } from 'node:process';
import { USER_AGENT, isApiError, keyText } from '../../api/index.ts';
import type { ApiClient, DeviationRecord } from '../../api/index.ts';
import { openDeviationStore } from '../../store/index.ts';
import {
  buildDiagnostics,
  folderSize,
  mergeDeviations,
  requestErrors,
  requestRows,
  type RecentError,
} from '../../diagnostics/index.ts';
import type { Command } from '../command.ts';
import { resolveConnection } from '../connection.ts';
import { UsageError } from '../globals.ts';

export const diagnosticsCommand: Command = {
  name: 'diagnostics',
  async run(ctx) {
    if (ctx.args.length > 0) throw new UsageError('diagnostics takes no arguments.');
    const errors: RecentError[] = [];
    const connectivity: { at: string; state: string; message: string | null }[] = [];
    let baseUrl: string | null = null;
    let key = '';
    let client: ApiClient | null = null;
    let profileId: string | undefined;
    try {
      const connection = await resolveConnection(ctx.globals, ctx.io.env);
      baseUrl = connection.baseUrl;
      profileId = connection.profileId;
      key = await keyText(connection.apiKey);
      client = await ctx.client();
    } catch (error) {
      if (!(error instanceof UsageError) && !isApiError(error)) throw error;
      errors.push({ at: new Date().toISOString(), source: 'connection', message: error.message });
    }
    if (client) {
      const at = new Date().toISOString();
      try {
        await client.categories.list({ page: 1, pageSize: 1 }, { signal: ctx.signal });
        connectivity.push({ at, state: 'online', message: null });
      } catch (error) {
        if (!isApiError(error)) throw error;
        const state = ['Network', 'Timeout'].includes(error.kind) ? 'unreachable' : 'online';
        connectivity.push({
          at,
          state: error.kind === 'Unauthorized' ? 'key-rejected' : state,
          message: error.message,
        });
      }
    }
    const log = client?.requestLog() ?? [];
    // A saved workspace: every deviation its server ever caused, in the app or the CLI.
    let saved: DeviationRecord[] = [];
    if (profileId) {
      const store = openDeviationStore(ctx.globals.dataDir, profileId);
      try {
        saved = store.list();
      } finally {
        store.close();
      }
    }
    const report = buildDiagnostics(
      {
        generatedAt: new Date().toISOString(),
        app: {
          name: 'Lectern',
          version: USER_AGENT.split('/')[1] ?? '',
          platform,
          arch,
          versions: { node: versions.node, electron: null, chrome: null },
          transport: 'cli',
        },
        workspace: baseUrl
          ? {
              name: typeof ctx.globals.raw.profile === 'string' ? ctx.globals.raw.profile : '(command line)',
              environment: typeof ctx.globals.raw.profile === 'string' ? 'profile' : 'custom',
              baseUrl,
            }
          : null,
        connectivity,
        requests: requestRows(log),
        deviations: mergeDeviations(saved, client?.deviations() ?? []),
        errors: [...errors, ...requestErrors(log)],
        dataFolder: { path: ctx.globals.dataDir, bytes: await folderSize(ctx.globals.dataDir) },
      },
      key ? [key] : [],
    );
    if (ctx.out.json) {
      const { report: _text, ...rest } = report;
      return ctx.out.printJson(rest);
    }
    ctx.io.stdout.write(report.report);
  },
};
