// Main process / plain Node. The scheduler's bookkeeping of time and async work: every promise it
// started (close waits for them all), one timer for the earliest backed-off part, and the callers
// waiting for it to go idle.

export class SchedulerWork {
  private readonly work = new Set<Promise<void>>();
  private idleWaiters: (() => void)[] = [];
  private wakeTimer: NodeJS.Timeout | undefined;
  private wakeAt = Infinity;
  private readonly isIdle: () => boolean;
  private readonly wake: () => void;

  /** `wake` runs when the timer fires; `isIdle` says whether idle waiters may go. */
  constructor(isIdle: () => boolean, wake: () => void) {
    this.isIdle = isIdle;
    this.wake = wake;
  }

  track(p: Promise<void>): void {
    this.work.add(p);
    void p.finally(() => this.work.delete(p));
  }

  /** Wakes at `at` (performance.now clock) unless an earlier wake-up is already set. */
  wakeUpAt(at: number, now: number): void {
    if (this.wakeTimer && this.wakeAt <= at) return;
    clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        this.wakeAt = Infinity;
        this.wake();
      },
      Math.max(1, Math.ceil(at - now)),
    );
  }

  checkIdle(): void {
    if (this.idleWaiters.length === 0 || !this.isIdle()) return;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  whenIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  stopTimer(): void {
    clearTimeout(this.wakeTimer);
  }

  /** Waits until every tracked promise (and any they started) has settled. */
  async settle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  releaseIdleWaiters(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
