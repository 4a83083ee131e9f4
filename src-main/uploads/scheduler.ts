// Main process / plain Node. The one global queue: a fixed number of slots shared by every file;
// whichever slot frees first takes the next sendable part of the earliest file. Also signs URLs
// ahead in batches, runs the per-file API steps, and applies the retry / re-sign / stall rules.

import type { UploadJournal } from './journal.ts';
import { PartRunner, type PartOutcome } from './part-runner.ts';
import { Throttle } from './progress.ts';
import { watchClockGap } from './clock-gap.ts';
import { Reachability, engineProbe } from './reachability.ts';
import { classify, problemOf, withRetries, type Classified } from './retry-policy.ts';
import { defaultMd5Workers } from './md5-pool.ts';
import { attachJob, completeJob, prepareJob, type StepContext } from './session-steps.ts';
import { AbortedError, type TokenBucket } from './token-bucket.ts';
import type { SignedUrl, UploadJob } from './upload-job.ts';
import { UrlLifetime, parseExpiry } from './url-expiry.ts';
import type { UploadEvent, UploadManagerOptions, UploadProblem, UploadState } from './types.ts';

const RUNNING: ReadonlySet<UploadState> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'changed',
  'waiting',
]);
const PAUSABLE: ReadonlySet<UploadState> = new Set(['queued', 'uploading', 'changed', 'waiting']);

interface SchedulerOptions extends UploadManagerOptions {
  journal: UploadJournal;
  jobs: UploadJob[];
  placement?: StepContext['placement'];
  attached?: StepContext['attached'];
}

