// Tests (plain Node): the fewest order-only moves that put wanted items in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove, inWaves, longestIncreasing, movesToOrder } from './reorder.ts';

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

describe('inWaves', () => {
  it('keeps every move, in its order, and never more than `most` in one wave', () => {
    fc.assert(
      fc.property(scene, fc.integer({ min: 1, max: 4 }), ([current, wanted], most) => {
        const moves = movesToOrder(current, wanted);
        const waves = inWaves(current, moves, most);
        expect(waves.flat()).toEqual(moves);
        for (const wave of waves) expect(wave.length).toBeGreaterThanOrEqual(1);
        for (const wave of waves) expect(wave.length).toBeLessThanOrEqual(most);
      }),
    );
  });

  it('a wave applied in any order lands each move at its order and ends as the moves one by one do', () => {
    fc.assert(
      fc.property(scene, fc.integer(), ([current, wanted], seed) => {
        const moves = movesToOrder(current, wanted);
        let list = current;
        let shuffle = seed;
        for (const wave of inWaves(current, moves)) {
          // The server may apply a wave's moves in any order: a reversed or rotated one here.
          const turn = Math.abs(shuffle++) % wave.length;
          const applied = shuffle % 2 === 0 ? [...wave].reverse() : [...wave.slice(turn), ...wave.slice(0, turn)];
          for (const move of applied) list = applyMove(list, move);
          for (const move of wave) expect(list.indexOf(move.id) + 1).toBe(move.order);
        }
        let oneByOne = current;
        for (const move of moves) oneByOne = applyMove(oneByOne, move);
        expect(list).toEqual(oneByOne);
      }),
      { numRuns: 500 },
    );
  });

  it('swapped neighbours far apart go in one wave; moves that cross go one after another', () => {
    const current = ['a', 'c', 'b', 'd', 'e', 'g', 'f'];
    const wanted = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(inWaves(current, movesToOrder(current, wanted)).map((w) => w.length)).toEqual([2]);
    const crossing = ['c', 'b', 'a'];
    expect(inWaves(crossing, movesToOrder(crossing, ['a', 'b', 'c'])).map((w) => w.length)).toEqual([1, 1]);
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
