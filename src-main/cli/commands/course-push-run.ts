// CLI (plain Node). The writing half of `lectern course push` (course-push.ts plans): asks before
// pushing unless --yes, runs the plan with the upload engine and prints what it did. Loaded only
// when a plan is to be pushed, so a --dry-run never loads the upload engine, its journal or the
// media readers (scripts/build/cli.ts keeps them in their own chunks).
import { createInterface } from 'node:readline/promises';
import { pushEventSentence, pushHeadline } from '../../../src-shared/push-events.ts';
import { escapeControls } from '../../../src-shared/text-controls.ts';
// The CLI sets no language: t() says the catalogue's English, the same sentences the app translates.
import { t } from '../../i18n/index.ts';
import {
  StructureRefusedError,
  deletionList,
  executePush,
  planIsEmpty,
  planView,
  type PushApi,
  type PushOutcome,
  type PushPlan,
  type PushState,
} from '../../course-push/index.ts';
import { formatBytes } from '../../../src-shared/units.ts';
import type { CommandContext } from '../command.ts';
import { EXIT } from '../exit-codes.ts';
import { UsageError } from '../globals.ts';
import { openManager } from './uploads.ts';

/** Pushes a plan the user saw (printed by course-push.ts); resolves to the command's exit code. */
export async function runPush(
  ctx: CommandContext,
  plan: PushPlan,
  { api, state, onWaiting }: { api: PushApi; state: PushState; onWaiting: (waiting: boolean) => void },
): Promise<number> {
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
      : pushHeadline(courseName, o.events, t);
  return [`${headline}${uploaded}${failed}`, ...o.events.map((e) => `  ${pushEventSentence(e, t)}`)];
}
