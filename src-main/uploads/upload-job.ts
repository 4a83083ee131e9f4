// Main process / plain Node. In-memory state of one file's upload: what the journal holds plus
// what only matters while running (parts in part-book.ts, budgets, epoch). Read through getters,
// changed only through methods named for the step they record (the caller journals it first).

import { basename } from 'node:path';
import type { FileIdentity } from './file-identity.ts';
import type { JournalRow, VideoFollow } from './journal.ts';
import { NO_VIDEO_FOLLOW } from './journal-schema.ts';
import { PartBook, type DonePart, type InFlightPart } from './part-book.ts';
import { FileProgress } from './progress.ts';
import type { UploadProblem, UploadRow, UploadState, UploadTarget } from './types.ts';

/** A done upload's progress: whole, nothing moving (toRow fills in its size). */
const DONE_SNAPSHOT = { bytesConfirmed: 0, bytesInFlight: 0, speedBps: 0, etaSeconds: 0 } as const;

export class UploadJob {
  readonly id: string;
  readonly position: number;
  readonly fileName: string;
  readonly contentType: string;
  readonly createdAt: string;
  /** Files added together; null for rows from before batches were recorded. */
  readonly batchId: string | null;
  #identity: FileIdentity;
  #target: UploadTarget;
  #state: UploadState;
  #sessionId: string | null;
  #sessionKey: string;
  #partSize: number | null;
  #totalParts: number | null;
  #sessionCompleted: boolean;
  #lessonKey: string;
  #attachAttempted: boolean;
  #lessonId: string | null;
  #bytesSent: number;
  #bytesResent: number;
  #error: UploadProblem | null;
  #notice: UploadProblem | null;
  #lessonOrder: number | null;
  #video: VideoFollow;

  // ---- runtime only
  /** Allowed to run in this process (start() was called for it, or it was added after). */
  #runnable = false;
  /** Session known and reconciled with the server in this run. */
  #prepared = false;
  /** prepare / complete / attach call in progress. */
  #phaseBusy = false;
  #signing = false;
  /** Bumped on pause / cancel / fail so stale async continuations can tell. */
  #epoch = 0;
  /** Aborts API calls of the current epoch. */
  #apiAbort = new AbortController();
  /**
   * Done, pending, in-flight and signed parts with their budgets; with the progress below, let go
   * once the upload is done (a day of 2,000 uploads kept ~2 KB of both per finished row).
   */
  #parts: PartBook | null;
  /** What the job was doing when it began waiting for the server (shown again once it is back). */
  #stateBeforeWaiting: UploadState | null = null;
  /** Times complete was refused for bad parts in this run (bounded loop). */
  #completeRepairs = 0;
  #progress: FileProgress | null;

  constructor(
    row: Omit<JournalRow, 'parts' | 'batchId' | 'lessonOrder' | 'video'> &
      Partial<Pick<JournalRow, 'parts' | 'batchId' | 'lessonOrder' | 'video'>>,
  ) {
    this.id = row.id;
    this.position = row.position;
    this.#identity = row.identity;
    this.fileName = row.fileName;
    this.contentType = row.contentType;
    this.#target = row.target;
    this.#state = row.state;
    this.#sessionId = row.sessionId;
    this.#sessionKey = row.sessionKey;
    this.#partSize = row.partSize;
    this.#totalParts = row.totalParts;
    this.#sessionCompleted = row.sessionCompleted;
    this.#lessonKey = row.lessonKey;
    this.#attachAttempted = row.attachAttempted;
    this.#lessonId = row.lessonId;
    this.#bytesSent = row.bytesSent;
    this.#bytesResent = row.bytesResent;
    this.#error = row.error;
    this.#notice = row.notice;
    this.createdAt = row.createdAt;
    this.batchId = row.batchId ?? null;
    this.#lessonOrder = row.lessonOrder ?? null;
    this.#video = row.video ?? NO_VIDEO_FOLLOW;
    this.#parts =
      this.#state === 'done'
        ? null
        : new PartBook(
            (row.parts ?? [])
              .filter((p) => p.done)
              .map((p) => [p.partNumber, { size: p.size, etag: p.etag, md5: p.md5 }]),
          );
    this.#progress = null;
  }

  // ---- reads

