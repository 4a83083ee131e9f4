// CLI (plain Node). What `lectern upload` checks before any upload session is made: files that are
// not videos are refused with the reason; content already queued, uploaded or in the section is
// skipped with a notice unless --allow-duplicates. Everything it says goes to stderr.
import { resolve } from 'node:path';
import {
  FileAccessError,
  describeMedia,
  findDuplicates,
  inspectFile,
  knownUploads,
  rerunOf,
  type FileCheck,
  type LessonTarget,
  type SectionLesson,
  type UploadManager,
} from '../../uploads/index.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';

export interface PreflightOutcome {
  /** Files to upload, in the order given, with what was read from them (null: a rerun the journal knows). */
  accepted: { path: string; check: FileCheck | null }[];
  refused: FileCheck[];
  skipped: FileCheck[];
}

export async function preflightFiles(
  ctx: CommandContext,
  manager: UploadManager,
  paths: readonly string[],
  target: LessonTarget,
  allowDuplicates: boolean,
  /** The target section's lessons, asked for by the caller before the files are read. */
  sectionRead: Promise<SectionRead>,
): Promise<PreflightOutcome> {
  const known = knownUploads(manager);
  const entries: { path: string; check: FileCheck | null }[] = [];
  for (const given of paths) {
    const path = resolve(given);
    try {
      entries.push({ path, check: (await rerunOf(known, path, target)) ? null : await inspectFile(path) });
    } catch (error) {
      if (error instanceof FileAccessError) throw new UsageError(error.message);
      throw error;
    }
  }
  const outcome: PreflightOutcome = { accepted: [], refused: [], skipped: [] };
  const section = entries.some((e) => e.check?.video) ? await sectionRead : null;
  const earlier: FileCheck[] = [];
  for (const { path, check } of entries) {
    if (!check) {
      outcome.accepted.push({ path, check });
      continue;
    }
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
    outcome.accepted.push({ path, check });
  }
  return outcome;
}

/** A section's lessons for "already in this section"; null lessons when they could not be read. */
export interface SectionRead {
  courseId: string;
  sectionId: string;
  lessons: SectionLesson[] | null;
}
