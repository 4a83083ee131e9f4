import { describe, expect, it } from 'vitest';
import { monotonicDeadline, monotonicNow, systemTime, wallWait, type TimeSource } from './clock.ts';

/** A monotonic clock the test steps, and a wall clock that can be off by any amount. */
function steppedTime(): TimeSource & { advance(ms: number): void; jump(ms: number): void } {
  let mono = 1_000;
  let offset = 0;
  const base = Date.UTC(2026, 10, 26, 9, 0, 0);
  return {
    monotonic: () => mono,
    wall: () => base + mono + offset,
    advance: (ms) => void (mono += ms),
    jump: (ms) => void (offset += ms),
  };
}

describe('monotonicDeadline', () => {
  it('fixes a server expiry on the monotonic clock when it arrives: later wall jumps do not move it', () => {
    const time = steppedTime();
    const deadline = monotonicDeadline(time.wall() + 60_000, time)!;
    expect(deadline).toBe(time.monotonic() + 60_000);
    time.jump(2 * 3_600_000);
    time.advance(10_000);
    // Still 50 s left, whatever the wall clock now says.
    expect(deadline - time.monotonic()).toBe(50_000);
    time.jump(-3 * 3_600_000);
    expect(deadline - time.monotonic()).toBe(50_000);
  });

  it('is null when our clock says the expiry has passed (the server decides, by refusing)', () => {
    const time = steppedTime();
    const expires = time.wall() + 60_000;
    time.jump(2 * 3_600_000);
    expect(monotonicDeadline(expires, time)).toBeNull();
  });
});

describe('wallWait', () => {
  it('is the time left until a wall-clock moment, never negative and never beyond the longest wait', () => {
    expect(wallWait(5_000, 1_000, 60_000)).toBe(4_000);
    expect(wallWait(1_000, 5_000, 60_000)).toBe(0);
    // Written 30 s ahead, then the clock was set back an hour: wait at most the longest, not an hour.
    expect(wallWait(30_000, 30_000 - 3_600_000, 60_000)).toBe(60_000);
  });
});

describe('systemTime', () => {
  it('reads performance.now and Date.now', () => {
    const before = performance.now();
    expect(monotonicNow()).toBeGreaterThanOrEqual(before);
    expect(systemTime.monotonic()).toBeGreaterThanOrEqual(before);
    expect(Math.abs(systemTime.wall() - Date.now())).toBeLessThan(60_000);
  });
});
