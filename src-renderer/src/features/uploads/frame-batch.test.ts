/**
 * Items gathered until the next frame are handed over together, in order; a window that paints no
 * frames still gets them after the longest wait; flush hands them over at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameBatch } from './frame-batch.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createFrameBatch', () => {
  it('hands what came within a frame over once, in order, at the frame', async () => {
    const handed: number[][] = [];
    const batch = createFrameBatch<number>((items) => handed.push(items));
    batch.add(1);
    batch.add(2);
    batch.add(3);
    expect(handed).toEqual([]);
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    expect(handed).toEqual([[1, 2, 3]]);
    batch.add(4);
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    expect(handed).toEqual([[1, 2, 3], [4]]);
  });

  it('a window that paints no frames gets them after the longest wait, once', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A hidden window: frames are asked for and never come.
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const handed: string[][] = [];
    const batch = createFrameBatch<string>((items) => handed.push(items), 100);
    batch.add('a');
    vi.advanceTimersByTime(99);
    batch.add('b');
    expect(handed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(handed).toEqual([['a', 'b']]);
    vi.advanceTimersByTime(1000);
    expect(handed).toEqual([['a', 'b']]);
  });

  it('flush hands over at once, and the frame then brings nothing more', async () => {
    const handed: string[][] = [];
    const batch = createFrameBatch<string>((items) => handed.push(items));
    batch.add('now');
    batch.flush();
    expect(handed).toEqual([['now']]);
    await new Promise<void>((done) => requestAnimationFrame(() => done()));
    expect(handed).toEqual([['now']]);
  });
});
