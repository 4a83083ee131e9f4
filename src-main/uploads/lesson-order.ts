// Main process / plain Node. New lessons land in their section in the order their files were given,
// whatever order the uploads finish in. Each create sends `order` (1-based position; later lessons
// move down): right after the nearest earlier file of its batch that is already a lesson, else right
// before the nearest later one, else last. Placements in one section run one at a time, so two
// finishing files never read the same section. The section is read once and then kept up to date with
// our own creates (for a minute at most), so a batch of small files pays one round trip per lesson,
// not two. When a batch ends, `settle` checks the section once and moves any lesson out of place (a
// crash between a create and its journal entry, someone else reordering meanwhile) with an order-only
// update.

import { sectionOf } from './targets.ts';
import type { UploadJob } from './upload-job.ts';
import type { CallOptions, UploadApi } from './types.ts';

interface Placed {
  position: number;
  lessonId: string;
}

/** The `order` for a new lesson at `position` among its already created batch siblings; null = last. */
export function orderAmong(
  sectionLessons: readonly { id: string; order: number }[],
  siblings: readonly Placed[],
  position: number,
): number | null {
  const orderOf = new Map(sectionLessons.map((l) => [l.id, l.order]));
  let before: { position: number; order: number } | null = null;
  let after: { position: number; order: number } | null = null;
  for (const s of siblings) {
    const order = orderOf.get(s.lessonId);
    if (order === undefined) continue; // deleted meanwhile
    if (s.position < position && (!before || s.position > before.position)) before = { position: s.position, order };
    if (s.position > position && (!after || s.position < after.position)) after = { position: s.position, order };
  }
  if (before) return before.order + 1;
  if (after) return after.order;
  return null;
}

/**
 * The first order-only move that brings the batch's lessons (given order) closer to that order, or
 * null when they already are in it. Each move puts a lesson right after its predecessor.
 */
export function nextMove(
  sectionLessons: readonly { id: string; order: number }[],
  batch: readonly Placed[],
): { lessonId: string; order: number } | null {
  const orderOf = new Map(sectionLessons.map((l) => [l.id, l.order]));
  const present = [...batch].sort((a, b) => a.position - b.position).filter((p) => orderOf.has(p.lessonId));
  for (let i = 1; i < present.length; i++) {
    const previous = orderOf.get(present[i - 1]!.lessonId)!;
    if (orderOf.get(present[i]!.lessonId)! <= previous) return { lessonId: present[i]!.lessonId, order: previous + 1 };
  }
  return null;
}

/** The section's lessons whose position the server told; one it left without `order` cannot anchor
 * a placement, so it counts as not there (the new lesson then goes by the others, or last). */
function placedLessons(section: { lessons?: { id: string; order?: number }[] }): { id: string; order: number }[] {
  return (section.lessons ?? []).filter((l): l is { id: string; order: number } => typeof l.order === 'number');
}

/** How long what was read of a section's orders is trusted (kept up to date with our own creates). */
const KNOWN_FOR_MS = 60_000;

/** The orders of a section's lessons as we last knew them; `whole` when read from the server. */
interface KnownSection {
  orders: Map<string, number>;
  whole: boolean;
  /** How many lessons the section holds, when known: read whole, or told by a create that went last. */
  count: number | null;
  readAt: number;
}

/** A create in flight at its section's end with an explicit order, which the next file may join. */
export class OpenEnd {
  readonly batchId: string;
  readonly position: number;
  readonly order: number;
  /** The job created beside it, once one joined. */
  follower: Promise<void> | null = null;
  /** True once the leader's lesson is created and recorded; false when its create failed. */
  readonly leaderDone: Promise<boolean>;
  /** Set when the leader's create ended: too late to join (the section's turn is ending). */
  closed = false;
  private finishLeader!: (ok: boolean) => void;

  constructor(batchId: string, position: number, order: number) {
    this.batchId = batchId;
    this.position = position;
    this.order = order;
    this.leaderDone = new Promise((resolve) => (this.finishLeader = resolve));
  }

