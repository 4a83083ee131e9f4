// Main process / plain Node. Notices that the machine slept (or the process was frozen) where no
// operating-system event says so: a repeating timer that fires far later than asked means time
// passed without us. Electron's powerMonitor 'resume' does the same job in the desktop app.
// It reads the wall clock on purpose: Linux's monotonic clock stops during a suspend, the wall
// clock does not (a manual jump forward is noticed the same way, and is handled the same way).

export interface ClockGapClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface ClockGapOptions {
  /** How often to look at the clock. Default 2 000 ms. */
  intervalMs?: number;
  /** Lateness beyond the interval that counts as a gap. Default 5 000 ms. */
  thresholdMs?: number;
  /** Called with the length of the gap (ms beyond the expected tick). */
  onGap: (gapMs: number) => void;
  clock?: ClockGapClock;
}

export const systemGapClock: ClockGapClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Starts watching; returns the function that stops it. */
export function watchClockGap(options: ClockGapOptions): () => void {
  const clock = options.clock ?? systemGapClock;
  const intervalMs = options.intervalMs ?? 2_000;
  const thresholdMs = options.thresholdMs ?? 5_000;
  let last = clock.now();
  const handle = clock.setInterval(() => {
    const now = clock.now();
    const late = now - last - intervalMs;
    last = now;
    if (late > thresholdMs) options.onGap(late);
  }, intervalMs);
  return () => clock.clearInterval(handle);
}
