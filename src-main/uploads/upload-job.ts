// Main process / plain Node. In-memory state of one file's upload: what the journal holds plus
// what only matters while running (pending part queue, in-flight PUTs, signed URLs, budgets).

import { basename } from 'node:path';
import type { FileIdentity } from './file-identity.ts';
import type { JournalRow, VideoFollow } from './journal.ts';
import { NO_VIDEO_FOLLOW } from './journal-schema.ts';
import { FileProgress } from './progress.ts';
import type { LessonTarget, UploadProblem, UploadRow, UploadState } from './types.ts';

export interface DonePart {
  size: number;
  etag: string | null;
  md5: string | null;
}

export interface InFlightPart {
  controller: AbortController;
  resend: boolean;
}

export interface SignedUrl {
  url: string;
  signedAt: number;
  expiresAt: number;
}

export class UploadJob {
  readonly id: string;
  readonly position: number;
  identity: FileIdentity;
  readonly fileName: string;
  readonly contentType: string;
  target: LessonTarget;
  state: UploadState;
  sessionId: string | null;
  sessionKey: string;
  partSize: number | null;
  totalParts: number | null;
  sessionCompleted: boolean;
  lessonKey: string;
  attachAttempted: boolean;
  lessonId: string | null;
  bytesSent: number;
  bytesResent: number;
  error: UploadProblem | null;
  notice: UploadProblem | null;
  readonly createdAt: string;
  /** Files added together; null for rows from before batches were recorded. */
  readonly batchId: string | null;
  lessonOrder: number | null;
  video: VideoFollow;

  // ---- runtime only
  /** Allowed to run in this process (start() was called for it, or it was added after). */
  runnable = false;
  /** Session known and reconciled with the server in this run. */
  prepared = false;
  /** prepare / complete / attach call in progress. */
  phaseBusy = false;
  signing = false;
  /** Bumped on pause / cancel / fail so stale async continuations can tell. */
  epoch = 0;
  /** Aborts API calls of the current epoch. */
  apiAbort = new AbortController();
  readonly done = new Map<number, DonePart>();
  /** Part numbers waiting for a slot, ascending. */
  pending: number[] = [];
  readonly inflight = new Map<number, InFlightPart>();
  readonly urls = new Map<number, SignedUrl>();
  readonly notBefore = new Map<number, number>();
  readonly attempts = new Map<number, number>();
  readonly freeResigns = new Map<number, number>();
  /** What the job was doing when it began waiting for the server (shown again once it is back). */
  stateBeforeWaiting: UploadState | null = null;
  /** Times complete was refused for bad parts in this run (bounded loop). */
  completeRepairs = 0;
  progress: FileProgress;

  constructor(
    row: Omit<JournalRow, 'parts' | 'batchId' | 'lessonOrder' | 'video'> &
      Partial<Pick<JournalRow, 'parts' | 'batchId' | 'lessonOrder' | 'video'>>,
  ) {
    this.id = row.id;
    this.position = row.position;
    this.identity = row.identity;
    this.fileName = row.fileName;
    this.contentType = row.contentType;
    this.target = row.target;
    this.state = row.state;
    this.sessionId = row.sessionId;
    this.sessionKey = row.sessionKey;
    this.partSize = row.partSize;
    this.totalParts = row.totalParts;
    this.sessionCompleted = row.sessionCompleted;
    this.lessonKey = row.lessonKey;
    this.attachAttempted = row.attachAttempted;
    this.lessonId = row.lessonId;
    this.bytesSent = row.bytesSent;
    this.bytesResent = row.bytesResent;
    this.error = row.error;
    this.notice = row.notice;
    this.createdAt = row.createdAt;
    this.batchId = row.batchId ?? null;
    this.lessonOrder = row.lessonOrder ?? null;
    this.video = row.video ?? NO_VIDEO_FOLLOW;
    for (const p of row.parts ?? []) {
      if (p.done) this.done.set(p.partNumber, { size: p.size, etag: p.etag, md5: p.md5 });
    }
    this.progress = new FileProgress(this.identity.size, this.confirmedBytes());
    if (this.state === 'done') this.progress.reset(this.identity.size);
  }

  get size(): number {
    return this.identity.size;
  }

  confirmedBytes(): number {
    let sum = 0;
    for (const p of this.done.values()) sum += p.size;
    return sum;
  }

  partRange(part: number): { start: number; size: number } {
    const partSize = this.partSize!;
    const start = (part - 1) * partSize;
    return { start, size: Math.min(partSize, this.size - start) };
  }

  /** Rebuilds the pending queue: every part neither done nor in flight. */
  rebuildPending(): void {
    this.pending = [];
    for (let n = 1; n <= (this.totalParts ?? 0); n++) {
      if (!this.done.has(n) && !this.inflight.has(n)) this.pending.push(n);
    }
  }

  /** Back into the queue, unless done, in flight, or not a part of the current session. */
  requeue(part: number): void {
    if (this.totalParts === null || part > this.totalParts) return;
    if (this.done.has(part) || this.inflight.has(part)) return;
    let lo = 0;
    let hi = this.pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.pending[mid]! < part) lo = mid + 1;
      else hi = mid;
    }
    if (this.pending[lo] !== part) this.pending.splice(lo, 0, part);
  }

  takePending(part: number): void {
    const i = this.pending.indexOf(part);
    if (i >= 0) this.pending.splice(i, 1);
  }

  allPartsDone(): boolean {
    return this.totalParts !== null && this.done.size === this.totalParts && this.inflight.size === 0;
  }

  /** A new epoch: in-flight PUTs and API calls of the old one are aborted. */
  newEpoch(reason: string): void {
    this.epoch++;
    this.apiAbort.abort(new Error(reason));
    this.apiAbort = new AbortController();
    for (const f of this.inflight.values()) f.controller.abort(new Error(reason));
  }

  /** Forget the server session locally (new session follows). */
  clearSession(identity: FileIdentity, sessionKey: string, lessonKey: string): void {
    this.identity = identity;
    this.sessionId = null;
    this.sessionKey = sessionKey;
    this.lessonKey = lessonKey;
    this.partSize = null;
    this.totalParts = null;
    this.sessionCompleted = false;
    this.attachAttempted = false;
    this.done.clear();
    this.pending = [];
    this.urls.clear();
    this.notBefore.clear();
    this.attempts.clear();
    this.freeResigns.clear();
    this.progress = new FileProgress(identity.size, 0);
  }

  toRow(now = performance.now()): UploadRow {
    const snap = this.progress.snapshot(now, this.state === 'uploading');
    const final = this.state === 'done';
    const row: UploadRow = {
      id: this.id,
      fileName: this.fileName || basename(this.identity.path),
      path: this.identity.path,
      target: this.target,
      bytesTotal: this.size,
      bytesConfirmed: final ? this.size : snap.bytesConfirmed,
      bytesInFlight: final ? 0 : snap.bytesInFlight,
      state: this.state,
      speedBps: snap.speedBps,
      etaSeconds: final ? 0 : this.state === 'uploading' ? snap.etaSeconds : null,
      error: this.error,
      notice: this.notice,
      uploadId: this.sessionId,
      lessonId: this.lessonId,
      partSize: this.partSize,
      bytesSent: this.bytesSent,
      bytesResent: this.bytesResent,
      createdAt: this.createdAt,
      batchId: this.batchId,
      videoStatus: this.video.status,
      videoError: this.video.error,
      durationSeconds: this.video.durationSeconds,
    };
    return row;
  }
}
