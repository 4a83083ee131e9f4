// CLI (plain Node). `lectern course push DIR --course ID [--dry-run] [--yes] [--json] [--delete |
// --delete-only GLOB…]`: a whole course from a folder (sub-folders are sections, files are lessons;
// see course-push/). Plan first: the plan is printed before anything is written; --dry-run stops
// there; without --yes it asks on a terminal (naming each section and lesson it deletes) and refuses
// without one. The summary names every section and lesson it created, renamed, put in order,
// replaced or deleted, with its section (src-shared/push-events.ts). Run again, it changes only
// what the folder changed and finishes what a killed run left (the upload journal and the push
// state of this server and key). This file plans; course-push-run.ts pushes, loaded only then.
// `lectern course ID` (show one course) is the same command word; see courseCommand.
import { keyText } from '../../api/index.ts';
// Only the planning half of course-push/ and uploads/ is bundled with this file (both are marked
// free of load-time effects in scripts/build/cli.ts): course-push-run.ts, loaded when a plan is
// pushed, brings the upload engine.
import {
  FolderError,
  PushState,
  chooseDeletes,
  choiceFromGlobs,
  planView,
  preparePush,
  type PushApi,
  type PushPlan,
} from '../../course-push/index.ts';
import { uploadJournalPath } from '../../uploads/index.ts';
import type { Command, CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { COMMAND_HELP } from '../help.ts';
import { courseCommand } from './courses.ts';
import { renderPlan } from './course-push-render.ts';
import { forbidOptions } from './shared.ts';

const PUSH_USAGE = COMMAND_HELP.course.usage[1];
const PUSH_OPTIONS = {
  course: { type: 'string' },
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  delete: { type: 'boolean' },
  'delete-only': { type: 'string', multiple: true },
} as const;

/** `course ID` as before, and `course push …`. */
export const courseWithPushCommand: Command = {
  ...courseCommand,
  options: { ...courseCommand.options, ...PUSH_OPTIONS },
  async run(ctx) {
    if (ctx.args[0] !== 'push') {
      forbidOptions(ctx, Object.keys(PUSH_OPTIONS));
      return courseCommand.run(ctx);
    }
    ctx.args = ctx.args.slice(1);
    return push(ctx);
  },
};

async function push(ctx: CommandContext): Promise<number> {
  const [dir, ...extra] = ctx.args;
  const courseId = ctx.options.course;
  if (!dir || extra.length > 0) throw new UsageError(`expected one folder DIR. Usage: lectern ${PUSH_USAGE}`);
  if (typeof courseId !== 'string' || courseId.trim() === '')
    throw new UsageError(`--course ID is required. Usage: lectern ${PUSH_USAGE}`);
  const dryRun = ctx.options['dry-run'] === true;
  const deleteOnly = (Array.isArray(ctx.options['delete-only']) ? ctx.options['delete-only'] : []).map(String);
  if (ctx.options.delete === true && deleteOnly.length > 0)
    throw new UsageError(`--delete (all) and --delete-only GLOB cannot go together. Usage: lectern ${PUSH_USAGE}`);
  if (deleteOnly.some((glob) => glob.trim() === ''))
    throw new UsageError(`--delete-only needs a title or a glob. Usage: lectern ${PUSH_USAGE}`);
  const client = await ctx.client();
  const api: PushApi = client;
  const connection = await ctx.connection();
  const journalPath = uploadJournalPath({
    dataDir: ctx.globals.dataDir,
    baseUrl: connection.baseUrl,
    apiKey: await keyText(connection.apiKey),
    onNote: (message) => ctx.out.note(message),
  });
  const onWaiting = (waiting: boolean) =>
    ctx.out.note(
      waiting
        ? 'Waiting for the server… it cannot be reached; the push continues by itself when it can.'
        : 'The server is back; continuing.',
    );
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
