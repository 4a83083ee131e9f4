// CLI (plain Node). `lectern course push DIR --course ID [--dry-run] [--yes] [--json] [--delete |
// --delete-only GLOB…]`: a whole course from a folder (sub-folders are sections, files are lessons;
// see course-push/). Plan first: the plan is printed before anything is written; --dry-run stops
// there; without --yes it asks on a terminal (naming each section and lesson it deletes) and refuses
// without one. The summary names every section and lesson it created, renamed, put in order,
// replaced or deleted, with its section (src-shared/push-events.ts). Run again, it changes only
// what the folder changed and finishes what a killed run left (the upload journal and the push
// state of this server and key).
// `lectern course ID` (show one course) is the same command word; see courseCommand.
import { createInterface } from 'node:readline/promises';
import { pushEventSentence, pushHeadline } from '../../../src-shared/push-events.ts';
import { escapeControls } from '../../../src-shared/text-controls.ts';
import { keyText } from '../../api/index.ts';
import {
  FolderError,
  PushState,
  StructureRefusedError,
  executePush,
  planIsEmpty,
  planView,
  preparePush,
  type PushApi,
  type PushOutcome,
  type PushPlan,
} from '../../course-push/index.ts';
import { chooseDeletes, choiceFromGlobs, deletionList } from '../../course-push/delete-choice.ts';
import { uploadJournalPath } from '../../uploads/index.ts';
import type { Command, CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { COMMAND_HELP } from '../help.ts';
import { courseCommand } from './courses.ts';
import { renderPlan } from './course-push-render.ts';
import { forbidOptions } from './shared.ts';
import { formatBytes, openManager } from './uploads.ts';
import { EXIT } from '../exit-codes.ts';

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
    if (!planIsEmpty(plan) && ctx.options.yes !== true && !(await confirmed(ctx, plan))) return 1;

    const manager = await openManager(ctx, {});
    let outcome: PushOutcome;
    try {
      outcome = await executePush(plan, {
        api,
        state,
        uploads: manager,
        signal: ctx.signal,
        say: (message) => ctx.out.note(message),
        onWaiting,
      });
    } catch (error) {
      if (error instanceof StructureRefusedError) {
        ctx.out.note(`lectern: ${error.message}`);
        if (ctx.out.json) ctx.out.printJson({ plan: planView(plan), refused: error.message });
        return 3;
      }
      throw error;
    } finally {
      await manager.close();
    }
    if (ctx.out.json) ctx.out.printJson({ plan: planView(plan), outcome: outcomeView(outcome) });
    else for (const line of describeOutcome(outcome, plan.courseName ?? plan.courseId)) ctx.out.line(line);
    // Stopped by a signal: run.ts says so in its one sentence.
    if (ctx.signal.aborted) return EXIT.interrupted;
    for (const f of outcome.failed) ctx.out.note(`${f.key} failed: ${f.code} ${f.message}`);
    if (outcome.failed.length === 0) return 0;
    return outcome.failed.every((f) => /NETWORK|TIMEOUT|STALLED|UNREACHABLE/.test(f.code)) ? 4 : 3;
  } finally {
    state.close();
  }
}

/** Asks on a terminal; without one, refuses (a script passes --yes). */
async function confirmed(ctx: CommandContext, plan: PushPlan): Promise<boolean> {
  const stdin = ctx.io.stdin as NodeJS.ReadableStream & { isTTY?: boolean };
  if (!stdin.isTTY) {
    throw new UsageError(
      'not pushing without a confirmation: run it on a terminal to be asked, pass --yes, or --dry-run to only see the plan',
    );
  }
  const gone = deletionList(plan);
  const deleting = gone.length > 0 ? ` This deletes, from the server: ${gone.join('; ')}.` : '';
  const question = createInterface({ input: stdin, output: ctx.io.stderr });
  try {
    // It names titles from the server: their controls are shown, never run (as in the plan's lines).
    const prompt = escapeControls(`Push this to the course?${deleting} [y/N] `);
    const answer = await question.question(prompt, { signal: ctx.signal });
    if (/^y(es)?$/i.test(answer.trim())) return true;
  } catch {
    // Ctrl-C or a closed terminal is a no.
  } finally {
    question.close();
  }
  ctx.out.note('Nothing was pushed.');
  return false;
}

function outcomeView(o: PushOutcome) {
  return {
    sectionsCreated: o.sectionsCreated,
    sectionsUpdated: o.sectionsUpdated,
    sectionsMoved: o.sectionsMoved,
    lessonsCreated: o.lessonsCreated,
    lessonsUpdated: o.lessonsUpdated,
    lessonsMoved: o.lessonsMoved,
    videosUploaded: o.videosUploaded,
    sectionsDeleted: o.sectionsDeleted,
    lessonsDeleted: o.lessonsDeleted,
    events: o.events,
    failed: o.failed,
    uploads: o.uploads.map((r) => ({
      file: r.path,
      status: r.state,
      uploadId: r.uploadId,
      lessonId: r.lessonId,
      bytesTotal: r.bytesTotal,
      bytesSent: r.bytesSent,
      bytesResent: r.bytesResent,
    })),
  };
}

/** The summary: a headline, then each section and lesson the push changed, with its section. */
function describeOutcome(o: PushOutcome, courseName: string): string[] {
  const bytes = o.uploads.filter((r) => r.state === 'done').reduce((n, r) => n + r.bytesTotal, 0);
  const uploaded =
    o.videosUploaded > 0
      ? ` ${o.videosUploaded} video${o.videosUploaded === 1 ? '' : 's'} uploaded (${formatBytes(bytes)}).`
      : '';
  const failed = o.failed.length > 0 ? ` ${o.failed.length} video${o.failed.length === 1 ? '' : 's'} failed.` : '';
  const headline =
    o.events.length === 0 && o.failed.length > 0
      ? `No change was made to “${courseName}”.`
      : pushHeadline(courseName, o.events);
  return [`${headline}${uploaded}${failed}`, ...o.events.map((e) => `  ${pushEventSentence(e)}`)];
}
