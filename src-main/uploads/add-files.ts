// Main process / plain Node. What adding files to the engine needs before they are rows: each
// file's target checked and normalised, its identity read (size, mtime, inode), its new journal
// row, and — when asked to reuse — the row of the same file added already, by this engine or by
// another process sharing the journal.
import { randomUUID } from 'node:crypto';
import { basename, resolve } from 'node:path';
import {
  FileAccessError,
  contentTypeFor,
  readIdentity,
  titleFromFileName,
  type FileIdentity,
} from './file-identity.ts';
import type { JournalRow, UploadJournal } from './journal.ts';
import { jobFromJournal } from './journal-jobs.ts';
import { UploadManagerError } from './manager-error.ts';
import type { Scheduler } from './scheduler.ts';
import { sameTarget } from './targets.ts';
import type { AddUploadInput, UploadTarget } from './types.ts';
import type { UploadJob } from './upload-job.ts';
import { requestWords } from './upload-words.ts';

/** A row as first written: no parts, no place in its section's order, no video followed yet. */
export type NewJournalRow = Omit<JournalRow, 'parts' | 'lessonOrder' | 'video'>;

/** The files as the engine takes them: absolute paths, targets checked (throws on a bad one). */
export function checkInputs(files: readonly AddUploadInput[]): AddUploadInput[] {
  return files.map((f) => ({ ...f, path: resolve(f.path), lessonTarget: normaliseTarget(f) }));
}

/** Each file's identity; a file that cannot be read fails the whole add, saying which. */
export async function readIdentities(inputs: readonly AddUploadInput[]): Promise<FileIdentity[]> {
  try {
    return await Promise.all(inputs.map((f) => readIdentity(f.path)));
  } catch (error) {
    if (error instanceof FileAccessError) throw new UploadManagerError(error.code, error.message, { path: error.path });
    throw error;
  }
}

export function newJournalRow(
  input: AddUploadInput,
  identity: FileIdentity,
  place: { position: number; batchId: string },
): NewJournalRow {
  return {
    id: randomUUID(),
    position: place.position,
    identity,
    fileName: basename(identity.path).slice(0, 255),
    contentType: input.contentType ?? contentTypeFor(identity.path),
    target: input.lessonTarget,
    state: 'queued',
    sessionId: null,
    sessionKey: randomUUID(),
    partSize: null,
    totalParts: null,
    sessionCompleted: false,
    lessonKey: randomUUID(),
    attachAttempted: false,
    lessonId: null,
    bytesSent: 0,
    bytesResent: 0,
    error: null,
    notice: null,
    createdAt: new Date().toISOString(),
    batchId: place.batchId,
  };
}

/**
 * The same file to the same place, added already: by another process since this engine read the
 * journal (then taken into the scheduler), or by this engine. None: `row` is written, as new.
 */
export function sameFileAdded(row: NewJournalRow, journal: UploadJournal, scheduler: Scheduler): UploadJob | null {
  const onDisk = journal.findSameOrInsert(row, true);
  const known = onDisk === null ? undefined : scheduler.jobs.find((j) => j.id === onDisk);
  if (known) return known;
  const stored = onDisk === null ? undefined : journal.loadOne(onDisk);
  if (stored) {
    const job = jobFromJournal(stored);
    scheduler.addJob(job);
    return job;
  }
  const { identity } = row;
  const existing = scheduler.jobs.find(
    (j) =>
      j.identity.path === identity.path &&
      j.identity.size === identity.size &&
      j.identity.mtimeMs === identity.mtimeMs &&
      sameTarget(j.target, row.target),
  );
  return existing ?? null;
}

function normaliseTarget(input: AddUploadInput): UploadTarget {
  const t = input.lessonTarget;
  if (t?.kind === 'preview') {
    const title = typeof t.title === 'string' ? t.title.trim() : '';
    if (typeof t.courseId !== 'string' || !t.courseId || !title || title.length > 255) {
      throw new UploadManagerError('INVALID_TARGET', requestWords.previewTarget());
    }
    return { kind: 'preview', courseId: t.courseId, title };
  }
  if (!t || typeof t.courseId !== 'string' || typeof t.sectionId !== 'string' || !t.courseId || !t.sectionId) {
    throw new UploadManagerError('INVALID_TARGET', requestWords.chooseSection());
  }
  if (t.kind === 'replace') {
    if (typeof t.lessonId !== 'string' || !t.lessonId) {
      throw new UploadManagerError('INVALID_TARGET', requestWords.chooseLesson());
    }
    return { kind: 'replace', courseId: t.courseId, sectionId: t.sectionId, lessonId: t.lessonId };
  }
  const title = (typeof t.title === 'string' ? t.title.trim() : '') || titleFromFileName(input.path);
  if (title.length > 255) throw new UploadManagerError('INVALID_TITLE', 'A lesson title has 1 to 255 characters.');
  return { kind: 'new', courseId: t.courseId, sectionId: t.sectionId, title };
}
