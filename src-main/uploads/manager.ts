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
import type { DiskFullError } from '../platform/index.ts';
import { batchOutcome } from './batch-notice.ts';
import { UploadJournal } from './journal.ts';
import { LessonPlacement } from './lesson-order.ts';
import { ownerText, runningElsewhereMessage, thisProcess } from './ownership.ts';
import { RUNNING, Scheduler } from './scheduler.ts';
import { sameTarget } from './targets.ts';
import { UploadJob } from './upload-job.ts';
import { isFinalVideoStatus, VideoFollower } from './video-follow.ts';
import type {
  AddOptions,
  AddUploadInput,
  StoredFileCheck,
  UploadEvent,
  UploadManager,
  UploadManagerOptions,
  UploadRow,
  UploadState,
  UploadTarget,
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
  const journal = new UploadJournal(options.journalPath, options.onJournalCorrupt, (fault) =>
    // After the failing write's own call returns: the engine stops as if killed at that commit.
    queueMicrotask(() => haltOnDiskFull(fault)),
  );
  const loadJobs = () =>
    journal.loadAll().map((row) => {
      // A run that ended mid-flight comes back queued; the journal says how far it got.
      const state: UploadState = RESUMABLE_ON_LOAD.has(row.state) ? 'queued' : row.state;
      return new UploadJob({ ...row, state });
    });
  const jobs = loadJobs();
  const placement = new LessonPlacement(options.api, (): readonly UploadJob[] => scheduler.jobs);
  const follower = new VideoFollower({
    api: options.api,
    journal,
    jobs: (): readonly UploadJob[] => scheduler.jobs,
    changed: (job) => scheduler.emitState(job),
    lessonRead: options.onLessonRead,
    previewSent: options.previewSent,
    courseRead: options.onCourseRead,
    pollTime: options.videoPollTime,
  });
  const batches = new BatchWatch(options, placement, (): readonly UploadJob[] => scheduler.jobs);
  const scheduler: Scheduler = new Scheduler({
    ...options,
    journal,
    jobs,
    placement,
    attached: (job, lesson) => follower.attached(job, lesson),
    onEvent: (event: UploadEvent) => {
      options.onEvent?.(event);
      if (event.type !== 'state') return;
      placement.changed();
      const job = scheduler.jobs.find((j) => j.id === event.row.id);
      if (job?.state === 'done') follower.follow(job);
      batches.check(event.row.batchId);
    },
  });
  batches.seenEnded();
  for (const job of jobs) follower.follow(job);
  let startedAll = false;
  let closed = false;

  /** The disk is full: every upload stops where the journal last committed and shows why. */
  const haltOnDiskFull = (fault: DiskFullError): void => {
    if (closed) return;
    for (const job of scheduler.jobs) {
      // A full disk stops what is still running; the rest has already ended or stopped.
      if (!RUNNING.has(job.state)) continue;
      job.haltForPause();
      job.setNotice({ code: fault.code, message: fault.message });
      job.enter('paused');
      scheduler.emitState(job);
    }
    options.onLocalFault?.(fault);
    scheduler.pump();
  };

  /** Space is back: the rows are read again from the journal, as a restart would. */
  const reloadAfterDiskFull = (): void => {
    const fault = journal.halted;
    if (!fault) return;
    if (!journal.resumeWriting()) throw new UploadManagerError(fault.code, fault.message, { folder: fault.folder });
    const runnable = new Set(scheduler.jobs.filter((j) => j.runnable).map((j) => j.id));
    for (const old of scheduler.jobs) old.newEpoch('reloaded');
    scheduler.jobs.splice(0, scheduler.jobs.length, ...loadJobs());
    for (const job of scheduler.jobs) {
      job.setRunnable(startedAll || runnable.has(job.id));
      scheduler.emitState(job);
      follower.follow(job);
    }
  };

  const me = ownerText(thisProcess(), randomUUID().slice(0, 8));
  /** Rows this engine has owned since it opened (re-read from the journal when first taken). */
  const claimed = new Set<string>();

  /**
   * Makes `job` ours before it runs. Another live process driving it: the row waits, saying so.
   * Taken over from another process (or first taken): re-read from the journal, which that
   * process may have moved on, unless this engine is already working on it.
   */
  const claim = (job: UploadJob): UploadJob | null => {
    const elsewhere = journal.claim(job.id, me);
    if (elsewhere !== null) {
      job.setRunnable(false);
      job.setNotice({ code: 'RUNNING_ELSEWHERE', message: runningElsewhereMessage(job.fileName, elsewhere) });
      scheduler.emitState(job);
      return null;
    }
    if (job.prepared || job.phaseBusy || claimed.has(job.id)) return job;
    claimed.add(job.id);
    const row = journal.loadOne(job.id);
    if (!row) return job;
    const state: UploadState = RESUMABLE_ON_LOAD.has(row.state) ? 'queued' : row.state;
    const fresh = new UploadJob({ ...row, state });
    scheduler.jobs.splice(scheduler.jobs.indexOf(job), 1, fresh);
    return fresh;
  };

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
      const batchId = addOptions.batchId ?? randomUUID();
      // One transaction: one fsync for the whole batch, however many files.
      journal.together(() =>
        inputs.forEach((input, i) => {
          const identity = identities[i]!;
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
            batchId,
          };
          if (addOptions.reuseExisting) {
            // Another process may have added the same file since this engine read the journal.
            const onDisk = journal.findSameOrInsert(row, true);
            const known = onDisk === null ? undefined : scheduler.jobs.find((j) => j.id === onDisk);
            if (known) {
              rows.push(known.toRow());
              return;
            }
            if (onDisk !== null) {
              const stored = journal.loadOne(onDisk);
              if (stored) {
                const job = new UploadJob({
                  ...stored,
                  state: RESUMABLE_ON_LOAD.has(stored.state) ? 'queued' : stored.state,
                });
                scheduler.addJob(job);
                rows.push(job.toRow());
                return;
              }
            }
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
          } else journal.insert(row);
          if (input.fileCheck) journal.setFileCheck(row.id, input.fileCheck);
          const job = new UploadJob(row);
          // A row just written is nobody else's: owned from the start, nothing to re-read.
          journal.claim(job.id, me);
          claimed.add(job.id);
          job.setRunnable(startedAll);
          scheduler.addJob(job);
          rows.push(job.toRow());
        }),
      );
      scheduler.pump();
      return rows;
    },

    start(ids?: readonly string[]): void {
      ensureOpen();
      if (!ids) startedAll = true;
      for (const job of ids ? ids.map(find) : [...scheduler.jobs]) claim(job)?.setRunnable(true);
      scheduler.pump();
    },

    pause(id?: string): void {
      ensureOpen();
      for (const job of id ? [find(id)] : [...scheduler.jobs]) scheduler.pauseJob(job);
      scheduler.pump();
    },

    resume(id?: string): void {
      ensureOpen();
      reloadAfterDiskFull();
      for (const job of id ? [find(id)] : [...scheduler.jobs]) {
        const mine = claim(job);
        if (mine) scheduler.resumeJob(mine);
      }
      scheduler.pump();
    },

    async cancel(id: string): Promise<void> {
      ensureOpen();
      await scheduler.cancelJob(find(id));
    },

    async clearFinished(): Promise<number> {
      ensureOpen();
      // A video the server is still processing is not finished: its row stays to say how it ends.
      const finished = scheduler.jobs.filter(
        (job) => job.state === 'done' && (job.video.status === null || isFinalVideoStatus(job.video.status)),
      );
      for (const job of finished) await scheduler.cancelJob(job);
      return finished.length;
    },

    retry(id: string): void {
      ensureOpen();
      reloadAfterDiskFull();
      const mine = claim(find(id));
      if (mine) scheduler.retryJob(mine);
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
      job.retitle(clean);
      journal.setTitle(id, clean);
      scheduler.emitState(job);
    },

    list: () => scheduler.jobs.map((j) => j.toRow()),
    get: (id: string) => scheduler.jobs.find((j) => j.id === id)?.toRow(),
    fileChecks: () => journal.loadFileChecks(),
    setFileCheck: (id: string, check: StoredFileCheck) => journal.setFileCheck(id, check),

    setConcurrency(slots: number): void {
      scheduler.setConcurrency(slots);
    },
    setBandwidth(bytesPerSec: number | null): void {
      scheduler.bucket.setRate(bytesPerSec);
    },
    settings: () => ({ concurrency: scheduler.slots, bandwidthBytesPerSec: scheduler.bucket.bytesPerSec }),
    checkVideos: () => follower.checkDue(),
    dropConnections(): void {
      scheduler.dropConnections();
    },
    checkConnection(): void {
      scheduler.checkConnection();
    },
    // Idle once the bytes are sent and each ended batch's lessons are in their order.
    whenIdle: async () => {
      await scheduler.whenIdle();
      await batches.settled();
    },
    localFault: () => journal.halted,

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await follower.close();
      await scheduler.close();
      await batches.close();
      journal.release(me);
      journal.close();
    },
  };
}