export class Scheduler {
  readonly jobs: UploadJob[];
  readonly bucket: TokenBucket;
  private readonly journal: UploadJournal;
  private readonly options: SchedulerOptions;
  private concurrency: number;
  private readonly maxAttempts: number;
  private readonly backoff: { baseMs: number; capMs: number };
  private readonly runner: PartRunner;
  private active = 0;
  private closed = false;
  private readonly throttle = new Throttle(100);
  private readonly work = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  /** Waiting for the server (API or storage) to be reachable again: nothing new is sent. */
  readonly reach: Reachability;
  /** Storage origins that failed to answer: the probe checks them too. */
  private readonly storageOrigins = new Set<string>();
  private readonly stopClockWatch: () => void;

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.journal = options.journal;
    this.jobs = options.jobs;
    this.concurrency = clampSlots(options.concurrency ?? 4);
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoff = { baseMs: options.backoffBaseMs ?? 500, capMs: options.backoffCapMs ?? 30_000 };
    this.runner = new PartRunner({
      journal: this.journal,
      bandwidthBytesPerSec: options.bandwidthBytesPerSec ?? null,
      stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
      md5Workers: options.md5Workers ?? defaultMd5Workers(),
      maxAttempts: this.maxAttempts,
      backoff: this.backoff,
    });
    this.bucket = this.runner.bucket;
    this.reach = new Reachability({
      probe: engineProbe({
        storageOrigins: this.storageOrigins,
        custom: options.probe,
        apiBaseUrl: (options.api as { baseUrl?: unknown }).baseUrl,
      }),
      onChange: (waiting, waitedMs) => this.onReachChange(waiting, waitedMs),
      giveUpAfterMs: options.giveUpAfterMs,
      onGiveUp: () => this.giveUp(options.giveUpAfterMs ?? 0),
      ...options.reachability,
    });
    // A timer firing far too late means the machine slept: sockets are stale, look again now.
    this.stopClockWatch = watchClockGap({ onGap: () => this.dropConnections() });
  }

  /** Waiting rows show 'waiting' (not journalled) and go back to what they were doing after. */
  private onReachChange(waiting: boolean, waitedMs: number): void {
    this.options.onConnection?.({ waiting, waitedMs });
    for (const job of this.jobs) {
      if (!this.running(job)) continue;
      if (waiting && job.state !== 'waiting') {
        job.stateBeforeWaiting = job.state;
        job.state = 'waiting';
        job.progress.speed.clear();
        this.emitState(job);
      } else if (!waiting && job.state === 'waiting') {
        job.state = job.stateBeforeWaiting ?? 'uploading';
        this.emitState(job);
      }
    }
    // Sockets from before the outage are dead: every PUT after it gets a fresh one.
    if (!waiting) this.runner.dropConnections();
    this.pump();
  }

  private giveUp(afterMs: number): void {
    if (!this.reach.waiting) return;
    const seconds = Math.round(afterMs / 1000);
    for (const job of [...this.jobs]) {
      if (job.state !== 'waiting') continue;
      this.failJob(job, {
        code: 'UNREACHABLE',
        message: `The server could not be reached for ${seconds} s, so the upload stopped. Run it again to continue.`,
      });
    }
  }

  addJob(job: UploadJob): void {
    this.jobs.push(job);
    this.emitState(job);
  }

  get slots(): number {
    return this.concurrency;
  }

  setConcurrency(slots: number): void {
    this.concurrency = clampSlots(slots);
    this.pump();
  }

  private running(job: UploadJob): boolean {
    return job.runnable && RUNNING.has(job.state);
  }

  // ---- the pump: called after anything that could free or create work

  pump(): void {
    if (this.closed) return;
    if (this.reach.waiting) {
      this.checkIdle();
      return;
    }
    const now = performance.now();
    const wall = Date.now();
    for (const job of this.jobs) {
      if (this.running(job) && job.prepared && !job.phaseBusy && (job.sessionCompleted || job.allPartsDone())) {
        this.runPhase(job, 'finish');
      }
    }
    let nextWake = Infinity;
    while (this.active < this.concurrency) {
      const pick = this.pickPart(now, wall);
      if (pick.wakeAt < nextWake) nextWake = pick.wakeAt;
      if (!pick.job || !pick.signed) break;
      this.launch(pick.job, pick.part, pick.signed);
    }
    for (const job of this.jobs) {
      if (this.running(job) && job.prepared && job.state === 'uploading' && !job.phaseBusy) this.signAhead(job, wall);
    }
    this.prepareAhead();
    if (nextWake < Infinity) this.wakeUpAt(nextWake, now);
    this.checkIdle();
  }

  private pickPart(now: number, wall: number): { job?: UploadJob; part: number; signed?: SignedUrl; wakeAt: number } {
    let wakeAt = Infinity;
    const scan = this.signBatch() * 2;
    for (const job of this.jobs) {
      if (!this.running(job) || !job.prepared || job.phaseBusy || job.state !== 'uploading') continue;
      for (let i = 0; i < job.pending.length && i < scan; i++) {
        const part = job.pending[i]!;
        const notBefore = job.notBefore.get(part) ?? 0;
        if (notBefore > now) {
          wakeAt = Math.min(wakeAt, notBefore);
          continue;
        }
        const signed = job.urls.get(part);
        if (signed && this.usable(signed, wall, 1)) return { job, part, signed, wakeAt };
      }
    }
    return { part: 0, wakeAt };
  }

  /** True while the URL has more than `factor` × margin of life left. */
  private usable(signed: SignedUrl, wall: number, factor: number): boolean {
    const expiresAt = this.runner.lifetime.expiresAt(signed.expiresAt, signed.signedAt);
    return expiresAt - UrlLifetime.marginMs(signed.signedAt, expiresAt) * factor > wall;
  }

  private signBatch(): number {
    return Math.min(100, Math.max(8, this.concurrency * 2));
  }

  /** Keeps about a batch of fresh URLs ahead of the slots; one sign call per file at a time. */
  private signAhead(job: UploadJob, wall: number): void {
    if (job.signing) return;
    const batch = this.signBatch();
    let ready = 0;
    const need: number[] = [];
    for (let i = 0; i < job.pending.length && i < batch * 2 && need.length < batch; i++) {
      const part = job.pending[i]!;
      const signed = job.urls.get(part);
      if (signed && this.usable(signed, wall, 2)) ready++;
      else need.push(part);
    }
    if (need.length === 0 || ready >= Math.ceil(batch / 2)) return;
    job.signing = true;
    const epoch = job.epoch;
    this.track(
      withRetries(() => this.options.api.uploads.signParts(job.sessionId!, need, { signal: job.apiAbort.signal }), {
        ...this.backoff,
        maxAttempts: this.maxAttempts,
        signal: job.apiAbort.signal,
        reach: this.reach,
      })
        .then((signed) => {
          const at = Date.now();
          for (const s of signed) {
            // An expiry already past means our clock disagrees with the server's: ignore it and
            // rely on the 403 → re-sign path instead of re-signing in a loop.
            const parsed = parseExpiry(s.url);
            const expiresAt = parsed === null || parsed <= at ? Infinity : parsed;
            job.urls.set(s.part_number, { url: s.url, signedAt: at, expiresAt });
          }
        })
        .catch((error) => {
          if (job.epoch === epoch && classify(error).kind !== 'aborted') this.failJob(job, problemOf(error));
        })
        .finally(() => {
          job.signing = false;
          this.pump();
        }),
    );
  }

  /** Prepares the next file early enough that slots never wait for a session to exist. */
  private prepareAhead(): void {
    if (this.jobs.some((j) => j.phaseBusy && !j.prepared && this.running(j))) return;
    let undispatched = 0;
    let lastPrepared = -Infinity;
    for (const j of this.jobs) {
      if (this.running(j) && j.prepared && j.state === 'uploading') {
        undispatched += j.pending.length;
        lastPrepared = Math.max(lastPrepared, j.position);
      }
    }
    const next = this.jobs.find((j) => this.running(j) && !j.prepared && !j.phaseBusy);
    if (next && (undispatched < this.concurrency * 2 || next.position < lastPrepared)) this.runPhase(next, 'prepare');
  }

  // ---- part PUTs

  private launch(job: UploadJob, part: number, signed: SignedUrl): void {
    job.takePending(part);
    this.active++;
    this.track(
      this.runner
        .run(job, part, signed, () => this.emitProgress(job))
        .then((outcome) => {
          if (outcome.kind === 'unreachable') this.verifyThenApply(job, part, signed, outcome.failure);
          else this.apply(job, part, outcome);
        })
        .finally(() => {
          this.active--;
          this.pump();
        }),
    );
  }

  /**
   * A part got no answer: if the server cannot be reached the part waits for it for free (the
   * job shows 'waiting'); if it can, the failure spends the part's budget like any other.
   */
  private verifyThenApply(job: UploadJob, part: number, signed: SignedUrl, failure: Classified): void {
    try {
      this.storageOrigins.add(new URL(signed.url).origin);
    } catch {
      // Not a URL we can probe: the API probe alone decides.
    }
    this.track(
      this.reach.verify().then((reachable) => {
        if (reachable) this.apply(job, part, this.runner.spend(job, part, failure));
        else if (!this.closed && job.state !== 'cancelled') job.requeue(part);
        this.pump();
      }),
    );
  }

  private apply(job: UploadJob, part: number, outcome: PartOutcome): void {
    if (outcome.kind === 'done') this.emitProgress(job);
    if (this.closed || outcome.kind === 'done' || job.state === 'cancelled') return;
    if (outcome.kind === 'stale') {
      // An answer for a session the job has left: make sure the part is sent in the new one.
      job.requeue(part);
      return;
    }
    if (outcome.kind === 'file-changed') {
      // Prepare again: it notices the change, tells the user and starts a new session.
      job.newEpoch('file changed');
      job.prepared = false;
      return;
    }
    if (outcome.kind === 'fail' && this.running(job)) {
      this.failJob(job, outcome.problem);
      return;
    }
    if (outcome.kind === 'backoff') job.notBefore.set(part, performance.now() + outcome.delayMs);
    job.requeue(part);
  }

  // ---- API steps (prepare, complete + attach)

  private runPhase(job: UploadJob, kind: 'prepare' | 'finish'): void {
    job.phaseBusy = true;
    const epoch = job.epoch;
    const stale = () => job.epoch !== epoch || this.closed || job.state === 'cancelled';
    const ctx: StepContext = {
      api: this.options.api,
      journal: this.journal,
      placement: this.options.placement,
      attached: this.options.attached,
      checkStale: () => {
        if (stale()) throw new AbortedError('stale');
      },
      setState: (state) => {
        if (stale()) throw new AbortedError('stale');
        this.setState(job, state);
      },
      setNotice: (notice) => {
        job.notice = notice;
        this.journal.setNotice(job.id, notice);
      },
      call: (fn) => {
        if (stale()) return Promise.reject(new AbortedError('stale'));
        const signal = job.apiAbort.signal;
        return withRetries(() => fn(signal), {
          ...this.backoff,
          maxAttempts: this.maxAttempts,
          signal,
          reach: this.reach,
        });
      },
    };
    if (kind === 'prepare' && job.state === 'queued') this.setState(job, 'uploading');
    const run = async () => {
      if (kind === 'prepare') return prepareJob(ctx, job);
      if (!job.sessionCompleted && (await completeJob(ctx, job)) !== 'completed') return;
      await attachJob(ctx, job);
    };
    this.track(
      run()
        .catch((error) => {
          if (stale() || classify(error).kind === 'aborted') return;
          this.failJob(job, problemOf(error));
        })
        .finally(() => {
          job.phaseBusy = false;
          this.pump();
        }),
    );
  }

  // ---- user actions

  pauseJob(job: UploadJob): void {
    if (!PAUSABLE.has(job.state)) return;
    job.newEpoch('paused');
    job.progress.speed.clear();
    this.setState(job, 'paused');
  }

  /** Paused rows continue; rows left queued by an earlier run (not started yet) start. */
  resumeJob(job: UploadJob): void {
    if (job.state === 'paused') {
      job.runnable = true;
      this.setState(job, job.prepared ? 'uploading' : 'queued');
    } else if (RUNNING.has(job.state)) {
      job.runnable = true;
    }
  }

  retryJob(job: UploadJob): void {
    if (job.state !== 'failed') return;
    job.attempts.clear();
    job.freeResigns.clear();
    job.notBefore.clear();
    job.completeRepairs = 0;
    job.prepared = false;
    job.runnable = true;
    this.setState(job, 'queued');
    this.pump();
  }

  async cancelJob(job: UploadJob): Promise<void> {
    const abortable = job.sessionId !== null && !job.sessionCompleted;
    job.newEpoch('cancelled');
    this.setState(job, 'cancelled');
    this.throttle.cancel(job.id);
    this.jobs.splice(this.jobs.indexOf(job), 1);
    this.journal.delete(job.id);
    this.pump();
    if (abortable) await this.options.api.uploads.abort(job.sessionId!).catch(() => undefined);
  }

  private failJob(job: UploadJob, problem: UploadProblem): void {
    if (!RUNNING.has(job.state)) return;
    job.newEpoch('failed');
    job.prepared = false;
    job.error = problem;
    this.setState(job, 'failed');
  }

  /**
   * Sleep/wake, network change: in-flight parts go back to the queue (no budget spent), and if
   * the engine is waiting for the server it looks again at once instead of at the next probe.
   */
  dropConnections(): void {
    for (const job of this.jobs) {
      for (const f of job.inflight.values()) f.controller.abort(new Error('connections dropped'));
    }
    this.runner.dropConnections();
    this.reach.checkNow();
    this.pump();
  }

  /** Probe now if waiting for the server (the OS says the network or the machine is back). */
  checkConnection(): void {
    this.reach.checkNow();
  }

  // ---- state, events, lifecycle

  private setState(job: UploadJob, state: UploadState): void {
    if (state !== 'failed') job.error = null;
    if (this.reach.waiting && RUNNING.has(state) && state !== 'waiting') {
      // The journal gets the real step; the row keeps showing that it waits for the server.
      job.stateBeforeWaiting = state;
      this.journal.setState(job.id, state, job.error);
      if (job.state !== 'waiting') {
        job.state = 'waiting';
        this.emitState(job);
      }
      return;
    }
    job.state = state;
    if (state !== 'cancelled') this.journal.setState(job.id, state, job.error);
    this.emitState(job);
    this.checkIdle();
  }

  emitState(job: UploadJob): void {
    this.options.onEvent?.({ type: 'state', row: job.toRow() } satisfies UploadEvent);
  }

  private emitProgress(job: UploadJob): void {
    if (!this.options.onEvent) return;
    this.throttle.run(job.id, () => {
      if (job.state !== 'cancelled') this.options.onEvent?.({ type: 'progress', row: job.toRow() });
    });
  }

  private track(p: Promise<void>): void {
    this.work.add(p);
    void p.finally(() => this.work.delete(p));
  }

  private wakeUpAt(at: number, now: number): void {
    if (this.wakeTimer && this.wakeAt <= at) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        this.wakeAt = Infinity;
        this.pump();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  private isIdle(): boolean {
    return this.active === 0 && !this.jobs.some((j) => this.running(j) || j.phaseBusy);
  }

  private checkIdle(): void {
    if (this.idleWaiters.length === 0 || !this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  whenIdle(): Promise<void> {
    if (this.closed || this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.wakeTimer);
    this.stopClockWatch();
    this.reach.close();
    for (const job of this.jobs) job.newEpoch('closing');
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    this.throttle.clear();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    await this.runner.close();
  }
}

function clampSlots(n: number): number {
  return Math.max(1, Math.min(32, Math.floor(Number.isFinite(n) ? n : 4)));
}
