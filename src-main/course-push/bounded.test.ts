// Tests (plain Node): mapBounded keeps the items' order, never runs more than its limit at once,
// and starts nothing after a failure. Each call waits on a promise the test settles, not on time.
import { describe, expect, it } from 'vitest';
import { mapBounded } from './bounded.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('mapBounded', () => {
  it('runs at most `limit` calls at once and gives the results in the items’ order', async () => {
    const calls = Array.from({ length: 7 }, () => deferred<string>());
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const mapping = mapBounded(['a', 'b', 'c', 'd', 'e', 'f', 'g'], 3, async (item, i) => {
      started.push(i);
      most = Math.max(most, ++running);
      try {
        return `${item}${await calls[i]!.promise}`;
      } finally {
        running--;
      }
    });
    await settle();
    expect(started).toEqual([0, 1, 2]);
    // Finished out of order: the results still follow the items.
    for (const i of [2, 0, 6, 1, 5, 3, 4]) {
      calls[i]!.resolve(String(i));
      await settle();
    }
    expect(await mapping).toEqual(['a0', 'b1', 'c2', 'd3', 'e4', 'f5', 'g6']);
    expect(most).toBe(3);
    expect(started.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('fails with the first failure and starts no call after it', async () => {
    const calls = Array.from({ length: 5 }, () => deferred<number>());
    const started: number[] = [];
    const mapping = mapBounded([0, 1, 2, 3, 4], 2, (i) => (started.push(i), calls[i]!.promise));
    mapping.catch(() => undefined);
    await settle();
    calls[1]!.reject(new Error('unreadable'));
    await settle();
    calls[0]!.resolve(0);
    await settle();
    await expect(mapping).rejects.toThrow('unreadable');
    expect(started).toEqual([0, 1]);
  });

  it('maps nothing to nothing', async () => {
    expect(await mapBounded([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
