// CLI (plain Node). `lectern uploads list`, `uploads resume [ID]`, `uploads cancel ID`, and the
// helpers `lectern upload` shares: opening the journal of this server and key in --data-dir,
// waiting for the engine, progress lines for people and the one-line JSON summary for scripts.
import { keyText, type ApiClient } from '../../api/index.ts';
import { createUploadManager, serverAnswers, uploadJournalPath, UploadManagerError } from '../../uploads/index.ts';
import type { UploadApi, UploadEvent, UploadManager, UploadRow } from '../../uploads/index.ts';
import { action } from '../args.ts';
import type { Command, CommandContext } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { UsageError } from '../globals.ts';
import { EXIT } from '../exit-codes.ts';
import { formatBytes } from '../../../src-shared/units.ts';

const USAGE = COMMAND_HELP.uploads.usage;

export const uploadsCommand: Command = {
  name: 'uploads',
  async run(ctx) {
    const verb = action(ctx, ['list', 'resume', 'cancel'], USAGE.join(' | '));
    const manager = await openManager(ctx, {});
    try {
      if (verb === 'list') {
        if (ctx.args.length > 0) throw new UsageError(`uploads list takes no arguments. Usage: lectern ${USAGE[0]}`);
        // Videos still processing: ask the server once (quietly; offline the journal's state shows).
        await manager.checkVideos();
        const rows = manager.list();
        if (ctx.out.json) printSummary(ctx, rows);
        else if (rows.length === 0) ctx.out.line('No uploads in the journal.');
        else printTable(ctx, rows);
        return;
      }
      if (verb === 'cancel') {
        const [id] = oneId(ctx, true, USAGE[2]);
        await manager.cancel(id!);
        if (ctx.out.json) ctx.io.stdout.write(`${JSON.stringify({ cancelled: id })}\n`);
        else ctx.out.line(`Cancelled and forgot upload ${id}.`);
        return;
      }
      const [id] = oneId(ctx, false, USAGE[1]);
      const rows = id ? [manager.get(id)!] : manager.list().filter((r) => r.state !== 'done');
      if (id && !rows[0]) throw new UsageError(`no upload with id ${id} (see lectern uploads list)`);
      return await runToEnd(ctx, manager, rows);
    } catch (error) {
      if (error instanceof UploadManagerError && error.code === 'UPLOAD_NOT_FOUND') throw new UsageError(error.message);
      throw error;
    } finally {
      await manager.close();
    }
  },
};

function oneId(ctx: CommandContext, required: boolean, usage: string): string[] {
  if (ctx.args.length > 1 || (required && ctx.args.length !== 1)) {
    throw new UsageError(`expected ${required ? 'ID' : '[ID]'}. Usage: lectern ${usage}`);
  }
  return ctx.args;
}

/**
 * The UploadApi over the CLI's client, created only when the engine first calls the server (an
 * offline `uploads list` still shows the journal).
 */
function lazyApi(ctx: CommandContext): UploadApi {
  let client: Promise<ApiClient> | undefined;
  const get = () => (client ??= ctx.client());
  return {
    uploads: {
      create: async (body, o) => (await get()).uploads.create(body, o),
      get: async (id, o) => (await get()).uploads.get(id, o),
      signParts: async (id, parts, o) => (await get()).uploads.signParts(id, parts, o),
      listParts: async (id, o) => (await get()).uploads.listParts(id, o),
      complete: async (id, parts, o) => (await get()).uploads.complete(id, parts, o),
      abort: async (id, o) => (await get()).uploads.abort(id, o),
    },
    lessons: {
      create: async (c, s, body, o) => (await get()).lessons.create(c, s, body, o),
      update: async (c, s, id, body, o) => (await get()).lessons.update(c, s, id, body, o),
      get: async (c, s, id, o) => (await get()).lessons.get(c, s, id, o),
    },
    sections: {
      get: async (c, id, o) => (await get()).sections.get(c, id, o),
    },
  };
}

/** The engine over the journal of the command's server and key (see uploadJournalPath). */
export async function openManager(
  ctx: CommandContext,
  options: {
    concurrency?: number;
    bandwidthBytesPerSec?: number | null;
    stallTimeoutMs?: number;
    giveUpAfterMs?: number | null;
  },
): Promise<UploadManager> {
  const connection = await ctx.connection();
  const journalPath = uploadJournalPath({
    dataDir: ctx.globals.dataDir,
    baseUrl: connection.baseUrl,
    apiKey: await keyText(connection.apiKey),
    onNote: (message) => ctx.out.note(message),
  });
  const progress = ctx.out.json ? undefined : new ProgressPrinter(ctx);
  return createUploadManager({
    journalPath,
    api: lazyApi(ctx),
    ...options,
    // Any answer from the server's address means it is back (no key is sent).
    probe: async (signal) => serverAnswers((await ctx.client()).baseUrl, signal),
    onEvent: (e) => progress?.onEvent(e),
    // Said on stderr even with --json: a script's log should show why nothing moves.
    onConnection: ({ waiting, waitedMs }) =>
      ctx.out.note(
        waiting
          ? 'Waiting for the server… it cannot be reached; the upload continues by itself when it can.'
          : `The server is back after ${Math.round(waitedMs / 1000)} s; continuing.`,
      ),
    onJournalCorrupt: (message) => ctx.out.note(message),
  });
}

/** Starts the given rows, retrying failed ones and resuming paused ones. */
export function startRows(manager: UploadManager, rows: readonly UploadRow[]): void {
  for (const row of rows) {
    if (row.state === 'failed') manager.retry(row.id);
    else if (row.state === 'paused') manager.resume(row.id);
  }
  manager.start(rows.map((r) => r.id));
}

