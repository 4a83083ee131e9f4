// Main process / plain Node. The app's side of the pre-flight check: what each staged file's row
// shows (refusal reason, probe facts, warnings, duplicates), and the guard that keeps a file that
// is not a video from ever reaching the engine, whatever the renderer sends.
import { FileAccessError } from './file-identity.ts';
import type { DuplicateHit, SectionLesson } from './duplicates.ts';
import { UploadManagerError } from './manager-error.ts';
import { durationSecondsOf } from '../media/index.ts';
import {
  describeMedia,
  findDuplicates,
  inspectFile,
  knownUploads,
  storedCheckOf,
  type FileCheck,
} from './preflight.ts';
import type { StoredFileCheck, UploadManager } from './types.ts';

export interface StagedFileCheck {
  handle: string;
  /** False: refused (not a video, or unreadable); `reason` says why. */
  video: boolean;
  reason: string | null;
  media: {
    summary: string | null;
    durationSeconds: number | null;
    width: number | null;
    height: number | null;
    videoCodec: string | null;
    audioCodec: string | null;
  } | null;
  warnings: { code: string; message: string }[];
  duplicates: Pick<DuplicateHit, 'kind' | 'message' | 'sameContent'>[];
}

export interface StagingContext {
  manager: Pick<UploadManager, 'list' | 'fileChecks'>;
  /** The chosen section, when there is one, and a way to read its lessons (null when it cannot). */
  section: { courseId: string; sectionId: string } | null;
  loadLessons: (courseId: string, sectionId: string) => Promise<readonly SectionLesson[] | null>;
}

/** Checks the staged files in the order given (a later copy of an earlier file is its duplicate). */
export async function checkStagedFiles(
  files: readonly { handle: string; path: string }[],
  context: StagingContext,
): Promise<StagedFileCheck[]> {
  const known = knownUploads(context.manager);
  const lessons = context.section
    ? await context.loadLessons(context.section.courseId, context.section.sectionId).catch(() => null)
    : null;
  const section = context.section ? { ...context.section, lessons } : null;
  const earlier: FileCheck[] = [];
  const out: StagedFileCheck[] = [];
  for (const { handle, path } of files) {
    let check: FileCheck;
    try {
      check = await inspectFile(path);
    } catch (error) {
      if (!(error instanceof FileAccessError)) throw error;
      out.push({ handle, video: false, reason: error.message, media: null, warnings: [], duplicates: [] });
      continue;
    }
    const hits = await findDuplicates(check, { known, earlier, section });
    if (check.video) earlier.push(check);
    out.push({
      handle,
      video: check.video,
      reason: check.reason,
      media: check.media && {
        summary: describeMedia(check.media),
        durationSeconds: durationSecondsOf(check.media),
        width: check.media.width,
        height: check.media.height,
        videoCodec: check.media.videoCodec,
        audioCodec: check.media.audioCodec,
      },
      warnings: check.warnings.map((w) => ({ code: w.code, message: w.message })),
      duplicates: hits.map((h) => ({ kind: h.kind, message: h.message, sameContent: h.sameContent })),
    });
  }
  return out;
}

/**
 * What the journal stores for each file about to be added. Throws NOT_A_VIDEO (with the reason)
 * before anything is added when one of them is not a video.
 */
export async function requireVideos(paths: readonly string[]): Promise<StoredFileCheck[]> {
  const stored: StoredFileCheck[] = [];
  for (const path of paths) {
    let check: FileCheck;
    try {
      check = await inspectFile(path);
    } catch (error) {
      if (error instanceof FileAccessError) throw new UploadManagerError(error.code, error.message);
      throw error;
    }
    if (!check.video) {
      throw new UploadManagerError('NOT_A_VIDEO', check.reason ?? `${check.fileName} is not a video.`, {
        fileName: check.fileName,
      });
    }
    stored.push(storedCheckOf(check));
  }
  return stored;
}
