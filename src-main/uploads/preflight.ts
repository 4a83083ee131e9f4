// Main process / plain Node. The check every file passes before an upload session is made for it:
// is it a video (by its bytes), what does it hold (duration, size, codecs, warnings), and is the
// same content already queued, uploaded or in the chosen section. The app's staging rows and the
// CLI's `upload` both use it; nothing here talks to the server.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { DUPLICATE_KINDS } from '../../src-shared/index.ts';
import {
  fullSha256,
  sampleSha256,
  type ContentFingerprint,
  type DuplicateHit,
  type SectionLesson,
} from './duplicates.ts';
import { FileAccessError, titleFromFileName } from './file-identity.ts';
import {
  FormatReadError,
  MediaProbeError,
  checkVideoContainer,
  durationSecondsOf,
  mediaWarnings,
  probeMedia,
  type MediaFacts,
  type MediaWarning,
} from '../media/index.ts';
import { sameTarget, sectionOf } from './targets.ts';
import { duplicateWords, fileWords } from './upload-words.ts';
import type { StoredFileCheck, UploadManager, UploadRow, UploadTarget } from './types.ts';

export interface FileCheck {
  path: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  /** A video container by its bytes; false = refused before any session is created. */
  video: boolean;
  mime: string | null;
  /** Why it is refused ("notes.mp4 is a text file, not a video."); null for a video. */
  reason: string | null;
  /** What the prober read; null when refused or unreadable (then a warning says so). */
  media: MediaFacts | null;
  warnings: MediaWarning[];
  content: ContentFingerprint;
}

// Checks are kept per path, size and mtime: re-checking after the section changes, or the CLI and
// app asking twice, costs a stat.
const MAX_CACHED = 2000;
const checks = new Map<string, Promise<FileCheck>>();
const contentChecks = new Map<string, Promise<FileCheck>>();
const fullHashes = new Map<string, Promise<string>>();

function remember<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  }
  return value;
}

/** Throws FileAccessError (not found, empty, unreadable) like the engine's own add. */
export async function inspectFile(path: string): Promise<FileCheck> {
  const info = await statFile(path);
  return remember(checks, `${path}\0${info.size}\0${info.mtimeMs}`, async () => withMedia(await inspectContent(path)));
}

/** A stat with the engine's errors (as readIdentity words them), without its 2 MiB of hashing. */
export async function statFile(path: string): Promise<{ size: number; mtimeMs: number }> {
  const name = basename(path);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new FileAccessError('FILE_NOT_FOUND', path, fileWords.notFound(name), error);
    throw new FileAccessError('FILE_UNREADABLE', path, fileWords.unreadable(name, code ?? 'error'), error);
  }
  if (!info.isFile()) throw new FileAccessError('NOT_A_FILE', path, fileWords.notAFile(name));
  if (info.size === 0) throw new FileAccessError('FILE_EMPTY', path, fileWords.empty(name));
  return info;
}

/**
 * The part of the check that decides: is it a video by its bytes, and its content fingerprint
 * (duplicates). Media and warnings are left empty; `withMedia` fills them. The CLI decides on this
 * alone and probes while the bytes already move, since what the prober reads only informs.
 */
export async function inspectContent(path: string): Promise<FileCheck> {
  const info = await statFile(path);
  return remember(contentChecks, `${path}\0${info.size}\0${info.mtimeMs}`, () => readContent(path, info.mtimeMs));
}

async function readContent(path: string, mtimeMs: number): Promise<FileCheck> {
  const fileName = basename(path);
  try {
    const [verdict, sampled] = await Promise.all([checkVideoContainer(path), sampleSha256(path)]);
    const content: ContentFingerprint = { ...sampled, sha256: null };
    const base = {
      path,
      fileName,
      size: sampled.size,
      mtimeMs,
      mime: verdict.mime,
      content,
      media: null,
      warnings: [],
    };
    return verdict.ok ? { ...base, video: true, reason: null } : { ...base, video: false, reason: verdict.reason };
  } catch (error) {
    throw asAccessError(error, path);
  }
}

