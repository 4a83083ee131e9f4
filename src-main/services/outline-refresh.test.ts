// Main process / plain Node tests (fake timers, performance.now() with them). A course's outline re-read while its uploads land:
// the first at once, then one per interval however many lessons land in it, none after close.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutlineRefresh, OUTLINE_REFRESH_INTERVAL_MS } from './outline-refresh.ts';

let reads: string[];
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  reads = [];
});
afterEach(() => vi.useRealTimers());

describe('outline re-reads while uploads land', () => {
  it.each([1, 30, 2000])('re-reads at most twice per interval for %i lessons landing in it', (count) => {
    const refresh = createOutlineRefresh((courseId) => reads.push(courseId));
    for (let i = 0; i < count; i++) refresh.landed('c');
    expect(reads).toEqual(['c']); // the first at once
    vi.advanceTimersByTime(OUTLINE_REFRESH_INTERVAL_MS);
    expect(reads).toEqual(count > 1 ? ['c', 'c'] : ['c']); // the rest once, at the interval's end
    vi.advanceTimersByTime(OUTLINE_REFRESH_INTERVAL_MS * 3);
    expect(reads.length).toBe(count > 1 ? 2 : 1);
  });

  it('keeps courses apart, and reads a course at once again after a quiet interval', () => {
    const refresh = createOutlineRefresh((courseId) => reads.push(courseId));
    refresh.landed('a');
    refresh.landed('b');
    expect(reads).toEqual(['a', 'b']);
    vi.advanceTimersByTime(OUTLINE_REFRESH_INTERVAL_MS);
    refresh.landed('a');
    expect(reads).toEqual(['a', 'b', 'a']);
  });

  it('starts nothing after close', () => {
    const refresh = createOutlineRefresh((courseId) => reads.push(courseId));
    refresh.landed('c');
    refresh.landed('c');
    refresh.close();
    vi.advanceTimersByTime(OUTLINE_REFRESH_INTERVAL_MS * 2);
    refresh.landed('c');
    expect(reads).toEqual(['c']);
  });
});
