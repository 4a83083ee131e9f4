// Main process / plain Node. Public types of the upload engine: rows, events, targets, and the
// narrow slice of the API client the engine needs (the real client satisfies it structurally).

import type { TimeSource } from '../../src-shared/clock.ts';
import type { UploadState } from '../../src-shared/index.ts';
import type { DiskFullError } from '../platform/index.ts';
import type { Clock } from '../../src-shared/retry.ts';
import type { MediaFacts } from '../media/index.ts';
import type { ContentFingerprint } from './duplicates.ts';

export type { UploadState };

export type LessonTarget =
  | { kind: 'new'; courseId: string; sectionId: string; title: string }
  | { kind: 'replace'; courseId: string; sectionId: string; lessonId: string };

/**
 * A course's preview video (ASSUMPTIONS.md "Course structure"): uploaded like a lesson's video, then
 * handed to `attachPreview` (the app attaches it through its drafts and outbox, so offline it
 * waits). `title` names the row on the Uploads screen.
 */
export interface PreviewTarget {
  kind: 'preview';
  courseId: string;
  title: string;
}
export type UploadTarget = LessonTarget | PreviewTarget;

/** Plain object so it crosses IPC unchanged (errors cross IPC as `{ code, message, details }`). */
export interface UploadProblem {
  code: string;
  message: string;
  details?: unknown;
}

export interface UploadRow {
  id: string;
  fileName: string;
  /** Absolute path: main-process only; the IPC row schema drops it before the renderer. */
  path: string;
  target: UploadTarget;
  bytesTotal: number;
  /** Bytes of parts the storage acknowledged (and the journal holds). Only grows within a run. */
  bytesConfirmed: number;
  /**
   * Bytes sent for parts not yet acknowledged. Held at its high-water mark while a failed part
   * is re-sent, so bytesConfirmed + bytesInFlight never moves back and never passes bytesTotal.
   */
  bytesInFlight: number;
  state: UploadState;
  /** Windowed moving average of bytes put on the wire per second; 0 when idle. */
  speedBps: number;
  etaSeconds: number | null;
  /** Why the file failed (state 'failed'), else null. */
  error: UploadProblem | null;
  /** Something the user should know that did not stop the upload (FILE_CHANGED, SESSION_EXPIRED). */
  notice: UploadProblem | null;
  /** The server's upload session id once created. */
  uploadId: string | null;
  lessonId: string | null;
  /** Server-chosen part size once the session exists. */
  partSize: number | null;
  /** Bytes put on the wire for this file across runs, re-sends included. */
  bytesSent: number;
  /** Bytes sent again after failures, stalls, pauses or a killed process. */
  bytesResent: number;
  createdAt: string;
  /** Files added in one call share it; their lessons keep the order they were given in. */
  batchId: string | null;
  /**
   * The attached lesson's video processing as the server last reported it: an open value
   * (PROCESSING, READY, FAILED so far); null until known.
   */
  videoStatus: string | null;
  /** The server's reason when processing failed. */
  videoError: string | null;
  durationSeconds: number | null;
}

export type UploadEvent = { type: 'progress'; row: UploadRow } | { type: 'state'; row: UploadRow };

export interface AddUploadInput {
  path: string;
  lessonTarget: UploadTarget;
  /** Defaults from the file extension. */
  contentType?: string;
  /** What the pre-flight check read from the file; the journal keeps it with the upload. */
  fileCheck?: StoredFileCheck;
}

export interface AddOptions {
  /**
   * Return the existing row instead of adding a new one when an upload of the same file
   * (path, size, mtime) to the same target is already in the journal and not cancelled.
   * The CLI uses it so a rerun with the same arguments resumes instead of duplicating.
   */
  reuseExisting?: boolean;
  /** Join this batch (files added one by one as they pass their checks keep one order). */
  batchId?: string;
}

