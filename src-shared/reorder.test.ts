// Tests (plain Node): the fewest order-only moves that put wanted items in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, longestIncreasing, movesToOrder } from './reorder.ts';

/** `n` distinct ids in a random order, and a random subset of them in a random wanted order. */
const scene = fc.integer({ min: 0, max: 12 }).chain((n) =>
  fc.tuple(
    fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => `id${i}`),
      { minLength: n, maxLength: n },
    ),
    fc.shuffledSubarray(
      Array.from({ length: n }, (_, i) => `id${i}`),
      { minLength: 0, maxLength: n },
    ),
  ),
);

describe('movesToOrder', () => {
  it('moves nothing when the wanted items are already in order', () => {
    expect(movesToOrder(['a', 'x', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });

  it('moves the one item out of place', () => {
    expect(movesToOrder(['c', 'a', 'b'], ['a', 'b', 'c'])).toEqual([{ id: 'c', order: 3 }]);
    expect(movesToOrder(['b', 'c', 'a'], ['a', 'b', 'c'])).toEqual([{ id: 'a', order: 1 }]);
  });

  it('applied as the server applies `order`, brings the wanted items into order and keeps the others in theirs', () => {
    fc.assert(
      fc.property(scene, ([current, wanted]) => {
        let list = current;
        for (const move of movesToOrder(current, wanted)) list = applyMove(list, move);
        const wantedSet = new Set(wanted);
        expect(list.filter((id) => wantedSet.has(id))).toEqual(wanted);
        expect(list.filter((id) => !wantedSet.has(id))).toEqual(current.filter((id) => !wantedSet.has(id)));
        expect([...list].sort()).toEqual([...current].sort());
      }),
    );
  });

  it('makes as few moves as possible: one per item outside a longest run already in order', () => {
    fc.assert(
      fc.property(scene, ([current, wanted]) => {
        const positions = wanted.map((id) => current.indexOf(id));
        expect(movesToOrder(current, wanted)).toHaveLength(wanted.length - longestIncreasing(positions).size);
      }),
    );
  });

  it('ignores wanted ids the server does not have', () => {
    expect(movesToOrder(['b', 'a'], ['a', 'gone', 'b'])).toHaveLength(1);
  });
});

describe('longestIncreasing', () => {
  it('finds a longest strictly increasing subsequence', () => {
    const keep = longestIncreasing([3, 1, 2, 5, 4, 6]);
    expect(keep.size).toBe(4);
    const picked = [...keep].sort((a, b) => a - b).map((i) => [3, 1, 2, 5, 4, 6][i]!);
    expect(picked).toEqual([...picked].sort((a, b) => a - b));
  });
});
