// Main process / plain Node. The upload manager: the public service (add, pause, resume, cancel,
// retry, list, events) over one journal. Scheduling of part PUTs lives in scheduler.ts, what adding
// files needs in add-files.ts, which rows this engine drives in claims.ts.

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { DiskFullError } from '../platform/index.ts';
import { checkInputs, newJournalRow, readIdentities, sameFileAdded } from './add-files.ts';
import { BatchWatch } from './batch-watch.ts';
import { createClaims } from './claims.ts';
import { UploadJournal } from './journal.ts';
import { jobFromJournal } from './journal-jobs.ts';
import { LessonPlacement } from './lesson-order.ts';
import { UploadManagerError } from './manager-error.ts';
import { RUNNING, Scheduler } from './scheduler.ts';
import { UploadJob } from './upload-job.ts';
import { requestWords } from './upload-words.ts';
import { isFinalVideoStatus, VideoFollower } from './video-follow.ts';
import type {
  AddOptions,
  AddUploadInput,
  StoredFileCheck,
  UploadEvent,
  UploadManager,
  UploadManagerOptions,
  UploadRow,
} from './types.ts';

/** The engine's parts over one journal: the part scheduler, the video follower, the batch watch. */
interface EngineParts {
  journal: UploadJournal;
  scheduler: Scheduler;
  follower: VideoFollower;
  batches: BatchWatch;
}

/**
 * Opens the journal, takes back the uploads it holds, and wires the parts to each other: a state
 * change moves lessons into order, starts following a finished upload's video, and may end a batch.
 */
function openEngine(options: UploadManagerOptions, onDiskFull: (fault: DiskFullError) => void): EngineParts {
  if (options.journalPath !== ':memory:') mkdirSync(dirname(resolve(options.journalPath)), { recursive: true });
  const journal = new UploadJournal(options.journalPath, options.onJournalCorrupt, (fault) =>
    // After the failing write's own call returns: the engine stops as if killed at that commit.
    queueMicrotask(() => onDiskFull(fault)),
  );
  const jobs = journal.loadAll().map(jobFromJournal);
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
  return { journal, scheduler, follower, batches };
}

/** The title a new lesson's row may still take (throws when it is no new lesson, or too late). */
function checkedTitle(job: UploadJob, title: string): string {
  const clean = title.trim();
  if (job.target.kind !== 'new') throw new UploadManagerError('NOT_A_NEW_LESSON', requestWords.notANewLesson());
  if (clean.length < 1 || clean.length > 255) {
    throw new UploadManagerError('INVALID_TITLE', requestWords.titleLength());
  }
  if (job.attachAttempted || job.state === 'done') {
    throw new UploadManagerError('TITLE_LOCKED', requestWords.titleLocked());
  }
  return clean;
}

export function createUploadManager(options: UploadManagerOptions): UploadManager {
  const { journal, scheduler, follower, batches } = openEngine(options, (fault) => haltOnDiskFull(fault));
  const claims = createClaims(journal, scheduler);
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
    scheduler.jobs.splice(0, scheduler.jobs.length, ...journal.loadAll().map(jobFromJournal));
    for (const job of scheduler.jobs) {
      job.setRunnable(startedAll || runnable.has(job.id));
      scheduler.emitState(job);
      follower.follow(job);
    }
  };

  const find = (id: string): UploadJob => {
    const job = scheduler.jobs.find((j) => j.id === id);
    if (!job) throw new UploadManagerError('UPLOAD_NOT_FOUND', `No upload with id ${id}.`);
    return job;
  };
  const ensureOpen = () => {
    if (closed) throw new UploadManagerError('MANAGER_CLOSED', 'The upload manager is closed.');
  };

  const add = async (files: readonly AddUploadInput[], addOptions: AddOptions = {}): Promise<UploadRow[]> => {
    ensureOpen();
    const inputs = checkInputs(files);
    const identities = await readIdentities(inputs);
    ensureOpen();
    const rows: UploadRow[] = [];
    const batchId = addOptions.batchId ?? randomUUID();
    // One transaction: one fsync for the whole batch, however many files.
    journal.together(() =>
      inputs.forEach((input, i) => {
        const row = newJournalRow(input, identities[i]!, { position: journal.nextPosition(), batchId });
        const already = addOptions.reuseExisting ? sameFileAdded(row, journal, scheduler) : (journal.insert(row), null);
        if (already) {
          rows.push(already.toRow());
          return;
        }
        if (input.fileCheck) journal.setFileCheck(row.id, input.fileCheck);
        const job = new UploadJob(row);
        claims.own(job);
        job.setRunnable(startedAll);
        scheduler.addJob(job);
        rows.push(job.toRow());
      }),
    );
    scheduler.pump();
    return rows;
  };

  return {
    add,

    start(ids?: readonly string[]): void {
      ensureOpen();
      if (!ids) startedAll = true;
      for (const job of ids ? ids.map(find) : [...scheduler.jobs]) claims.claim(job)?.setRunnable(true);
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
        const mine = claims.claim(job);
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
      const mine = claims.claim(find(id));
      if (mine) scheduler.retryJob(mine);
    },

    setTitle(id: string, title: string): void {
      ensureOpen();
      const job = find(id);
      const clean = checkedTitle(job, title);
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
      journal.release(claims.me);
      journal.close();
    },
  };
}
