// Main process / plain Node. The one global queue: a fixed number of slots shared by every file;
// whichever slot frees first takes the next sendable part of the earliest file. Also keeps signed
// URLs ahead (url-signing.ts), runs the per-file API steps, and applies the retry / re-sign / stall
// rules to each part's outcome.

import type { UploadJournal } from './journal.ts';
import { PartRunner, type PartOutcome } from './part-runner.ts';
import { Throttle } from './progress.ts';
import { SchedulerWork } from './scheduler-work.ts';
import { systemGapClock, watchClockGap } from './clock-gap.ts';
import type { Reachability } from './reachability.ts';
import { serverWait } from './server-wait.ts';
import { classify, problemOf, withRetries, type Classified } from './retry-policy.ts';
import { defaultMd5Workers } from './md5-pool.ts';
import { runSteps } from './session-steps.ts';
import { stepContext, type StepContext } from './step-context.ts';
import type { TokenBucket } from './token-bucket.ts';
import type { SignedUrl } from './part-book.ts';
import type { UploadJob } from './upload-job.ts';
import { UrlSigner } from './url-signing.ts';
import type { UploadEvent, UploadManagerOptions, UploadProblem, UploadState } from './types.ts';

/** States the scheduler still drives (the others have ended or stopped). */
export const RUNNING: ReadonlySet<UploadState> = new Set([
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
  private readonly signer: UrlSigner;
  /** PUTs in flight, and those of them still sending bytes (the rest wait for storage's answer). */
  private active = 0;
  private sending = 0;
  private closed = false;
  private readonly throttle = new Throttle(100);
  private readonly work = new SchedulerWork(
    () => this.isIdle(),
    () => this.pump(),
  );
  /** Waiting for the server (API or storage) to be reachable again: nothing new is sent. */
  readonly reach: Reachability;
  /** Storage origins that failed to answer: the probe checks them too. */
  private readonly storageOrigins = new Set<string>();
  private readonly stopClockWatch: () => void;
  /** Told of each row taken out of the queue (cancelled, cleared): what is kept per row goes too. */
  private readonly removedListeners: ((job: UploadJob) => void)[] = [];

  constructor(options: SchedulerOptions) {
    this.options = options;
    this.journal = options.journal;
    this.jobs = options.jobs;
    this.concurrency = clampSlots(options.concurrency ?? 4);
    this.maxAttempts = options.maxAttempts ?? 8;
    this.backoff = { baseMs: options.backoffBaseMs ?? 500, capMs: options.backoffCapMs ?? 30_000 };
    this.signer = new UrlSigner({
      api: options.api,
      retried: (job, call) => this.retried(job, call),
      slots: () => this.concurrency,
      track: (work) => this.work.track(work),
      onFailure: (job, problem) => this.failJob(job, problem),
      onSettled: () => this.pump(),
      time: options.time,
    });
    this.runner = new PartRunner({
      journal: this.journal,
      bandwidthBytesPerSec: options.bandwidthBytesPerSec ?? null,
      stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
      md5Workers: options.md5Workers ?? defaultMd5Workers(),
      maxAttempts: this.maxAttempts,
      backoff: this.backoff,
      signer: this.signer,
    });
    this.bucket = this.runner.bucket;
    this.reach = serverWait({
      options,
      storageOrigins: this.storageOrigins,
      jobs: () => this.jobs,
      running: (job) => this.running(job),
      emitState: (job) => this.emitState(job),
      failJob: (job, problem) => this.failJob(job, problem),
      // Sockets from before the outage are dead: every PUT after it gets a fresh one.
      back: () => this.runner.dropConnections(),
      pump: () => this.pump(),
    });
    // A timer firing far too late means the machine slept (or the wall clock jumped): sockets and
    // signed URLs may be stale, look again now.
    const time = options.time;
    this.stopClockWatch = watchClockGap({
      onGap: () => {
        this.signer.clockGap(this.jobs);
        this.dropConnections();
      },
      clock: time && { ...systemGapClock, now: () => time.wall() },
    });
  }

  onRemoved(listener: (job: UploadJob) => void): void {
    this.removedListeners.push(listener);
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
      this.work.checkIdle();
      return;
    }
    const now = performance.now();
    for (const job of this.jobs) {
      if (this.running(job) && job.prepared && !job.phaseBusy && (job.sessionCompleted || job.allPartsDone())) {
        this.runPhase(job, 'finish');
      }
    }
    let nextWake = Infinity;
    // A slot is a PUT sending bytes: one that waits for storage's answer (a round trip after its
    // last byte) leaves the link to the next, up to as many waiting as sending.
    while (this.sending < this.concurrency && this.active < this.concurrency * 2) {
      const pick = this.pickPart(now);
      if (pick.wakeAt < nextWake) nextWake = pick.wakeAt;
      if (!pick.job || !pick.signed) break;
      this.launch(pick.job, pick.part, pick.signed);
    }
    for (const job of this.jobs) {
      if (this.running(job) && job.prepared && job.state === 'uploading' && !job.phaseBusy)
        this.signer.signAhead(job, now);
    }
    this.prepareAhead();
    if (nextWake < Infinity) this.work.wakeUpAt(nextWake, now);
    this.work.checkIdle();
  }

  private pickPart(now: number): { job?: UploadJob; part: number; signed?: SignedUrl; wakeAt: number } {
    let wakeAt = Infinity;
    const scan = this.signer.batchSize() * 2;
    for (const job of this.jobs) {
      if (!this.running(job) || !job.prepared || job.phaseBusy || job.state !== 'uploading') continue;
      const pending = job.parts.pending;
      for (let i = 0; i < pending.length && i < scan; i++) {
        const part = pending[i]!;
        const notBefore = job.parts.notBefore.get(part) ?? 0;
        if (notBefore > now) {
          wakeAt = Math.min(wakeAt, notBefore);
          continue;
        }
        const signed = this.signer.ready(job, part, now);
        if (signed) return { job, part, signed, wakeAt };
      }
    }
    return { part: 0, wakeAt };
  }

  /** An API call with the engine's retries, aborted with the job's current epoch. */
  private retried<T>(job: UploadJob, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = job.apiAbort.signal;
    return withRetries(() => call(signal), {
      ...this.backoff,
      maxAttempts: this.maxAttempts,
      signal,
      reach: this.reach,
    });
  }

  /**
   * Prepares the next files early enough that slots never wait for a session to exist: several at
   * once (their create and sign calls overlap other files' bytes), while fewer than three parts per
   * slot are ready to go. A file earlier in the queue than one already prepared (resumed, retried)
   * is prepared at once.
   */
  private prepareAhead(): void {
    let preparing = 0;
    let ready = 0;
    let lastPrepared = -Infinity;
    for (const j of this.jobs) {
      if (!this.running(j)) continue;
      if (j.phaseBusy && !j.prepared) preparing++;
      else if (j.prepared && j.state === 'uploading') {
        ready += j.parts.pending.length;
        lastPrepared = Math.max(lastPrepared, j.position);
      }
    }
    // Twice the slots: a file's session and URLs take two round trips, which at a far server's
    // latency is longer than its bytes take on the link.
    for (const next of this.jobs) {
      if (preparing >= this.concurrency * 2) return;
      if (!this.running(next) || next.prepared || next.phaseBusy) continue;
      if (ready + preparing >= this.concurrency * 3 && next.position > lastPrepared) return;
      this.runPhase(next, 'prepare');
      preparing++;
    }
  }

  // ---- part PUTs

  private launch(job: UploadJob, part: number, signed: SignedUrl): void {
    job.parts.takePending(part);
    this.active++;
    this.sending++;
    let sent = false;
    const bodySent = () => {
      if (sent) return;
      sent = true;
      this.sending--;
    };
    this.work.track(
      this.runner
        .run(
          job,
          part,
          signed,
          () => this.emitProgress(job),
          () => {
            bodySent();
            this.pump();
          },
        )
        .then((outcome) => {
          if (outcome.kind === 'unreachable') this.verifyThenApply(job, part, signed, outcome.failure);
          else this.apply(job, part, outcome);
        })
        .finally(() => {
          bodySent();
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
    this.work.track(
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
      job.prepareAgain();
      return;
    }
    if (outcome.kind === 'fail' && this.running(job)) {
      this.failJob(job, outcome.problem);
      return;
    }
    if (outcome.kind === 'backoff') job.parts.backOff(part, performance.now() + outcome.delayMs);
    job.requeue(part);
    // Its parts wait to be sent again: later files no longer wait for its lesson create.
    this.options.placement?.changed();
  }

  // ---- API steps (prepare, complete + attach)

  private runPhase(job: UploadJob, kind: 'prepare' | 'finish'): void {
    job.beginPhase();
    const epoch = job.epoch;
    const stale = () => job.epoch !== epoch || this.closed || job.state === 'cancelled';
    const ctx = stepContext(job, stale, {
      api: this.options.api,
      journal: this.journal,
      placement: this.options.placement,
      attached: this.options.attached,
      attachPreview: this.options.attachPreview,
      setState: (state) => this.setState(job, state),
      call: (fn) => this.retried(job, fn),
    });
    if (kind === 'prepare' && job.state === 'queued') this.setState(job, 'uploading');
    this.work.track(
      runSteps(ctx, job, kind)
        .catch((error) => {
          if (stale() || classify(error).kind === 'aborted') return;
          this.failJob(job, problemOf(error));
        })
        .finally(() => {
          job.endPhase();
          this.pump();
        }),
    );
  }

  // ---- user actions

  pauseJob(job: UploadJob): void {
    if (!PAUSABLE.has(job.state)) return;
    job.haltForPause();
    this.setState(job, 'paused');
  }

  /** Paused rows continue; rows left queued by an earlier run (not started yet) start. */
  resumeJob(job: UploadJob): void {
    if (job.state === 'paused') {
      job.setRunnable(true);
      this.setState(job, job.prepared ? 'uploading' : 'queued');
    } else if (RUNNING.has(job.state)) {
      job.setRunnable(true);
    }
  }

  retryJob(job: UploadJob): void {
    if (job.state !== 'failed') return;
    job.resetForRetry();
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
    for (const listener of this.removedListeners) listener(job);
    this.pump();
    if (abortable) await this.options.api.uploads.abort(job.sessionId).catch(() => undefined);
  }

  private failJob(job: UploadJob, problem: UploadProblem): void {
    if (!RUNNING.has(job.state)) return;
    job.failWith(problem);
    this.setState(job, 'failed');
  }

  /**
   * Sleep/wake, network change: in-flight parts go back to the queue (no budget spent), and if
   * the engine is waiting for the server it looks again at once instead of at the next probe.
   */
  dropConnections(): void {
    for (const job of this.jobs) job.abortPartsInFlight('connections dropped');
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
    if (this.reach.waiting && RUNNING.has(state) && state !== 'waiting') {
      // The journal gets the real step; the row keeps showing that it waits for the server.
      const shownNow = job.waitIn(state);
      this.journal.setState(job.id, state, job.error);
      if (shownNow) this.emitState(job);
      return;
    }
    job.enter(state);
    if (state !== 'cancelled') this.journal.setState(job.id, state, job.error);
    this.emitState(job);
    this.work.checkIdle();
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

  private isIdle(): boolean {
    return this.active === 0 && !this.jobs.some((j) => this.running(j) || j.phaseBusy);
  }

  whenIdle(): Promise<void> {
    return this.closed ? Promise.resolve() : this.work.whenIdle();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.work.stopTimer();
    this.stopClockWatch();
    this.reach.close();
    for (const job of this.jobs) job.newEpoch('closing');
    await this.work.settle();
    this.throttle.clear();
    this.work.releaseIdleWaiters();
    await this.runner.close();
  }
}

function clampSlots(n: number): number {
  return Math.max(1, Math.min(32, Math.floor(Number.isFinite(n) ? n : 4)));
}