/** The check with what the prober read from a video (a copy; refused files come back as they are). */
export async function withMedia(check: FileCheck): Promise<FileCheck> {
  if (!check.video) return check;
  try {
    const media = await probeMedia(check.path);
    return { ...check, media, warnings: mediaWarnings(media) };
  } catch (error) {
    if (!(error instanceof MediaProbeError || error instanceof FormatReadError)) throw asAccessError(error, check.path);
    // A container whose insides the prober cannot read may still play on the server: warn only.
    const warning: MediaWarning = { code: 'MEDIA_UNREADABLE', message: fileWords.mediaUnreadable() };
    return { ...check, media: null, warnings: [warning] };
  }
}

function asAccessError(error: unknown, path: string): FileAccessError {
  if (error instanceof FileAccessError) return error;
  // The reader thread failed on its first bytes (crashed, out of memory, too slow): said as such.
  const message = error instanceof FormatReadError ? error.message : fileWords.unreadable(basename(path));
  return new FileAccessError('FILE_UNREADABLE', path, message, error);
}

/** What the journal stores for an accepted file. */
export function storedCheckOf(check: FileCheck): StoredFileCheck {
  return { mime: check.mime, media: check.media, content: check.content, mtimeMs: check.mtimeMs };
}

async function fullHashOf(path: string, size: number): Promise<string | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile() || info.size !== size) return null;
  return remember(fullHashes, `${path}\0${info.size}\0${info.mtimeMs}`, () => fullSha256(path));
}

/** An upload the journal knows, with what was read from its file when it was added. */
export interface KnownUpload {
  row: Pick<UploadRow, 'id' | 'fileName' | 'path' | 'state' | 'target' | 'lessonId' | 'createdAt'>;
  check: StoredFileCheck | null;
}

/** The journal's uploads with what was read from their files. */
export function knownUploads(manager: Pick<UploadManager, 'list' | 'fileChecks'>): KnownUpload[] {
  const stored = manager.fileChecks();
  return manager.list().map((row) => ({ row, check: stored.get(row.id) ?? null }));
}

/**
 * The journal's upload of this very file (path, size, mtime as read then) to this target: running
 * the same command again resumes it, and what was read then still holds, so nothing is re-read.
 */
export async function rerunOf(
  known: readonly KnownUpload[],
  path: string,
  target: UploadTarget,
): Promise<KnownUpload | undefined> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return undefined;
  return known.find(
    ({ row, check }) =>
      row.state !== 'cancelled' &&
      row.path === path &&
      sameTarget(row.target, target) &&
      check?.content.size === info.size &&
      check.mtimeMs === info.mtimeMs,
  );
}

/**
 * The batch a stopped run of the same command made (its newest when there are several): the files
 * that run had not added yet join it, so the lessons keep the given order across runs instead of
 * the late ones landing as a batch of their own, last. Null when none of the files is in the journal.
 */
export function continuedBatch(
  rows: readonly Pick<UploadRow, 'state' | 'batchId' | 'path' | 'target' | 'createdAt'>[],
  paths: readonly string[],
  target: UploadTarget,
): string | null {
  const given = new Set(paths);
  let newest: (typeof rows)[number] | null = null;
  for (const row of rows) {
    if (row.state === 'cancelled' || row.batchId === null || !given.has(row.path) || !sameTarget(row.target, target))
      continue;
    if (!newest || row.createdAt > newest.createdAt) newest = row;
  }
  return newest?.batchId ?? null;
}

export interface DuplicateContext {
  /** Rows of the upload journal (queued, running, failed and finished). */
  known: readonly KnownUpload[];
  /** Files checked before this one in the same batch. */
  earlier: readonly FileCheck[];
  /** The chosen section and its lessons as the server lists them (null when not loaded). */
  section: { courseId: string; sectionId: string; lessons: readonly SectionLesson[] | null } | null;
  /** The CLI's rerun: a journal row of this very path and target is a resume, not a duplicate. */
  resumeTarget?: UploadTarget;
}

/**
 * Where this content already is. A match on size and samples is confirmed by the full SHA-256 of
 * both files; when the other file is no longer on disk (uploaded, then moved) its stored full hash
 * is used, and without one the sampled match stands. The server gives lessons no content hash,
 * so "in the section" means an upload Lectern made whose lesson is still in the section; a lesson
 * with the file's title and length is reported as a weaker hint.
 */