  /** The leader's create ended (`ok`: created and recorded); resolves once a follower ended too. */
  async close(ok: boolean): Promise<void> {
    this.closed = true;
    this.finishLeader(ok);
    await this.follower;
  }
}

export class LessonPlacement {
  private readonly api: UploadApi;
  private readonly jobs: () => readonly UploadJob[];
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly known = new Map<string, KnownSection>();
  private readonly ends = new Map<string, OpenEnd>();
  /** Jobs waiting for their section's turn that may join an end once one opens. */
  private readonly joiners = new Map<string, Set<() => void>>();

  constructor(api: UploadApi, jobs: () => readonly UploadJob[]) {
    // Kept whole and read when used: building a manager never touches the API.
    this.api = api;
    this.jobs = jobs;
  }

  /** Runs `work` when no other lesson of the same section is being placed. */
  inSection<T>(target: { courseId: string; sectionId: string }, work: () => Promise<T>): Promise<T> {
    const key = sectionKey(target);
    const run = (this.locks.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }

  /**
   * Runs `work` in the section's turn, or `beside` at once if an end `job` may join is open or
   * opens while it waits (then its turn, when it comes, does nothing).
   */
  inSectionOrBeside<T>(job: UploadJob, work: () => Promise<T>, beside: (end: OpenEnd) => Promise<T>): Promise<T> {
    const target = job.target as { courseId: string; sectionId: string };
    const key = sectionKey(target);
    const now = this.joinEnd(job);
    if (now) return beside(now);
    return new Promise<T>((resolve, reject) => {
      let joined = false;
      const waiting = this.joiners.get(key) ?? new Set<() => void>();
      this.joiners.set(key, waiting);
      const tryJoin = () => {
        const end = this.joinEnd(job);
        if (!end) return;
        joined = true;
        waiting.delete(tryJoin);
        beside(end).then(resolve, reject);
      };
      waiting.add(tryJoin);
      const turn = this.inSection(target, async () => {
        waiting.delete(tryJoin);
        return joined ? undefined : work();
      });
      turn.then(
        (value) => joined || resolve(value as T),
        (error: unknown) => joined || reject(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  /** The order to create this job's lesson with (null: last, or nothing to place it by). */
  async orderFor(job: UploadJob, options: CallOptions): Promise<number | null> {
    const siblings = this.placed(job.batchId, job).filter((p) => p.position !== job.position);
    if (!this.api.sections || siblings.length === 0 || job.target.kind !== 'new') return null;
    const key = sectionKey(job.target);
    let known = this.known.get(key);
    const fresh = known && performance.now() - known.readAt < KNOWN_FOR_MS;
    if (!known || !fresh || siblings.some((s) => !known!.orders.has(s.lessonId))) {
      const section = await this.api.sections.get(job.target.courseId, job.target.sectionId, options);
      known = {
        orders: new Map(placedLessons(section).map((l) => [l.id, l.order])),
        whole: true,
        count: Math.max(0, ...placedLessons(section).map((l) => l.order)),
        readAt: performance.now(),
      };
      this.known.set(key, known);
    }
    return orderAmong(
      [...known.orders].map(([id, order]) => ({ id, order })),
      siblings,
      job.position,
    );
  }

  /**
   * A lesson was created in the section with `sent` as its order (null: last); `answered` is the
   * order the server gave back, if any. Later lessons moved down by one. When what we know cannot
   * say where it went, or the server disagrees, the section is read again next time.
   */
  created(target: { courseId: string; sectionId: string }, lessonId: string, sent: number | null, answered: unknown) {
    const key = sectionKey(target);
    const known = this.known.get(key) ?? {
      orders: new Map<string, number>(),
      whole: false,
      count: null,
      readAt: performance.now(),
    };
    const told = typeof answered === 'number' && Number.isInteger(answered) ? answered : null;
    const last = known.whole ? Math.max(0, ...known.orders.values()) + 1 : null;
    const order = told ?? sent ?? last;
    if (order === null || (sent !== null && told !== null && told !== sent)) {
      this.known.delete(key);
      return;
    }
    for (const [id, o] of known.orders) if (o >= order) known.orders.set(id, o + 1);
    known.orders.set(lessonId, order);
    // A lesson that went last says how many there are; one placed by `order` adds one.
    known.count = sent === null ? order : known.count === null ? null : known.count + 1;
    this.known.set(key, known);
  }

  /**
   * Called in the section's turn, once `job`'s order is decided: when it goes to the section's end
   * with an explicit order, opens that end for the batch's next file (close it when the create ends).
   */
  openEnd(job: UploadJob, order: number | null): OpenEnd | null {
    if (order === null || job.batchId === null || job.target.kind !== 'new') return null;
    const key = sectionKey(job.target);
    const count = this.known.get(key)?.count ?? null;
    if (count === null || order !== count + 1) return null;
    const end = new OpenEnd(job.batchId, job.position, order);
    this.ends.set(key, end);
    void end.leaderDone.then(() => {
      if (this.ends.get(key) === end) this.ends.delete(key);
    });
    // A file already waiting for the turn may be the one to go beside it.
    for (const tryJoin of [...(this.joiners.get(key) ?? [])]) tryJoin();
    return end;
  }

  /**
   * The open end `job` may be created beside now (its lesson then goes without `order`, last), or
   * null: only the batch's next file after the end's, with no lesson of the batch after it yet, and
   * only one.
   */
  joinEnd(job: UploadJob): OpenEnd | null {
    if (job.batchId === null || job.target.kind !== 'new') return null;
    const end = this.ends.get(sectionKey(job.target));
    if (!end || end.closed || end.follower || end.batchId !== job.batchId || job.position <= end.position) return null;
    const batch = this.batchInSection(job.batchId, job);
    const between = batch.some((j) => j.position > end.position && j.position < job.position);
    const after = batch.some((j) => j.position > job.position && j.lessonId !== null);
    return between || after ? null : end;
  }

  /** The lesson created beside `end` is N+2 once the leader is N+1; unknown if the leader failed. */
  async followed(target: { courseId: string; sectionId: string }, lessonId: string, end: OpenEnd): Promise<void> {
    if (await end.leaderDone) this.created(target, lessonId, end.order + 1, undefined);
    else this.forget(target);
  }

  /** A create failed: it may have landed or not, so the section is read again next time. */
  forget(target: { courseId: string; sectionId: string }): void {
    this.known.delete(sectionKey(target));
  }

  /** After a batch ended: moves its lessons into the given order where they are not (rarely needed). */
  async settle(batchId: string, options: CallOptions = {}): Promise<void> {
    const sections = this.api.sections;
    const first = this.jobs().find((j) => j.batchId === batchId && j.target.kind === 'new');
    const target = first?.target;
    if (!sections || !first || target?.kind !== 'new') return;
    await this.inSection(target, async () => {
      this.forget(target);
      const batch = this.placed(batchId, first);
      // Bounded: each move fixes one lesson for good (it lands right after its predecessor).
      for (let moves = 0; moves <= batch.length; moves++) {
        const section = await sections.get(target.courseId, target.sectionId, options);
        const move = nextMove(placedLessons(section), batch);
        if (!move) return;
        await this.api.lessons.update(target.courseId, target.sectionId, move.lessonId, { order: move.order }, options);
      }
    });
  }

  /** Lessons already created by this batch in the same section as `like`. */
  private placed(batchId: string | null, like: UploadJob): Placed[] {
    return this.batchInSection(batchId, like)
      .filter((j) => j.lessonId !== null)
      .map((j) => ({ position: j.position, lessonId: j.lessonId! }));
  }

  /** The jobs of batch `batchId` making new lessons in the same section as `like`. */
  private batchInSection(batchId: string | null, like: UploadJob): UploadJob[] {
    if (batchId === null) return [];
    const t = like.target;
    return this.jobs().filter(
      (j) =>
        j.batchId === batchId &&
        j.target.kind === 'new' &&
        j.target.courseId === t.courseId &&
        j.target.sectionId === sectionOf(t),
    );
  }
}

function sectionKey(target: { courseId: string; sectionId: string }): string {
  return `${target.courseId}/${target.sectionId}`;
}
