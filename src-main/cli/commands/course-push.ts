// CLI (plain Node). `lectern course push DIR --course ID [--dry-run] [--yes] [--json] [--delete |
// --delete-only GLOB…]`: a whole course from a folder (sub-folders are sections, files are lessons;
// see course-push/). Plan first: the plan is printed before anything is written; --dry-run stops
// there; without --yes it asks on a terminal (naming each section and lesson it deletes) and refuses
// without one. The summary names every section and lesson it created, renamed, put in order,
// replaced or deleted, with its section (src-shared/push-events.ts). Run again, it changes only
// what the folder changed and finishes what a killed run left (the upload journal and the push
// state of this server and key). This file reads the options and asks for the course as soon as the
// client exists; course-push-plan.ts (the folder scan, the push state, zod's schemas), loaded after,
// plans while the server answers; course-push-run.ts pushes, loaded only then.
// `lectern course ID` (show one course) is the same command word; see courseCommand.
import { letRequestsLeave, startCourseRead, type PushApi } from '../../course-push/index.ts';
import type { Command, CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { COMMAND_HELP } from '../help.ts';
import { courseCommand } from './courses.ts';
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
  const api: PushApi = await ctx.client();
  const onWaiting = (waiting: boolean) =>
    ctx.out.note(
      waiting
        ? 'Waiting for the server… it cannot be reached; the push continues by itself when it can.'
        : 'The server is back; continuing.',
    );
  const courseRead = startCourseRead(api, courseId, { signal: ctx.signal, onWaiting });
  try {
    await letRequestsLeave(); // before the planning half loads (synchronous reads and compiles)
    const { planPushCommand } = await import('./course-push-plan.ts');
    return await planPushCommand(ctx, { dir, courseId, dryRun, deleteOnly, api, courseRead, onWaiting });
  } finally {
    // Read already (the usual case), or not needed after all (the folder or the journal failed first).
    courseRead.stop(new Error('The plan no longer needs the course.'));
  }
}
