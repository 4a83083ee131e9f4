// CLI (plain Node). What `lectern upload` checks before any upload session is made: files that are
// not videos are refused with the reason; content already queued, uploaded or in the section is
// skipped with a notice unless --allow-duplicates. Everything it says goes to stderr.
import { resolve } from 'node:path';
import type { LessonTarget, UploadManager } from '../../uploads/index.ts';
import { FileAccessError } from '../../uploads/file-identity.ts';
import type { SectionLesson } from '../../uploads/duplicates.ts';
import { describeMedia, findDuplicates, inspectFile, knownUploads, type FileCheck } from '../../uploads/preflight.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';

export interface PreflightOutcome {
  /** Files to upload, in the order given, with what was read from them. */
  accepted: FileCheck[];
  refused: FileCheck[];
  skipped: FileCheck[];
}

export async function preflightFiles(
  ctx: CommandContext,
  manager: UploadManager,
  paths: readonly string[],
  target: LessonTarget,
  allowDuplicates: boolean,
): Promise<PreflightOutcome> {
  const checks: FileCheck[] = [];
  for (const path of paths) {
    try {
      checks.push(await inspectFile(resolve(path)));
    } catch (error) {
      if (error instanceof FileAccessError) throw new UsageError(error.message);
      throw error;
    }
  }
  const outcome: PreflightOutcome = { accepted: [], refused: [], skipped: [] };
  const videos = checks.filter((c) => c.video);
  const section = videos.length > 0 ? await sectionOf(ctx, target) : null;
  const known = knownUploads(manager);
  const earlier: FileCheck[] = [];
  for (const check of checks) {
    if (!check.video) {
      ctx.out.note(`${check.reason} Not uploaded.`);
      outcome.refused.push(check);
      continue;
    }
    const hits = await findDuplicates(check, { known, earlier, section, resumeTarget: target });
    earlier.push(check);
    const facts = describeMedia(check.media);
    if (facts) ctx.out.note(`${check.fileName}: ${facts}`);
    for (const w of check.warnings) ctx.out.note(`${check.fileName}: warning: ${w.message}`);
    const same = hits.find((h) => h.sameContent);
    for (const h of hits.filter((x) => !x.sameContent)) ctx.out.note(`${check.fileName}: note: ${h.message}`);
    if (same && !allowDuplicates) {
      ctx.out.note(`${check.fileName}: skipped, a duplicate. ${same.message} (--allow-duplicates uploads it anyway)`);
      outcome.skipped.push(check);
      continue;
    }
    if (same) ctx.out.note(`${check.fileName}: a duplicate, uploaded anyway (--allow-duplicates). ${same.message}`);
    outcome.accepted.push(check);
  }
  return outcome;
}

/** The section's lessons, for "already in this section"; unknown (null) when they cannot be read now. */
async function sectionOf(ctx: CommandContext, target: LessonTarget) {
  let lessons: SectionLesson[] | null = null;
  try {
    const section = await (await ctx.client()).sections.get(target.courseId, target.sectionId);
    lessons = section.lessons;
  } catch {
    // The upload itself will report an unreachable server or a wrong section.
  }
  return { courseId: target.courseId, sectionId: target.sectionId, lessons };
}
