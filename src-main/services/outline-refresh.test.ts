// Main process / plain Node tests (fake timers, performance.now() with them). A course's outline re-read while its uploads land:
// the first at once, then one per interval however many lessons land in it, the interval growing
// with the outline read, none after close.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createOutlineRefresh,
  OUTLINE_REFRESH_INTERVAL_MS,
  OUTLINE_REFRESH_MOST_MS,
  refreshIntervalFor,
} from './outline-refresh.ts';

let reads: string[];
/** What each re-read finds: an outline of this many bytes (null: not known). */
let outlineBytes: number | null;
const reader = (courseId: string) => {
  reads.push(courseId);
  return Promise.resolve(outlineBytes);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  reads = [];
  outlineBytes = 10_000;
});
afterEach(() => vi.useRealTimers());

describe('outline re-reads while uploads land', () => {
  it.each([1, 30, 2000])('re-reads at most twice per interval for %i lessons landing in it', async (count) => {
    const refresh = createOutlineRefresh(reader);
    for (let i = 0; i < count; i++) refresh.landed('c');
    expect(reads).toEqual(['c']); // the first at once
    await vi.advanceTimersByTimeAsync(OUTLINE_REFRESH_INTERVAL_MS);
    expect(reads).toEqual(count > 1 ? ['c', 'c'] : ['c']); // the rest once, at the interval's end
    await vi.advanceTimersByTimeAsync(OUTLINE_REFRESH_INTERVAL_MS * 3);
    expect(reads.length).toBe(count > 1 ? 2 : 1);
  });

  it('keeps courses apart, and reads a course at once again after a quiet interval', async () => {
    const refresh = createOutlineRefresh(reader);
    refresh.landed('a');
    refresh.landed('b');
    expect(reads).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(OUTLINE_REFRESH_INTERVAL_MS);
    refresh.landed('a');
    expect(reads).toEqual(['a', 'b', 'a']);
  });

  it('waits longer after reading a big outline, up to a most', async () => {
    expect(refreshIntervalFor(10_000)).toBe(OUTLINE_REFRESH_INTERVAL_MS);
    expect(refreshIntervalFor(4_000_000)).toBeGreaterThan(5 * OUTLINE_REFRESH_INTERVAL_MS);
    expect(refreshIntervalFor(50_000_000)).toBe(OUTLINE_REFRESH_MOST_MS);

    outlineBytes = 4_000_000;
    const refresh = createOutlineRefresh(reader);
    refresh.landed('big');
    refresh.landed('small');
    await vi.advanceTimersByTimeAsync(0); // their sizes are known
    outlineBytes = 10_000;
    refresh.landed('big');
    await vi.advanceTimersByTimeAsync(OUTLINE_REFRESH_INTERVAL_MS);
    expect(reads).toEqual(['big', 'small']); // a small outline's next read would be due by now
    await vi.advanceTimersByTimeAsync(refreshIntervalFor(4_000_000) - OUTLINE_REFRESH_INTERVAL_MS);
    expect(reads).toEqual(['big', 'small', 'big']);
  });

  it('keeps the interval it had when a re-read fails or its size is not known', async () => {
    outlineBytes = 4_000_000;
    const failing = vi.fn<(courseId: string) => Promise<number | null>>().mockResolvedValueOnce(4_000_000);
    failing.mockRejectedValueOnce(new Error('offline')).mockResolvedValue(null);
    const refresh = createOutlineRefresh(failing);
    refresh.landed('c');
    await vi.advanceTimersByTimeAsync(0);
    refresh.landed('c');
    await vi.advanceTimersByTimeAsync(refreshIntervalFor(4_000_000));
    expect(failing).toHaveBeenCalledTimes(2);
    refresh.landed('c');
    await vi.advanceTimersByTimeAsync(refreshIntervalFor(4_000_000) - 1);
    expect(failing).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(failing).toHaveBeenCalledTimes(3);
  });

  it('starts nothing after close', async () => {
    const refresh = createOutlineRefresh(reader);
    refresh.landed('c');
    refresh.landed('c');
    refresh.close();
    await vi.advanceTimersByTimeAsync(OUTLINE_REFRESH_INTERVAL_MS * 2);
    refresh.landed('c');
    expect(reads).toEqual(['c']);
  });
});
