/** afterNextPaint: after the next frame's animation callback, in a task of its own; else after its fallback; cancellable. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint.ts';

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => {};
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
const paintFrame = () => frames.splice(0).forEach((callback) => callback(performance.now()));

describe('afterNextPaint', () => {
  it('runs in a task after the next frame, once', () => {
    const run = vi.fn();
    afterNextPaint(run);
    vi.advanceTimersByTime(50);
    expect(run).not.toHaveBeenCalled();
    paintFrame();
    expect(run).not.toHaveBeenCalled(); // not inside the frame's callback: after its paint
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the fallback when no frame is painted (a hidden window)', () => {
    const run = vi.fn();
    afterNextPaint(run, 100);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    paintFrame();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('with no fallback, waits for the frame however long it takes', () => {
    const run = vi.fn();
    afterNextPaint(run, null);
    vi.advanceTimersByTime(60_000);
    expect(run).not.toHaveBeenCalled();
    paintFrame();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a cancel before it ran means it never runs', () => {
    const run = vi.fn();
    const cancel = afterNextPaint(run);
    paintFrame();
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
