// Shared (plain ES). The order-only moves that put items in a wanted order with as few writes as
// possible: a folder's sections or a section's lessons (the course push), an upload batch's new
// lessons (the upload engine). Positions follow ASSUMPTIONS ("order" is the 1-based position; the
// others shift), and items not wanted keep their places relative to each other.

export interface Move {
  id: string;
  /** The 1-based position to send as `order`. */
  order: number;
}

/**
 * Indexes (into `sequence`) of one longest strictly increasing subsequence: the items that can
 * stay where they are while the others move around them.
 */
export function longestIncreasing(sequence: readonly number[]): Set<number> {
  const tails: number[] = []; // index into sequence of the smallest tail of each length
  const previous = new Array<number>(sequence.length).fill(-1);
  for (let i = 0; i < sequence.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sequence[tails[mid]!]! < sequence[i]!) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const keep = new Set<number>();
  for (let i = tails.at(-1) ?? -1; i !== -1; i = previous[i]!) keep.add(i);
  return keep;
}

/**
 * The moves that bring `wanted` (ids, in the order wanted) into that relative order within
 * `current` (every id in its server order, `wanted` ones among them). Each move is what the server
 * does with `order`: take the item out, put it at that position. Ids of `wanted` missing from
 * `current` are ignored.
 */
export function movesToOrder(current: readonly string[], wanted: readonly string[]): Move[] {
  const at = new Map(current.map((id, i) => [id, i]));
  const present = wanted.filter((id) => at.has(id));
  const keep = longestIncreasing(present.map((id) => at.get(id)!));
  const list = [...current];
  const moves: Move[] = [];
  present.forEach((id, i) => {
    if (keep.has(i)) return;
    list.splice(list.indexOf(id), 1);
    // Right after the item before it (already in place), or, for the first, right before the first
    // item that stays.
    const index =
      i > 0
        ? list.indexOf(present[i - 1]!) + 1
        : list.indexOf(present[[...keep].sort((a, b) => a - b).find((k) => k > i)!]!);
    list.splice(index, 0, id);
    moves.push({ id, order: index + 1 });
  });
  return moves;
}

/**
 * `moves` (as movesToOrder made them, for `current`) in waves whose moves may be sent together: a
 * move only shifts the items between where it takes its item from and where it puts it, so moves
 * whose spans do not touch land the same whatever order the server applies them in, each at the
 * `order` it was made with. A new wave starts at a move whose span touches one of the wave's, or
 * when the wave holds `most`. Far from the server, a batch's few swapped neighbours then cost one
 * round trip instead of one each.
 */
export function inWaves(current: readonly string[], moves: readonly Move[], most = 8): Move[][] {
  const waves: Move[][] = [];
  let wave: Move[] = [];
  let spans: [number, number][] = [];
  let list = [...current];
  for (const move of moves) {
    const from = list.indexOf(move.id);
    const to = Math.max(0, Math.min(list.length - 1, move.order - 1));
    const span: [number, number] = [Math.min(from, to), Math.max(from, to)];
    const touches = spans.some(([lo, hi]) => span[0] <= hi && lo <= span[1]);
    if (from === -1 || touches || wave.length >= most) {
      if (wave.length > 0) waves.push(wave);
      wave = [];
      spans = [];
    }
    wave.push(move);
    spans.push(span);
    list = applyMove(list, move);
  }
  if (wave.length > 0) waves.push(wave);
  return waves;
}

/** The server's placement (ASSUMPTIONS): the item leaves its place and lands at `order`. */
export function applyMove(list: readonly string[], move: Move): string[] {
  const others = list.filter((id) => id !== move.id);
  others.splice(Math.max(0, Math.min(others.length, move.order - 1)), 0, move.id);
  return others;
}

/** Ids of `wanted` that the moves will move (for the plan). */
export function outOfPlace(current: readonly string[], wanted: readonly string[]): Set<string> {
  return new Set(movesToOrder(current, wanted).map((m) => m.id));
}
