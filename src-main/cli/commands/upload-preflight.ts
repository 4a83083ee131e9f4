// CLI (plain Node). What `lectern upload` checks before any upload session is made: files that are
// not videos are refused with the reason; content already queued, uploaded or in the section is
// skipped with a notice unless --allow-duplicates. Everything it says goes to stderr. Each accepted
// file is handed on at once, in the order given, so its upload starts while the next ones are
// still being checked (the next two are read ahead).
import { resolve } from 'node:path';
import {
  FileAccessError,
  describeMedia,
  findDuplicates,
  inspectFile,
  knownUploads,
  rerunOf,
  statFile,
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

/** Files read ahead of the one being decided (their probes overlap its duplicate check and upload). */
const READ_AHEAD = 2;

export async function preflightFiles(
  ctx: CommandContext,
  manager: UploadManager,
  paths: readonly string[],
  target: LessonTarget,
  allowDuplicates: boolean,
  /** The target section's lessons, asked for by the caller before the files are read. */
  sectionRead: Promise<SectionRead>,
  onAccepted: (entry: { path: string; check: FileCheck | null }) => Promise<void> = async () => undefined,
): Promise<PreflightOutcome> {
  // A missing or empty file is the caller's mistake: said before anything starts.
  try {
    for (const given of paths) await statFile(resolve(given));
  } catch (error) {
    if (error instanceof FileAccessError) throw new UsageError(error.message);
    throw error;
  }
  const known = knownUploads(manager);
  const read = (given: string): Promise<{ path: string; check: FileCheck | null }> => {
    const path = resolve(given);
    return (async () => ({ path, check: (await rerunOf(known, path, target)) ? null : await inspectFile(path) }))();
  };
  const reads: Promise<{ path: string; check: FileCheck | null }>[] = [];
  const readUpTo = (i: number) => {
    while (reads.length <= Math.min(i, paths.length - 1)) {
      const p = read(paths[reads.length]!);
      p.catch(() => undefined); // awaited in turn below; a failure read ahead must not go unhandled
      reads.push(p);
    }
  };
  const outcome: PreflightOutcome = { accepted: [], refused: [], skipped: [] };
  let section: SectionRead | undefined;
  const earlier: FileCheck[] = [];
  const accept = async (entry: { path: string; check: FileCheck | null }) => {
    outcome.accepted.push(entry);
    await onAccepted(entry);
  };
  for (let i = 0; i < paths.length; i++) {
    readUpTo(i + READ_AHEAD);
    let entry: { path: string; check: FileCheck | null };
    try {
      entry = await reads[i]!;
    } catch (error) {
      if (error instanceof FileAccessError) throw new UsageError(error.message);
      throw error;
    }
    const { check } = entry;
    if (!check) {
      await accept(entry);
      continue;
    }
    if (!check.video) {
      ctx.out.note(`${check.reason} Not uploaded.`);
      outcome.refused.push(check);
      continue;
    }
    section ??= await sectionRead;
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
    await accept(entry);
  }
  return outcome;
}

/** A section's lessons for "already in this section"; null lessons when they could not be read. */
export interface SectionRead {
  courseId: string;
  sectionId: string;
  lessons: SectionLesson[] | null;
}