function normaliseTarget(input: AddUploadInput): UploadTarget {
  const t = input.lessonTarget;
  if (t?.kind === 'preview') {
    const title = typeof t.title === 'string' ? t.title.trim() : '';
    if (typeof t.courseId !== 'string' || !t.courseId || !title || title.length > 255) {
      throw new UploadManagerError(
        'INVALID_TARGET',
        'A preview video needs its course and a name of 1 to 255 characters.',
      );
    }
    return { kind: 'preview', courseId: t.courseId, title };
  }
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

/** Tells when a batch has ended (once, again after a retry), and then settles its lessons' order. */
class BatchWatch {
  private readonly options: UploadManagerOptions;
  private readonly placement: LessonPlacement;
  private readonly jobs: () => readonly UploadJob[];
  private readonly reported = new Set<string>();
  private readonly work = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(options: UploadManagerOptions, placement: LessonPlacement, jobs: () => readonly UploadJob[]) {
    this.options = options;
    this.placement = placement;
    this.jobs = jobs;
  }

  /** Batches that had ended before this run were told about then. */
  seenEnded(): void {
    for (const batchId of new Set(this.jobs().map((j) => j.batchId))) {
      if (batchId !== null && batchOutcome(this.members(batchId)).ended) this.reported.add(batchId);
    }
  }

  check(batchId: string | null): void {
    if (batchId === null || this.abort.signal.aborted) return;
    const members = this.members(batchId);
    const outcome = batchOutcome(members);
    if (!outcome.ended) {
      this.reported.delete(batchId);
      return;
    }
    if (this.reported.has(batchId)) return;
    this.reported.add(batchId);
    const first = members[0]!;
    // A course preview is no lesson batch: its course screen shows how it went.
    if (first.target.kind === 'preview') return;
    this.options.onBatchEnded?.({
      batchId,
      courseId: first.target.courseId,
      sectionId: first.target.sectionId,
      uploaded: outcome.uploaded,
      failed: outcome.failed,
    });
    const settling = this.placement
      .settle(batchId, { signal: this.abort.signal })
      .catch(() => undefined) // best effort: the lessons exist either way
      .finally(() => this.work.delete(settling));
    this.work.add(settling);
  }

  /** Resolves once no batch is being put in order. */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  async close(): Promise<void> {
    this.abort.abort(new Error('closing'));
    await Promise.allSettled([...this.work]);
  }

  private members(batchId: string): UploadJob[] {
    return this.jobs().filter((j) => j.batchId === batchId);
  }
}