  get identity(): FileIdentity {
    return this.#identity;
  }
  get target(): UploadTarget {
    return this.#target;
  }
  get state(): UploadState {
    return this.#state;
  }
  get sessionId(): string | null {
    return this.#sessionId;
  }
  get sessionKey(): string {
    return this.#sessionKey;
  }
  get partSize(): number | null {
    return this.#partSize;
  }
  get totalParts(): number | null {
    return this.#totalParts;
  }
  get sessionCompleted(): boolean {
    return this.#sessionCompleted;
  }
  get lessonKey(): string {
    return this.#lessonKey;
  }
  get attachAttempted(): boolean {
    return this.#attachAttempted;
  }
  get lessonId(): string | null {
    return this.#lessonId;
  }
  get bytesSent(): number {
    return this.#bytesSent;
  }
  get bytesResent(): number {
    return this.#bytesResent;
  }
  get error(): UploadProblem | null {
    return this.#error;
  }
  get notice(): UploadProblem | null {
    return this.#notice;
  }
  get lessonOrder(): number | null {
    return this.#lessonOrder;
  }
  get video(): VideoFollow {
    return this.#video;
  }
  get runnable(): boolean {
    return this.#runnable;
  }
  get prepared(): boolean {
    return this.#prepared;
  }
  get phaseBusy(): boolean {
    return this.#phaseBusy;
  }
  get signing(): boolean {
    return this.#signing;
  }
  get epoch(): number {
    return this.#epoch;
  }
  get apiAbort(): AbortController {
    return this.#apiAbort;
  }
  get completeRepairs(): number {
    return this.#completeRepairs;
  }
  get parts(): PartBook {
    // Asked of a done upload (rare): an empty book, as its parts matter no more.
    return (this.#parts ??= new PartBook());
  }
  get progress(): FileProgress {
    const confirmed = this.#state === 'done' ? this.size : this.parts.confirmedBytes();
    return (this.#progress ??= new FileProgress(this.size, confirmed));
  }
  get size(): number {
    return this.#identity.size;
  }

  partRange(part: number): { start: number; size: number } {
    const partSize = this.#partSize!;
    const start = (part - 1) * partSize;
    return { start, size: Math.min(partSize, this.size - start) };
  }

  allPartsDone(): boolean {
    return this.#totalParts !== null && this.parts.done.size === this.#totalParts && this.parts.inflight.size === 0;
  }

  // ---- state and lifecycle

  /** Enters `state`; a failure keeps its error, any other state clears it. */
  enter(state: UploadState): void {
    if (state !== 'failed') this.#error = null;
    this.#state = state;
    if (state === 'done') {
      this.#parts = null;
      this.#progress = null;
    }
  }

  /**
   * While the server cannot be reached the row shows 'waiting'; `state` is the real step, taken
   * up again once it is back. Returns true when the row was not showing 'waiting' yet.
   */
  waitIn(state: UploadState): boolean {
    if (state !== 'failed') this.#error = null;
    this.#stateBeforeWaiting = state;
    if (this.#state === 'waiting') return false;
    this.#state = 'waiting';
    return true;
  }

  /** The server is out of reach: remember the current step, show 'waiting', forget the speed. */
  markWaiting(): void {
    this.#stateBeforeWaiting = this.#state;
    this.#state = 'waiting';
    this.#progress?.speed.clear();
  }

  /** The server is back: the step it was in before waiting. */
  stopWaiting(): void {
    this.#state = this.#stateBeforeWaiting ?? 'uploading';
  }

  /** Stops with `problem`: the current epoch's work is aborted and the next run prepares again. */
  failWith(problem: UploadProblem): void {
    this.newEpoch('failed');
    this.#prepared = false;
    this.#error = problem;
  }

  /** Stops sending for a pause; the speed starts afresh when it continues. */
  haltForPause(): void {
    this.newEpoch('paused');
    this.#progress?.speed.clear();
  }

  /** A failed job starts again with fresh budgets (parts already sent stay sent). */
  resetForRetry(): void {
    this.parts.resetBudgets();
    this.#completeRepairs = 0;
    this.#prepared = false;
    this.#runnable = true;
  }

  setRunnable(runnable: boolean): void {
    this.#runnable = runnable;
  }

  /** A new epoch: in-flight PUTs and API calls of the old one are aborted. */
  newEpoch(reason: string): void {
    this.#epoch++;
    this.#apiAbort.abort(new Error(reason));
    this.#apiAbort = new AbortController();
    this.abortPartsInFlight(reason);
  }

  /** Signed URLs are forgotten (a clock gap made them suspect); a done upload holds none. */
  forgetSignedUrls(): void {
    this.#parts?.forgetSignedUrls();
  }

  /** Aborts the PUTs in flight (they come back as failed attempts); a done upload has none. */
  abortPartsInFlight(reason: string): void {
    this.#parts?.abortInFlight(reason);
  }

  /** Session known and reconciled with the server: parts may be sent. */
  markPrepared(): void {
    this.#prepared = true;
  }

  /** The next pump prepares again (it notices a changed file and starts over). */
  prepareAgain(): void {
    this.#prepared = false;
  }

  /** One sign call per file at a time. */
  beginSigning(): void {
    this.#signing = true;
  }

  endSigning(): void {
    this.#signing = false;
  }

  beginPhase(): void {
    this.#phaseBusy = true;
  }

  endPhase(): void {
    this.#phaseBusy = false;
  }

  setNotice(notice: UploadProblem | null): void {
    this.#notice = notice;
  }

  retitle(title: string): void {
    if (this.#target.kind === 'new') this.#target = { ...this.#target, title };
  }

  // ---- the server session

  startSession(sessionId: string, partSize: number, totalParts: number): void {
    this.#sessionId = sessionId;
    this.#partSize = partSize;
    this.#totalParts = totalParts;
  }

  markSessionCompleted(): void {
    this.#sessionCompleted = true;
  }

  /** Forget the server session locally (new session follows). */
  clearSession(identity: FileIdentity, sessionKey: string, lessonKey: string): void {
    this.#identity = identity;
    this.#sessionId = null;
    this.#sessionKey = sessionKey;
    this.#lessonKey = lessonKey;
    this.#partSize = null;
    this.#totalParts = null;
    this.#sessionCompleted = false;
    this.#attachAttempted = false;
    this.parts.clear();
    this.#progress = new FileProgress(identity.size, 0);
  }

  countCompleteRepair(): void {
    this.#completeRepairs++;
  }

  /** The lesson's body (order) is frozen from the first attach attempt on. */
  freezeLessonOrder(order: number | null): void {
    this.#lessonOrder = order;
  }

  markAttachAttempted(): void {
    this.#attachAttempted = true;
  }

  recordLesson(lessonId: string): void {
    this.#lessonId = lessonId;
  }

  recordVideo(video: VideoFollow): void {
    this.#video = video;
  }

  // ---- parts (with their share of the progress)

  /** Rebuilds the pending queue: every part neither done nor in flight. */
  rebuildPending(): void {
    this.parts.rebuildPending(this.#totalParts ?? 0);
  }

  /** Back into the queue, unless done, in flight, or not a part of the current session. */
  requeue(part: number): void {
    if (this.#totalParts === null || part > this.#totalParts) return;
    this.parts.requeue(part);
  }

  beginAttempt(part: number, attempt: InFlightPart): void {
    this.parts.beginAttempt(part, attempt);
    this.progress.beginPart(part);
  }

  recordBytesSent(part: number, bytes: number, resend: boolean): void {
    this.#bytesSent += bytes;
    if (resend) this.#bytesResent += bytes;
    this.progress.addInFlight(part, bytes);
  }

  /** The attempt failed: its bytes leave the in-flight count. */
  abandonAttempt(part: number): void {
    this.parts.endAttempt(part);
    this.progress.dropPart(part);
  }

  /** Storage holds the part (the journal has it already): it counts as confirmed. */
  recordPartSent(part: number, sent: DonePart): void {
    if (this.parts.markDone(part, sent)) this.progress.confirmPart(part, sent.size);
  }

  /** Parts changed after asking the server: the queue and the confirmed bytes follow. */
  resyncParts(): void {
    this.rebuildPending();
    this.progress.reset(this.parts.confirmedBytes());
  }

  toRow(now = performance.now()): UploadRow {
    const final = this.#state === 'done';
    const snap = final ? DONE_SNAPSHOT : this.progress.snapshot(now, this.#state === 'uploading');
    return {
      id: this.id,
      fileName: this.fileName || basename(this.#identity.path),
      path: this.#identity.path,
      target: this.#target,
      bytesTotal: this.size,
      bytesConfirmed: final ? this.size : snap.bytesConfirmed,
      bytesInFlight: final ? 0 : snap.bytesInFlight,
      state: this.#state,
      speedBps: snap.speedBps,
      etaSeconds: final ? 0 : this.#state === 'uploading' ? snap.etaSeconds : null,
      error: this.#error,
      notice: this.#notice,
      uploadId: this.#sessionId,
      lessonId: this.#lessonId,
      partSize: this.#partSize,
      bytesSent: this.#bytesSent,
      bytesResent: this.#bytesResent,
      createdAt: this.createdAt,
      batchId: this.batchId,
      videoStatus: this.#video.status,
      videoError: this.#video.error,
      durationSeconds: this.#video.durationSeconds,
    };
  }
}