export interface UploadManager {
  add(files: readonly AddUploadInput[], options?: AddOptions): Promise<UploadRow[]>;
  /**
   * Starts sending. Without ids: every unfinished row, including rows an earlier run left in the
   * journal, and every row added later (call once after creating the manager to auto-resume).
   * With ids: only those rows (the rest stay queued).
   */
  start(ids?: readonly string[]): void;
  /** One row or all: in-flight PUTs are aborted at once, finished parts are kept. */
  pause(id?: string): void;
  /** Paused rows continue; rows still queued from an earlier run start. */
  resume(id?: string): void;
  /** Aborts the server session (best effort) and forgets the row; a done row is only forgotten. */
  cancel(id: string): Promise<void>;
  /** Forgets every finished row (uploaded, and its video READY or FAILED or of no known status);
   * returns how many. Others stay, videos still processing among them. */
  clearFinished(): Promise<number>;
  /** A failed row starts again from what the server holds (list-parts), budgets reset. */
  retry(id: string): void;
  /** Lesson title for a 'new' target; allowed until the lesson call was first tried. */
  setTitle(id: string, title: string): void;
  list(): UploadRow[];
  get(id: string): UploadRow | undefined;
  /** What the pre-flight check read from each upload's file (container, duration, codecs, content), by row id. */
  fileChecks(): ReadonlyMap<string, StoredFileCheck>;
  /** Replaces what is stored of an upload's file check (the CLI adds the prober's facts once read). */
  setFileCheck(id: string, check: StoredFileCheck): void;
  setConcurrency(slots: number): void;
  setBandwidth(bytesPerSec: number | null): void;
  /** The settings in force (what setConcurrency / setBandwidth last applied). */
  settings(): { concurrency: number; bandwidthBytesPerSec: number | null };
  /**
   * Retrieves once every attached lesson whose video is still processing and was not checked in
   * the last 10 s (the CLI's `uploads list`; the app follows them on its own).
   */
  checkVideos(): Promise<void>;
  /**
   * After sleep/wake or a network change: drop storage sockets, re-send in-flight parts, and
   * (when waiting for the server) look again at once.
   */
  dropConnections(): void;
  /** When waiting for the server: probe now instead of at the next backoff step. */
  checkConnection(): void;
  /** Resolves when nothing is running (every row done, failed, paused, cancelled or not started). */
  whenIdle(): Promise<void>;
  /** The full disk that paused every upload (resume() tries again), or null. */
  localFault(): DiskFullError | null;
  close(): Promise<void>;
}

// ---- The API slice the engine calls. Method syntax keeps parameters bivariant, so the real
// client (with wider option objects and richer return types) is assignable to it.

export interface UploadSessionInfo {
  id: string;
  status: string;
  part_size: number;
  total_parts: number;
  file_size?: number;
}

export interface SignedPart {
  part_number: number;
  url: string;
}