/** Starts the given rows (unless `started`) and waits for the end. */
export async function runToEnd(
  ctx: CommandContext,
  manager: UploadManager,
  rows: readonly UploadRow[],
  options: { started?: boolean } = {},
): Promise<number> {
  if (!options.started) startRows(manager, rows);
  const ids = rows.map((r) => r.id);
  const interrupted = new Promise<'interrupted'>((resolve) => {
    if (ctx.signal.aborted) resolve('interrupted');
    ctx.signal.addEventListener('abort', () => resolve('interrupted'), { once: true });
  });
  const outcome = await Promise.race([manager.whenIdle().then(() => 'idle' as const), interrupted]);
  // A full disk paused everything where the journal last committed: say so and stop (run.ts words it).
  const fault = manager.localFault();
  if (fault) throw fault;
  const final = ids.map((id) => manager.get(id)).filter((r): r is UploadRow => r !== undefined);
  if (outcome === 'interrupted') {
    // run.ts prints the one sentence every stopped command says.
    printSummary(ctx, final);
    return EXIT.interrupted;
  }
  if (!ctx.out.json) printTable(ctx, final);
  for (const r of final) if (r.notice) ctx.out.note(`${r.fileName}: ${r.notice.message}`);
  printSummary(ctx, final);
  const failed = final.filter((r) => r.state === 'failed');
  for (const r of failed) ctx.out.note(`${r.fileName} failed: ${r.error?.code} ${r.error?.message}`);
  // Driven by another Lectern (its notice was printed above): not finished here.
  if (final.some((r) => r.state !== 'done' && r.notice?.code === 'RUNNING_ELSEWHERE')) return EXIT.local;
  if (failed.length === 0) return 0;
  return failed.every((r) => /NETWORK|TIMEOUT|STALLED|ECONN|UND_ERR|STORAGE_5|UNREACHABLE/.test(r.error?.code ?? ''))
    ? 4
    : 3;
}

/** With --json: one line `{"uploads":[…]}`, always the last line on stdout. */
export function printSummary(ctx: CommandContext, rows: readonly UploadRow[]): void {
  if (!ctx.out.json) return;
  const uploads = rows.map((r) => ({
    id: r.id,
    file: r.path,
    uploadId: r.uploadId,
    status: r.state,
    bytesTotal: r.bytesTotal,
    bytesSent: r.bytesSent,
    bytesResent: r.bytesResent,
    lessonId: r.lessonId,
    ...(r.lessonId
      ? { video: { status: r.videoStatus, error: r.videoError, durationSeconds: r.durationSeconds } }
      : {}),
    ...(r.error ? { error: r.error } : {}),
    ...(r.notice ? { notice: r.notice } : {}),
  }));
  ctx.io.stdout.write(`${JSON.stringify({ uploads })}\n`);
}

function printTable(ctx: CommandContext, rows: readonly UploadRow[]): void {
  ctx.out.table(rows, [
    { header: 'ID', value: (r) => r.id, max: Infinity },
    { header: 'FILE', value: (r) => r.fileName, max: 40 },
    { header: 'STATE', value: (r) => r.state },
    { header: 'PROGRESS', value: (r) => `${percent(r)}% of ${formatBytes(r.bytesTotal)}` },
    { header: 'RESENT', value: (r) => formatBytes(r.bytesResent) },
    { header: 'LESSON', value: (r) => r.lessonId, max: Infinity },
    { header: 'VIDEO', value: videoText, max: 60 },
    { header: 'ERROR', value: (r) => (r.error ? `${r.error.code}: ${r.error.message}` : ''), max: 80 },
  ]);
}

/** Human progress on stderr: state changes at once, a progress line per file at most every 2 s. */
class ProgressPrinter {
  private readonly ctx: CommandContext;
  private readonly lastLine = new Map<string, number>();

  constructor(ctx: CommandContext) {
    this.ctx = ctx;
  }

  onEvent(e: UploadEvent): void {
    const r = e.row;
    if (e.type === 'state') {
      // The first second of a transfer says little about its speed: start the clock here.
      if (r.state === 'uploading') this.lastLine.set(r.id, performance.now());
      // One line per outage says it (see onConnection), not one per file.
      if (r.state === 'waiting') return;
      this.ctx.out.note(`${r.fileName}: ${r.state}${r.error ? ` (${r.error.message})` : ''}`);
      return;
    }
    const now = performance.now();
    if (now - (this.lastLine.get(r.id) ?? -Infinity) < 2000) return;
    this.lastLine.set(r.id, now);
    const eta =
      r.etaSeconds === null
        ? ''
        : ` ETA ${Math.floor(r.etaSeconds / 60)}:${String(r.etaSeconds % 60).padStart(2, '0')}`;
    this.ctx.out.note(`${r.fileName}: ${percent(r)}% ${formatBytes(r.speedBps)}/s${eta}`);
  }
}

/** The lesson's video processing: "PROCESSING", "READY 3 s", "FAILED: why"; empty before attaching. */
function videoText(r: UploadRow): string {
  if (!r.lessonId) return '';
  if (!r.videoStatus) return 'unknown';
  if (r.videoError) return `${r.videoStatus}: ${r.videoError}`;
  return r.durationSeconds === null ? r.videoStatus : `${r.videoStatus} ${Math.round(r.durationSeconds)} s`;
}

function percent(r: UploadRow): number {
  return Math.floor(((r.bytesConfirmed + r.bytesInFlight) * 100) / Math.max(1, r.bytesTotal));
}

/** The one size formatter of app, CLI and diagnostics (binary units, IEC names). */
export { formatBytes };
