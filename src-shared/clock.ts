/**
 * Shared (every process). The two clocks and which one each question asks. The wall clock
 * (Date.now) jumps: a laptop waking from sleep, a manual change, NTP stepping it. So durations,
 * speeds, ETAs, back-off and "is this URL still good" run on the monotonic clock
 * (performance.now), and the wall clock is only read to compare with times a server gave us, and
 * even then with a bound, so a clock set back never turns a wait into hours.
 */

/** Both clocks, injectable: tests hand in a wall clock that jumps. */
export interface TimeSource {
  /** Milliseconds on a clock that only moves forward (performance.now). */
  monotonic(): number;
  /** Milliseconds since the epoch as this machine believes (Date.now): may jump either way. */
  wall(): number;
}

interface PerformanceGlobal {
  performance: { now(): number };
}

/** performance.now(), looked up at call time (this layer has no DOM or Node types). */
export function monotonicNow(): number {
  return (globalThis as unknown as PerformanceGlobal).performance.now();
}

/** The process's own clocks. */
export const systemTime: TimeSource = {
  monotonic: monotonicNow,
  wall: () => Date.now(),
};

/**
 * How long until the wall-clock moment `due` (ms), never negative and never longer than `longestMs`:
 * a moment further off than any wait we would ever schedule means the clock was set back since.
 */
export function wallWait(due: number, wall: number, longestMs: number): number {
  return Math.min(longestMs, Math.max(0, due - wall));
}

/**
 * A server-given expiry (wall clock) as a deadline on the monotonic clock, read once when the
 * value arrives: later jumps of the wall clock no longer move it. Null when the expiry is already
 * past by our wall clock, meaning our clock disagrees with the server's and only the server's
 * answers (a refused URL) can tell how long it lives.
 */
export function monotonicDeadline(expiresAtWall: number, time: TimeSource): number | null {
  const left = expiresAtWall - time.wall();
  return left > 0 ? time.monotonic() + left : null;
}
