// CLI (plain Node). The planning half of `lectern course push` (course-push.ts reads the options
// and has asked for the course already): opens this server's push state, plans the folder against
// the course, chooses what to delete, prints the plan, and stops there on --dry-run or hands it to
// course-push-run.ts.
import { keyText } from '../../api/index.ts';
import {
  FolderError,
  PushState,
  chooseDeletes,
  choiceFromGlobs,
  planView,
  preparePush,
  type CourseRead,
  type PushApi,
  type PushPlan,
} from '../../course-push/index.ts';
import { uploadJournalPath } from '../../uploads/index.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { renderPlan } from './course-push-render.ts';

export interface PlanRequest {
  dir: string;
  courseId: string;
  dryRun: boolean;
  /** --delete-only globs (none: only --delete, or nothing, is deleted). */
  deleteOnly: string[];
  api: PushApi;
  courseRead: CourseRead;
  onWaiting: (waiting: boolean) => void;
}

export async function planPushCommand(ctx: CommandContext, request: PlanRequest): Promise<number> {
  const { dir, courseId, dryRun, deleteOnly, api, courseRead, onWaiting } = request;
  const connection = await ctx.connection();
  const journalPath = uploadJournalPath({
    dataDir: ctx.globals.dataDir,
    baseUrl: connection.baseUrl,
    apiKey: await keyText(connection.apiKey),
    onNote: (message) => ctx.out.note(message),
  });
  const state = new PushState(journalPath, (message) => ctx.out.note(message));
  try {
    let planned: PushPlan;
    try {
      planned = await preparePush({
        dir,
        courseId,
        deleteOthers: false,
        api,
        state,
        signal: ctx.signal,
        onWaiting,
        courseRead,
        // The command waits on nothing else while the folder is listed: no thread hop per entry.
        listing: 'inline',
      });
    } catch (error) {
      if (error instanceof FolderError) throw new UsageError(error.message);
      throw error;
    }
    // What is not in the folder: all of it (--delete), what the globs match (--delete-only), or nothing.
    const chosen = deleteOnly.length > 0 ? choiceFromGlobs(planned, deleteOnly) : null;
    for (const glob of chosen?.unmatched ?? [])
      ctx.out.note(`--delete-only “${glob}” matches no section or lesson that is not in the folder.`);
    const plan = chooseDeletes(
      planned,
      ctx.options.delete === true ? 'all' : (chosen?.choice ?? { sections: [], lessons: [] }),
    );
    if (!ctx.out.json) for (const line of renderPlan(plan)) ctx.out.line(line);
    if (dryRun) {
      if (ctx.out.json) ctx.out.printJson({ plan: planView(plan), dryRun: true });
      else ctx.out.note('Dry run: nothing was sent.');
      return 0;
    }
    const { runPush } = await import('./course-push-run.ts');
    return await runPush(ctx, plan, { api, state, onWaiting });
  } finally {
    state.close();
  }
}