export interface ListedPart {
  part_number: number;
  etag: string;
  size: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface UploadApi {
  uploads: {
    create(
      body: { upload_type: 'VIDEO'; file_name: string; content_type: string; file_size: number },
      options: { idempotencyKey: string; signal?: AbortSignal },
    ): Promise<UploadSessionInfo>;
    get(id: string, options?: CallOptions): Promise<UploadSessionInfo>;
    signParts(id: string, partNumbers: number[], options?: CallOptions): Promise<SignedPart[]>;
    listParts(id: string, options?: CallOptions): Promise<ListedPart[]>;
    complete(
      id: string,
      parts: { part_number: number; etag: string }[],
      options?: CallOptions,
    ): Promise<UploadSessionInfo>;
    abort(id: string, options?: CallOptions): Promise<unknown>;
  };
  lessons: {
    create(
      courseId: string,
      sectionId: string,
      body: { title: string; lesson_type: 'VIDEO'; video_upload_id: string; order?: number },
      /** onSent: told as each attempt starts going out (new lessons leave in their order by it). */
      options: { idempotencyKey: string; signal?: AbortSignal; onSent?: () => void },
    ): Promise<LessonInfo>;
    update(
      courseId: string,
      sectionId: string,
      id: string,
      /** A video swap, or (placing lessons) an order-only move. */
      body: { video_upload_id: string } | { order: number },
      options?: CallOptions,
    ): Promise<LessonInfo>;
    /** Follows the video's processing; without it, processing is not followed. */
    get?(courseId: string, sectionId: string, id: string, options?: CallOptions): Promise<LessonInfo>;
  };
  /** Follows a course preview video's processing; without it, a preview's processing is not followed. */
  courses?: {
    get(id: string, options?: CallOptions): Promise<CourseInfo>;
  };
  /** Places new lessons in the order their files were given; without it, each goes last. */
  sections?: {
    /** Lessons and their `order` are display fields (read tolerantly): either may be absent. */
    get(courseId: string, id: string, options?: CallOptions): Promise<{ lessons?: { id: string; order?: number }[] }>;
  };
}

/** The lesson fields the engine reads; video fields are read tolerantly (open values, may be absent). */
export interface LessonInfo {
  id: string;
  /** Where the server put it (a display field: may be absent). */
  order?: unknown;
  video_status?: unknown;
  video_error?: unknown;
  duration_seconds?: unknown;
}

/** The course fields the engine reads about its preview video (open values, read tolerantly). */
export interface CourseInfo {
  id: string;
  preview_video_status?: unknown;
  preview_video_error?: unknown;
}

/** Told when every file of a batch has finished (attached as a lesson) or failed. */
export interface BatchEnded {
  batchId: string;
  courseId: string;
  sectionId: string;
  /** Files that became (or replaced) a lesson's video, and files that failed. */
  uploaded: number;
  failed: number;
}

export interface UploadManagerOptions {
  /** SQLite file of the journal (or ':memory:' in tests that do not restart). */
  journalPath: string;
  api: UploadApi;
  /** Parallel part PUTs across all files. Default 4. */
  concurrency?: number;
  /** Shared cap for all storage PUTs, bytes per second; null/undefined = unlimited. */
  bandwidthBytesPerSec?: number | null;
  /** A PUT with no progress for this long is aborted and retried. Default 30 s. */
  stallTimeoutMs?: number;
  /** Threads hashing part MD5s; 0 hashes on the sending thread. Default: defaultMd5Workers(). */
  md5Workers?: number;
  /** Failed attempts per part / per API call on a reachable server before the file fails. Default 8. */
  maxAttempts?: number;
  /** First backoff step and cap, ms. Defaults 500 and 30 000. */
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /**
   * Whether the API answers, for the reachability probe (any HTTP answer counts, only a network
   * failure means unreachable). Default: a HEAD to the client's `baseUrl` when it has one.
   */
  probe?: (signal: AbortSignal) => Promise<unknown>;
  /** Probe backoff while waiting for the server, ms. Defaults 500 and 4 000. */
  reachability?: { baseMs?: number; capMs?: number; probeTimeoutMs?: number };
  /**
   * Fail the waiting files (code UNREACHABLE) once the server has been unreachable this long.
   * Default: wait as long as it takes.
   */
  giveUpAfterMs?: number | null;
  /** Clocks: the system's by default; tests hand in a wall clock that jumps. */
  time?: TimeSource;
  /** Time of the processing polls (10 s after the attach, then backing off): the system's by default. */
  videoPollTime?: VideoPollTime;
  onEvent?: (event: UploadEvent) => void;
  /** Every file of a batch is done or failed (again, after a retry of a failed one). */
  onBatchEnded?: (batch: BatchEnded) => void;
  /** A retrieve of an attached lesson answered (its processing state may have changed). */
  onLessonRead?: (target: { courseId: string; sectionId: string }, lesson: LessonInfo) => void;
  /**
   * A course preview's upload is COMPLETED: attach it to its course (the app queues the course
   * update in its outbox). Without it, a preview target fails at this step.
   */
  attachPreview?: (courseId: string, uploadId: string) => Promise<void>;
  /** False while the preview's course update still waits to be sent: its processing is not asked yet. */
  previewSent?: (courseId: string) => boolean;
  /** A retrieve of a course whose preview is followed answered. */
  onCourseRead?: (course: CourseInfo) => void;
  /** Told once when the engine starts waiting for the server and once when it is back. */
  onConnection?: (change: { waiting: boolean; waitedMs: number }) => void;
  /** Told when the journal file was damaged and moved aside (the user must be told). */
  onJournalCorrupt?: (message: string) => void;
  /**
   * Told once when the disk holding the journal is full: every upload was paused with the
   * DISK_FULL notice, and resume() carries on once space is free (the app shows a notice).
   */
  onLocalFault?: (fault: DiskFullError) => void;
}

/** What the journal holds about an upload's file (stored when it was added). */
export interface StoredFileCheck {
  mime: string | null;
  media: MediaFacts | null;
  content: ContentFingerprint;
  /** The file's mtime when it was read: with path and size, tells a rerun of the same file. */
  mtimeMs: number | null;
}

/**
 * The wall clock the checks are stamped with (kept in the journal, so a restart counts from the
 * last check) and the timers that wait for the next one. Injectable, so a test proves the same
 * 10 s rule against a real server in a fraction of the real time.
 */
export interface VideoPollTime {
  time: Pick<TimeSource, 'wall'>;
  timers: Clock;
}
