// Main process / plain Node. What moving a lesson and changing a section share: the draft taken
// back from a send under way or from the outbox before it takes the change, a move (queueMove)
// sent as a position compared against where the item is now, and several changes in a row ending
// in one re-read of the course's sections. lesson-work.ts and structure-work.ts use it; it imports
// neither.
import type { DraftRow, DraftStore, DraftSummary, DraftView } from './drafts.ts';
import { draftLocked, SyncServiceError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';
import type { ResourceKind } from './resources.ts';

export interface PositionDeps {
  drafts: DraftStore;
  outbox: () => Outbox;
}

/** How many drains a change waits for a send of its draft under way, at the most. */
const SEND_WAITS = 50;
/** Several changes in a row end in one re-read of the sections, once the last answer is in. */
const SETTLE_MS = 300;

/**
 * Lets a send of this draft under way end, runs `check` on the draft then, and takes it back from
 * the outbox if it waits there (the change joins what was queued). Still sending: `busy` says so.
 */
export async function takeBack(
  deps: PositionDeps,
  opened: DraftView,
  busy: string,
  check?: (row: DraftRow) => void,
): Promise<DraftRow> {
  const { drafts } = deps;
  for (let i = 0; i < SEND_WAITS && drafts.row(opened.id).state === 'sending'; i++) await deps.outbox().drain();
  const before = drafts.row(opened.id);
  check?.(before);
  const draft = before.state === 'queued' ? deps.outbox().reopen(opened.id) : opened;
  const row = drafts.row(draft.id);
  if (row.state === 'sending') throw draftLocked(row.id, row.state, busy);
  return row;
}

/** What a move of one kind says when it cannot be made yet. */
export interface MoveRefusals {
  /** A send of the draft is still under way. */
  busy: string;
  /** The draft holds edits not yet saved to the server: the error's code and sentence. */
  unsavedCode: string;
  unsaved: string;
}

/**
 * Moves a lesson or a section to `position` through the outbox: the opened draft is taken back
 * (refusing edits not yet saved, see below), then the position is queued against where the item is
 * now. `whereNow` (1-based, null when unknown) is asked only once the draft is back, as a send that
 * ended meanwhile may have changed the cached copy. Showing the move in the cache is the caller's.
 */
export async function queueMove(
  deps: PositionDeps,
  opened: DraftView,
  refusals: MoveRefusals,
  whereNow: () => number | null,
  position: number,
): Promise<void> {
  const row = await takeBack(deps, opened, refusals.busy, (before) =>
    refuseUnsaved(before, refusals.unsavedCode, refusals.unsaved),
  );
  queuePosition(deps, row, whereNow(), position);
}

/**
 * A move refuses a draft holding edits not yet saved to the server: they are not sent behind the
 * user's back. Edits already queued are on their way anyway, and the move joins them.
 */
function refuseUnsaved(row: DraftRow, code: string, message: string): void {
  const unsaved = Object.keys(JSON.parse(row.fields) as Fields).some((field) => field !== 'order');
  if (unsaved && row.state !== 'queued') throw new SyncServiceError(code, message, { draftId: row.id });
}

/**
 * Queues `order: position`. `order` is a position: the draft's base holds where the item is now
 * (`current`, null when unknown), not where it was when the draft began (siblings' moves shift it
 * without touching the item itself); a refused move goes back there. The move is sent even when our
 * copy says the item is there already: that copy may predate a move of ours the server has taken
 * since (an Undo right after a move), and a position the server already has costs nothing.
 */
function queuePosition(deps: PositionDeps, row: DraftRow, current: number | null, position: number): void {
  if (row.base) {
    const { order: _was, ...base } = JSON.parse(row.base) as Fields;
    const now = current !== null && current !== position ? { ...base, order: current } : base;
    deps.drafts.update(row.id, { base: JSON.stringify(now) });
  }
  deps.outbox().enqueue(row.id, { order: position });
}

/** New drafts of this kind in a course, not sent yet. */
export const unsentCreates = (drafts: DraftStore, resource: ResourceKind, courseId: string): DraftSummary[] =>
  drafts
    .list()
    .filter(
      (d) =>
        d.resource === resource && d.operation === 'create' && d.state !== 'sent' && d.parent.courseId === courseId,
    );

/** Draft states whose `order` has not reached the server yet. */
const UNSENT = new Set(['queued', 'sending']);

/**
 * Moves of this kind in a course that have not reached the server yet, oldest first, each with the
 * moved item's id and position: laid over a fresh read of the sections so that a read never undoes
 * a move the outline already shows (an answer with the state from before the move was sent).
 */
export function waitingMoves(
  drafts: DraftStore,
  resource: 'lesson' | 'section',
  courseId: string,
): { row: DraftRow; id: string; position: number }[] {
  return drafts
    .list()
    .filter((d) => d.resource === resource && d.parent.courseId === courseId && UNSENT.has(d.state))
    .map((d) => drafts.row(d.id))
    .sort((a, b) => a.updated_at - b.updated_at)
    .flatMap((row) => {
      const { order } = JSON.parse(row.fields) as Fields;
      return typeof order === 'number' && row.server_id ? [{ row, id: row.server_id, position: order }] : [];
    });
}

/** A re-read of a course's sections that waits for a quiet spell: the last call of a row wins. */
export function settledRefresh(refresh: (courseId: string) => void): (courseId: string) => void {
  const timers = new Map<string, NodeJS.Timeout>();
  return (courseId) => {
    clearTimeout(timers.get(courseId));
    const timer = setTimeout(() => {
      timers.delete(courseId);
      refresh(courseId);
    }, SETTLE_MS);
    timer.unref();
    timers.set(courseId, timer);
  };
}
