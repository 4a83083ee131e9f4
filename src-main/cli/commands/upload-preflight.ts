// CLI (plain Node). What `lectern upload` checks before any upload session is made: files that are
// not videos are refused with the reason; content already queued, uploaded or in the section is
// skipped with a notice unless --allow-duplicates. Everything it says goes to stderr. Each accepted
// file is handed on at once, in the order given, so its upload starts while the next ones are
// still being checked (the next two are read ahead). The decision needs only the file's signature
// and content fingerprint; what the prober reads (duration, codecs, warnings) only informs, so it is
// read once every file is decided, while the bytes already move, and said in the order given.
import { resolve } from 'node:path';
import {
  FileAccessError,
  describeMedia,
  findDuplicates,
  similarLessonHints,
  inspectContent,
  knownUploads,
  rerunOf,
  statFile,
  type DuplicateContext,
  type FileCheck,
  type LessonTarget,
  type SectionLesson,
  type UploadManager,
  withMedia,
} from '../../uploads/index.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';

/** A file to upload: what decided it (null: a rerun the journal knows) and the check with the
 * prober's facts to come (null for a rerun). */
export interface AcceptedFile {
  path: string;
  check: FileCheck | null;
  probed: Promise<FileCheck> | null;
}

export interface PreflightOutcome {
  /** Files to upload, in the order given. */
  accepted: AcceptedFile[];
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
  onAccepted: (entry: AcceptedFile) => Promise<void> = async () => undefined,
): Promise<PreflightOutcome> {
  // A missing or empty file is the caller's mistake: said before anything starts.
  try {
    // All at once (one round trip to the disk, not one per file); the first in the order given is told.
    const stats = await Promise.allSettled(paths.map((given) => statFile(resolve(given))));
    const missing = stats.find((s) => s.status === 'rejected');
    if (missing) throw missing.reason;
  } catch (error) {
    if (error instanceof FileAccessError) throw new UsageError(error.message);
    throw error;
  }
  const known = knownUploads(manager);
  // The prober's WebAssembly is the heaviest CPU of the checks and only informs: it starts once
  // every file is decided, so while a batch starts, the decisions and the first bytes have the CPU
  // (on one core they compete; the notes still come in the order given, while the bytes move).
  let everyFileDecided!: () => void;
  const decided = new Promise<void>((resolve) => (everyFileDecided = resolve));
  const read = async (given: string): Promise<AcceptedFile> => {
    const path = resolve(given);
    const check = (await rerunOf(known, path, target)) ? null : await inspectContent(path);
    const probed = check?.video ? decided.then(() => withMedia(check)) : null;
    probed?.catch(() => undefined); // awaited in turn by the notes below
    return { path, check, probed };
  };
  const reads: Promise<AcceptedFile>[] = [];
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
  // What the prober read, said per file in the order given while the uploads already run.
  let notes: Promise<void> = Promise.resolve();
  const noteMedia = (probed: Promise<FileCheck>, reported: ReadonlySet<string>) => {
    notes = notes.then(async () => {
      const full = await probed.catch(() => null);
      // The file changed or went since its check: the upload itself says so; nothing to add here.
      if (!full) return;
      const facts = describeMedia(full.media);
      if (facts) ctx.out.note(`${full.fileName}: ${facts}`);
      for (const w of full.warnings) ctx.out.note(`${full.fileName}: warning: ${w.message}`);
      // Only the length tells a lesson of the same title and length: the one hint that waits for it.
      for (const h of similarLessonHints(full, (await sectionRead).lessons, reported)) {
        ctx.out.note(`${full.fileName}: note: ${h.message}`);
      }
    });
  };
  const accept = async (entry: AcceptedFile) => {
    outcome.accepted.push(entry);
    await onAccepted(entry);
  };
  for (let i = 0; i < paths.length; i++) {
    // The first file alone until it is handed on: its upload starts without sharing the CPU.
    readUpTo(i === 0 ? 0 : i + READ_AHEAD);
    let entry: AcceptedFile;
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
    const context: DuplicateContext = { known, earlier: [...earlier], section: null, resumeTarget: target };
    let hits = await findDuplicates(check, context);
    // The section's lessons only tell whether an uploaded copy's lesson is still in it, which
    // changes the notice, not the decision: only then does the file wait for them (a round trip
    // far from the server), and a new file's upload starts beside the read.
    if (hits.some((h) => h.kind === 'uploaded')) {
      section ??= await sectionRead;
      hits = await findDuplicates(check, { ...context, section });
    }
    earlier.push(check);
    const same = hits.find((h) => h.sameContent);
    if (same && !allowDuplicates) {
      ctx.out.note(`${check.fileName}: skipped, a duplicate. ${same.message} (--allow-duplicates uploads it anyway)`);
      outcome.skipped.push(check);
      continue;
    }
    if (same) ctx.out.note(`${check.fileName}: a duplicate, uploaded anyway (--allow-duplicates). ${same.message}`);
    const inSection = new Set(hits.flatMap((h) => (h.kind === 'in-section' && h.lessonId ? [h.lessonId] : [])));
    if (entry.probed) noteMedia(entry.probed, inSection);
    await accept(entry);
  }
  everyFileDecided();
  await notes;
  return outcome;
}

/** A section's lessons for "already in this section"; null lessons when they could not be read. */
export interface SectionRead {
  courseId: string;
  sectionId: string;
  lessons: SectionLesson[] | null;
}
