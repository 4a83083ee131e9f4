// Main process / plain Node. The upload manager: the public service (add, pause, resume, cancel,
// retry, list, events) over one journal. Scheduling of part PUTs lives in scheduler.ts.

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import {
  FileAccessError,
  contentTypeFor,
  readIdentity,
  titleFromFileName,
  type FileIdentity,
} from './file-identity.ts';
import { UploadJournal } from './journal.ts';
import { Scheduler } from './scheduler.ts';
import { UploadJob } from './upload-job.ts';
import type {
  AddOptions,
  AddUploadInput,
  LessonTarget,
  UploadManager,
  UploadManagerOptions,
  UploadRow,
  UploadState,
} from './types.ts';

/** Error thrown by the manager's own methods; plain `{ code, message }` for IPC. */
export class UploadManagerError extends Error {
  readonly code: string;
  readonly details?: unknown;
  constructor(code: string, message: string, details?: unknown) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

const RESUMABLE_ON_LOAD: ReadonlySet<UploadState> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'changed',
]);

export function createUploadManager(options: UploadManagerOptions): UploadManager {
  if (options.journalPath !== ':memory:') mkdirSync(dirname(resolve(options.journalPath)), { recursive: true });
  const journal = new UploadJournal(options.journalPath, options.onJournalCorrupt);
  const jobs = journal.loadAll().map((row) => {
    // A run that ended mid-flight comes back queued; the journal says how far it got.
    const state: UploadState = RESUMABLE_ON_LOAD.has(row.state) ? 'queued' : row.state;
    return new UploadJob({ ...row, state });
  });
  const scheduler = new Scheduler({ ...options, journal, jobs });
  let startedAll = false;
  let closed = false;

  const find = (id: string): UploadJob => {
    const job = scheduler.jobs.find((j) => j.id === id);
    if (!job) throw new UploadManagerError('UPLOAD_NOT_FOUND', `No upload with id ${id}.`);
    return job;
  };
  const ensureOpen = () => {
    if (closed) throw new UploadManagerError('MANAGER_CLOSED', 'The upload manager is closed.');
  };

  return {
    async add(files: readonly AddUploadInput[], addOptions: AddOptions = {}): Promise<UploadRow[]> {
      ensureOpen();
      const inputs = files.map((f) => ({ ...f, path: resolve(f.path), lessonTarget: normaliseTarget(f) }));
      let identities: FileIdentity[];
      try {
        identities = await Promise.all(inputs.map((f) => readIdentity(f.path)));
      } catch (error) {
        if (error instanceof FileAccessError)
          throw new UploadManagerError(error.code, error.message, { path: error.path });
        throw error;
      }
      ensureOpen();
      const rows: UploadRow[] = [];
      inputs.forEach((input, i) => {
        const identity = identities[i]!;
        if (addOptions.reuseExisting) {
          const existing = scheduler.jobs.find(
            (j) =>
              j.identity.path === identity.path &&
              j.identity.size === identity.size &&
              j.identity.mtimeMs === identity.mtimeMs &&
              sameTarget(j.target, input.lessonTarget),
          );
          if (existing) {
            rows.push(existing.toRow());
            return;
          }
        }
        const createdAt = new Date().toISOString();
        const row = {
          id: randomUUID(),
          position: journal.nextPosition(),
          identity,
          fileName: basename(identity.path).slice(0, 255),
          contentType: input.contentType ?? contentTypeFor(identity.path),
          target: input.lessonTarget,
          state: 'queued' as const,
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
          createdAt,
        };
        journal.insert(row);
        const job = new UploadJob(row);
        job.runnable = startedAll;
        scheduler.addJob(job);
        rows.push(job.toRow());
      });
      scheduler.pump();
      return rows;
    },

    start(ids?: readonly string[]): void {
      ensureOpen();
      if (!ids) startedAll = true;
      for (const job of ids ? ids.map(find) : scheduler.jobs) job.runnable = true;
      scheduler.pump();
    },

    pause(id?: string): void {
      ensureOpen();
      for (const job of id ? [find(id)] : [...scheduler.jobs]) scheduler.pauseJob(job);
      scheduler.pump();
    },

    resume(id?: string): void {
      ensureOpen();
      for (const job of id ? [find(id)] : [...scheduler.jobs]) scheduler.resumeJob(job);
      scheduler.pump();
    },

    async cancel(id: string): Promise<void> {
      ensureOpen();
      await scheduler.cancelJob(find(id));
    },

    retry(id: string): void {
      ensureOpen();
      scheduler.retryJob(find(id));
    },

    setTitle(id: string, title: string): void {
      ensureOpen();
      const job = find(id);
      const clean = title.trim();
      if (job.target.kind !== 'new')
        throw new UploadManagerError('NOT_A_NEW_LESSON', 'Only a new lesson has a title here.');
      if (clean.length < 1 || clean.length > 255) {
        throw new UploadManagerError('INVALID_TITLE', 'A lesson title has 1 to 255 characters.');
      }
      if (job.attachAttempted || job.state === 'done') {
        throw new UploadManagerError(
          'TITLE_LOCKED',
          'The lesson is already being created; its title can be changed in the course.',
        );
      }
      job.target = { ...job.target, title: clean };
      journal.setTitle(id, clean);
      scheduler.emitState(job);
    },

    list: () => scheduler.jobs.map((j) => j.toRow()),
    get: (id: string) => scheduler.jobs.find((j) => j.id === id)?.toRow(),

    setConcurrency(slots: number): void {
      scheduler.setConcurrency(slots);
    },
    setBandwidth(bytesPerSec: number | null): void {
      scheduler.bucket.setRate(bytesPerSec);
    },
    dropConnections(): void {
      scheduler.dropConnections();
    },
    checkConnection(): void {
      scheduler.checkConnection();
    },
    whenIdle: () => scheduler.whenIdle(),

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await scheduler.close();
      journal.close();
    },
  };
}

function normaliseTarget(input: AddUploadInput): LessonTarget {
  const t = input.lessonTarget;
  if (!t || typeof t.courseId !== 'string' || typeof t.sectionId !== 'string' || !t.courseId || !t.sectionId) {
    throw new UploadManagerError('INVALID_TARGET', 'Choose a course and a section for every file.');
  }
  if (t.kind === 'replace') {
    if (typeof t.lessonId !== 'string' || !t.lessonId) {
      throw new UploadManagerError('INVALID_TARGET', 'Choose the lesson whose video is replaced.');
    }
    return { kind: 'replace', courseId: t.courseId, sectionId: t.sectionId, lessonId: t.lessonId };
  }
  const title = (typeof t.title === 'string' ? t.title.trim() : '') || titleFromFileName(input.path);
  if (title.length > 255) throw new UploadManagerError('INVALID_TITLE', 'A lesson title has 1 to 255 characters.');
  return { kind: 'new', courseId: t.courseId, sectionId: t.sectionId, title };
}

function sameTarget(a: LessonTarget, b: LessonTarget): boolean {
  if (a.kind !== b.kind || a.courseId !== b.courseId || a.sectionId !== b.sectionId) return false;
  return a.kind === 'replace' && b.kind === 'replace' ? a.lessonId === b.lessonId : true;
}