export async function findDuplicates(file: FileCheck, context: DuplicateContext): Promise<DuplicateHit[]> {
  if (!file.video) return [];
  const hits: DuplicateHit[] = [];
  const confirm = async (other: { path: string; content: ContentFingerprint }): Promise<boolean> => {
    if (other.content.size !== file.size || other.content.sampleSha256 !== file.content.sampleSha256) return false;
    const theirs = other.content.sha256 ?? (await fullHashOf(other.path, other.content.size));
    if (theirs === null) return true;
    const ours = file.content.sha256 ?? (await fullHashOf(file.path, file.size));
    if (ours === null) return true;
    file.content.sha256 = ours;
    return ours === theirs;
  };
  const lessons = context.section?.lessons ?? null;
  const reported = new Set<string>();

  for (const earlier of context.earlier) {
    if (earlier.path === file.path && earlier.mtimeMs === file.mtimeMs) {
      hits.push(hit('batch', duplicateWords.sameFileInBatch(file.fileName), true));
    } else if (earlier.video && (await confirm(earlier))) {
      hits.push(hit('batch', duplicateWords.sameVideoInBatch(earlier.fileName), true));
    }
  }
  for (const { row, check } of context.known) {
    if (row.state === 'cancelled' || !check) continue;
    if (context.resumeTarget && row.path === file.path && sameTarget(row.target, context.resumeTarget)) continue;
    if (!(await confirm({ path: row.path, content: check.content }))) continue;
    const when = row.createdAt.slice(0, 10);
    if (row.state !== 'done') {
      hits.push(hit('queued', duplicateWords.sameVideoQueued(row.fileName, row.state), true, row.id));
      continue;
    }
    const lesson =
      context.section && sectionOf(row.target) === context.section.sectionId && row.lessonId
        ? lessons?.find((l) => l.id === row.lessonId)
        : undefined;
    if (lesson) {
      reported.add(lesson.id);
      hits.push(hit('in-section', duplicateWords.inSection(lesson.title, row.fileName, when), true, row.id, lesson.id));
    } else {
      hits.push(
        hit('uploaded', duplicateWords.sameVideoUploaded(row.fileName, when), true, row.id, row.lessonId ?? undefined),
      );
    }
  }
  hits.push(...similarLessonHints(file, lessons, reported));
  return hits.sort((a, b) => DUPLICATE_KINDS.indexOf(a.kind) - DUPLICATE_KINDS.indexOf(b.kind));
}

/**
 * The weaker hint: a lesson of the section with the file's title and length (within a second).
 * Needs the probed length, so the CLI asks for it alone once the probe is done; `reported` holds
 * the lessons already named as holding this very content.
 */
export function similarLessonHints(
  file: FileCheck,
  lessons: readonly SectionLesson[] | null,
  reported: ReadonlySet<string> = new Set(),
): DuplicateHit[] {
  if (!file.video) return [];
  const hits: DuplicateHit[] = [];
  const seconds = file.media ? durationSecondsOf(file.media) : null;
  const title = titleFromFileName(file.path).toLocaleLowerCase();
  for (const lesson of lessons ?? []) {
    const length = lesson.duration_seconds ?? 0;
    if (reported.has(lesson.id) || seconds === null || length <= 0 || lesson.title === undefined) continue;
    if (lesson.title.trim().toLocaleLowerCase() === title && Math.abs(length - seconds) <= 1) {
      hits.push(hit('similar-lesson', duplicateWords.similarLesson(lesson.title), false, undefined, lesson.id));
    }
  }
  return hits;
}

function hit(
  kind: DuplicateHit['kind'],
  message: string,
  sameContent: boolean,
  uploadRowId?: string,
  lessonId?: string,
): DuplicateHit {
  return { kind, message, sameContent, ...(uploadRowId ? { uploadRowId } : {}), ...(lessonId ? { lessonId } : {}) };
}

/** "0:03 · 160×120 · AVC": what a staging row or a CLI line shows. */
export function describeMedia(media: MediaFacts | null): string | null {
  if (!media) return null;
  const parts: string[] = [];
  const seconds = durationSecondsOf(media);
  if (seconds !== null) parts.push(formatDuration(seconds));
  if (media.width && media.height) parts.push(`${media.width}×${media.height}`);
  const codecs = [media.videoCodec, media.audioCodec].filter((c): c is string => Boolean(c));
  if (codecs.length > 0) parts.push(codecs.join(' + '));
  return parts.join(' · ') || null;
}

export function formatDuration(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = String(totalSeconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
