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
import { UploadManagerError, storedCheckOf, type AddUploadInput, type LessonTarget } from '../../uploads/index.ts';
import type { Command } from '../command.ts';
import { COMMAND_HELP } from '../help.ts';
import { UsageError, positiveInt } from '../globals.ts';
import { preflightFiles } from './upload-preflight.ts';
import { openManager, parseByteRate, parseDuration, runToEnd } from './uploads.ts';

const USAGE = COMMAND_HELP.upload.usage;

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
    const manager = await openManager(ctx, {
      concurrency,
      bandwidthBytesPerSec: parseByteRate('--limit-rate', stringOption(ctx.options['limit-rate'])) ?? null,
      stallTimeoutMs: stallSeconds === undefined ? undefined : stallSeconds * 1000,
      giveUpAfterMs: parseDuration('--give-up-after', stringOption(ctx.options['give-up-after'])) ?? null,
    });
    try {
      const allowDuplicates = ctx.options['allow-duplicates'] === true;
      const checked = await preflightFiles(ctx, manager, files, target, allowDuplicates);
      const inputs: AddUploadInput[] = checked.accepted.map(({ path, check }) => ({
        path,
        lessonTarget: target.kind === 'new' && title !== undefined ? { ...target, title } : target,
        // The type the bytes show, not the one the name suggests.
        ...(check ? { fileCheck: storedCheckOf(check), ...(check.mime ? { contentType: check.mime } : {}) } : {}),
      }));
      let rows;
      try {
        rows = await manager.add(inputs, { reuseExisting: true });
      } catch (error) {
        if (error instanceof UploadManagerError) throw new UsageError(error.message);
        throw error;
      }
      for (const r of rows)
        if (r.state === 'done') ctx.out.note(`${r.fileName} was already uploaded (lesson ${r.lessonId}).`);
      const code = await runToEnd(ctx, manager, rows);
      // A file that is not a video is the caller's mistake, like a missing one.
      return code === 0 && checked.refused.length > 0 ? 2 : code;
    } finally {
      await manager.close();
    }
  },
};

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
