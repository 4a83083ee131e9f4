// Test support (plain Node, tests only): time that runs faster than the real one, for tests that
// prove a rule stated in seconds ("ask again 10 s after the last check") against a real server,
// real sockets and a real journal without waiting those seconds. Fake timers cannot do that: the
// HTTP, SQLite and child-process work under test needs the real event loop and real timers.
import type { Clock } from '../../src-shared/retry.ts';

export interface FastTime {
  /** A wall clock that starts at the real one and moves `factor` ms per real ms. */
  time: { wall(): number };
  /** Timers on that clock: a wait of `ms` fires after ms / factor real ms. */
  timers: Clock;
}

export function fastTime(factor: number): FastTime {
  const realStart = performance.now();
  const wallStart = Date.now();
  const elapsed = () => (performance.now() - realStart) * factor;
  return {
    time: { wall: () => wallStart + elapsed() },
    timers: {
      now: elapsed,
      setTimeout: (run, ms) => setTimeout(run, ms / factor),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  };
}
