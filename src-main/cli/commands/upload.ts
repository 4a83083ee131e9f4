// CLI (plain Node). `lectern upload FILE... (--section COURSE_ID/SECTION_ID |
// --lesson COURSE_ID/SECTION_ID/LESSON_ID) [--concurrency N] [--limit-rate BYTES_PER_S]
// [--give-up-after DURATION]`.
// Each file becomes a new VIDEO lesson in the section (title from the file name) or replaces the
// lesson's video. Killed and run again with the same arguments, it resumes from the journal of
// its server and key in --data-dir: the same file to the same target is picked up, never uploaded
// twice. Before any session is made, files that are not videos are refused and duplicates skipped
// (upload-preflight.ts).
// When the server cannot be reached it waits (saying so on stderr) and continues by itself, unless
// --give-up-after says how long a script is willing to wait (then exit 4).
// This file checks the command line and sends the first request; the upload engine is loaded
// after it (upload-run.ts), so the server is already at work while the engine starts.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { LessonTarget } from '../../uploads/index.ts';
import { parseByteRate, parseDuration } from '../args.ts';
import type { Command, CommandContext } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { UsageError, positiveInt } from '../globals.ts';
import type { SectionRead } from './upload-preflight.ts';

const USAGE = COMMAND_HELP.upload.usage;
/** undici publishes here as it writes a request's headers to its socket. */
const SEND_HEADERS = 'undici:client:sendHeaders';

export const uploadCommand: Command = {
  name: 'upload',
  options: {
    section: { type: 'string' },
    lesson: { type: 'string' },
    title: { type: 'string' },
    concurrency: { type: 'string' },
    'limit-rate': { type: 'string' },
    'stall-timeout': { type: 'string' },
    'allow-duplicates': { type: 'boolean' },
    'give-up-after': { type: 'string' },
  },
  async run(ctx) {
    const files = ctx.args;
    if (files.length === 0) throw new UsageError(`expected at least one FILE. Usage: lectern ${USAGE[0]}`);
    const target = readTarget(stringOption(ctx.options.section), stringOption(ctx.options.lesson), files.length);
    const title = stringOption(ctx.options.title);
    if (title !== undefined && (target.kind !== 'new' || files.length !== 1)) {
      throw new UsageError('--title applies to a single FILE uploaded with --section');
    }
    const concurrency = positiveInt('--concurrency', ctx.options.concurrency);
    if (concurrency !== undefined && concurrency > 32) throw new UsageError('--concurrency must be at most 32');
    const stallSeconds = positiveInt('--stall-timeout', ctx.options['stall-timeout']);
    const engine = {
      concurrency,
      bandwidthBytesPerSec: parseByteRate('--limit-rate', stringOption(ctx.options['limit-rate'])) ?? null,
      stallTimeoutMs: stallSeconds === undefined ? undefined : stallSeconds * 1000,
      giveUpAfterMs: parseDuration('--give-up-after', stringOption(ctx.options['give-up-after'])) ?? null,
    };
    // The section's lessons (for "already in this section") are asked for first: the server answers
    // while the upload engine loads, the journal opens and the files are read.
    const section = await startSectionRead(ctx, target);
    // Loading the engine holds the event loop for a while: let the request reach the wire first.
    await untilSent(section.answer);
    const { uploadFiles } = await import('./upload-run.ts');
    return uploadFiles(ctx, {
      files,
      target,
      title,
      engine,
      section,
      allowDuplicates: ctx.options['allow-duplicates'] === true,
    });
  },
};

/**
 * Sends the request for the target section's lessons and returns its answer to come, which is null
 * when they cannot be read now (the upload itself will report an unreachable server or a wrong
 * section).
 */
async function startSectionRead(ctx: CommandContext, target: LessonTarget): Promise<{ answer: Promise<SectionRead> }> {
  const client = await ctx.client();
  const answer = client.sections.get(target.courseId, target.sectionId, { signal: ctx.signal }).then(
    (section): SectionRead => ({
      courseId: target.courseId,
      sectionId: target.sectionId,
      lessons: section.lessons ?? null,
    }),
    (): SectionRead => ({ courseId: target.courseId, sectionId: target.sectionId, lessons: null }),
  );
  return { answer };
}

/** How long the engine waits for the first request to leave before loading anyway. */
const SEND_WAIT_MS = 250;

/**
 * Resolves when undici has written the headers of a request (its diagnostics channel; nothing of
 * the request is read here), when `answer` settles (refused at once), or after SEND_WAIT_MS.
 */
function untilSent(answer: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe(SEND_HEADERS, done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, SEND_WAIT_MS);
    subscribe(SEND_HEADERS, done);
    void answer.finally(done);
  });
}

function readTarget(section: string | undefined, lesson: string | undefined, fileCount: number): LessonTarget {
  if ((section === undefined) === (lesson === undefined)) {
    throw new UsageError(
      `pass exactly one of --section COURSE_ID/SECTION_ID or --lesson COURSE_ID/SECTION_ID/LESSON_ID. Usage: lectern ${USAGE[0]}`,
    );
  }
  if (section !== undefined) {
    const parts = section.split('/');
    if (parts.length !== 2 || parts.some((p) => p.trim() === ''))
      throw new UsageError('--section must be COURSE_ID/SECTION_ID');
    // The title is filled in from each file name by the engine.
    return { kind: 'new', courseId: parts[0]!, sectionId: parts[1]!, title: '' };
  }
  const parts = (lesson ?? '').split('/');
  if (parts.length !== 3 || parts.some((p) => p.trim() === ''))
    throw new UsageError('--lesson must be COURSE_ID/SECTION_ID/LESSON_ID');
  if (fileCount !== 1) throw new UsageError("--lesson replaces one lesson's video: pass exactly one FILE");
  return { kind: 'replace', courseId: parts[0]!, sectionId: parts[1]!, lessonId: parts[2]! };
}

function stringOption(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
