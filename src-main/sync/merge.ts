// Main process / plain Node (pure, no I/O). Three-way merge of a draft against the server's
// current copy, field by field, so that nothing the server changed is overwritten silently.

export type Fields = Record<string, unknown>;

/** Structural equality for JSON values (what the server sends and what drafts store). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const ra = a as Fields;
  const rb = b as Fields;
  const ak = Object.keys(ra).filter((k) => ra[k] !== undefined);
  const bk = Object.keys(rb).filter((k) => rb[k] !== undefined);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => Object.hasOwn(rb, k) && deepEqual(ra[k], rb[k]));
}

/** The fields of `mine` whose values differ from `base`: what the user actually changed. */
export function changedFields(base: Fields, mine: Fields): Fields {
  const out: Fields = {};
  for (const [field, value] of Object.entries(mine)) {
    if (value !== undefined && !deepEqual(base[field], value)) out[field] = value;
  }
  return out;
}

/** Same instant? Timestamps may differ in format (`Z` vs `+00:00`, fractional digits). */
export function sameTimestamp(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const ta = Date.parse(a);
  const tb = Date.parse(b);
  return Number.isFinite(ta) && ta === tb && normalizeFraction(a) === normalizeFraction(b);
}

function normalizeFraction(ts: string): string {
  // Compare microseconds too: Date.parse drops them, but the server may change only those.
  const m = /\.(\d+)/.exec(ts);
  return (m?.[1] ?? '').padEnd(6, '0').slice(0, 6);
}

export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeInput {
  /** The server copy when editing began. */
  base: Fields;
  baseUpdatedAt: string | null;
  /** The user's edited values (may include fields equal to base; those count as untouched). */
  mine: Fields;
  /** The server's current copy. */
  theirs: Fields;
  theirsUpdatedAt: string | null;
}

export interface MergeResult {
  /** True when the server copy moved on since the draft's base. */
  serverChanged: boolean;
  /** Fields to PATCH now: changed only by the user (or both, when there is no conflict left). */
  patch: Fields;
  /** Changed on both sides to different values; the user must choose. Empty = clean merge. */
  conflicts: FieldConflict[];
  /** The base the draft should carry from now on (the server's current copy). */
  newBase: Fields;
}

export function mergeForPatch(input: MergeInput): MergeResult {
  const mine = changedFields(input.base, input.mine);
  const serverChanged = !sameTimestamp(input.baseUpdatedAt, input.theirsUpdatedAt);
  if (!serverChanged) {
    return { serverChanged, patch: mine, conflicts: [], newBase: input.theirs };
  }
  const patch: Fields = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, value] of Object.entries(mine)) {
    const base = input.base[field];
    const theirs = input.theirs[field];
    if (deepEqual(theirs, value)) continue; // both sides agree: nothing to send
    if (deepEqual(theirs, base))
      patch[field] = value; // only the user changed it
    else conflicts.push({ field, base, mine: value, theirs });
  }
  // Fields the user did not touch simply take the server's value via newBase.
  return { serverChanged, patch, conflicts, newBase: input.theirs };
}

export type ConflictChoice = 'mine' | 'theirs';

export class UnresolvedConflictError extends Error {
  readonly code = 'CONFLICT_UNRESOLVED';
  readonly details: { fields: string[] };
  constructor(fields: string[]) {
    super(`Choose mine or theirs for every conflicting field first: ${fields.join(', ')}.`);
    this.details = { fields };
  }
}

/** Conflicting fields between the user's draft and a server copy (computed, never stored stale). */
export function conflictsBetween(base: Fields, mine: Fields, theirs: Fields): FieldConflict[] {
  return mergeForPatch({ base, baseUpdatedAt: null, mine, theirs, theirsUpdatedAt: 'changed' }).conflicts;
}

/**
 * Rebases the user's changes onto the server copy after a conflict. Conflicts are recomputed from
 * the draft as it is now (the user may have edited since), and every one needs a choice. Returns
 * the draft's new changed-fields map relative to `theirs`, which becomes the new base.
 */
export function resolveConflicts(
  input: { base: Fields; mine: Fields; theirs: Fields },
  choices: Readonly<Record<string, ConflictChoice>>,
): Fields {
  const conflicts = conflictsBetween(input.base, input.mine, input.theirs);
  const missing = conflicts.map((c) => c.field).filter((f) => choices[f] !== 'mine' && choices[f] !== 'theirs');
  if (missing.length > 0) throw new UnresolvedConflictError(missing);
  const next: Fields = {};
  for (const [field, value] of Object.entries(changedFields(input.base, input.mine))) {
    if (choices[field] === 'theirs' && conflicts.some((c) => c.field === field)) continue;
    next[field] = value;
  }
  return changedFields(input.theirs, next);
}
