// Main process / plain Node. New lessons land in their section in the order their files were given,
// whatever order the uploads finish in, without waiting a round trip per lesson. A finished file
// whose batch has no later file with a lesson yet is created without `order` (last), concurrently
// with the others: it only waits until the batch's earlier files that are finishing right now (their
// complete or create under way) have sent their creates, and each goes out on the wire after the one
// before (inWireOrder), so the creates leave in the given order and normally land in it. A file finishing after a later one already has its lesson is placed with
// `order` (1-based position; later lessons move down): right after the nearest earlier file of its
// batch that is a lesson, else right before the nearest later one, in its section's turn (one such
// placement at a time, after the creates in flight have landed). When a batch ends, `settle` looks at
// the section (as read beside the last create, else read again) and moves any lesson out of place (creates that overtook each other on the way,
// a crash between a create and its journal entry, someone else reordering meanwhile) with the
// fewest order-only updates.

import { inWaves, movesToOrder } from '../../src-shared/reorder.ts';
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

/** The section's lessons whose position the server told; one it left without `order` cannot anchor
 * a placement, so it counts as not there (the new lesson then goes by the others, or last). */
function placedLessons(section: { lessons?: { id: string; order?: number }[] }): { id: string; order: number }[] {
  return (section.lessons ?? []).filter((l): l is { id: string; order: number } => typeof l.order === 'number');
}

/** At most this many order-only moves are sent together. */
const WAVE_MOST = 6;

/** How long what was read of a section's orders is trusted (kept up to date with our own creates). */
const KNOWN_FOR_MS = 60_000;

/** The orders of a section's lessons as we last knew them; `whole` when read from the server. */
interface KnownSection {
  orders: Map<string, number>;
  whole: boolean;
  readAt: number;
}

type SectionTarget = { courseId: string; sectionId: string };

/** How a new lesson is created: last, concurrently with others, or placed with `order` in its turn. */
export type LessonWay = 'last' | 'placed';

export class LessonPlacement {
  private readonly api: UploadApi;
  private readonly jobs: () => readonly UploadJob[];
  private readonly locks = new Map<string, Promise<unknown>>();
  private readonly known = new Map<string, KnownSection>();
  /** Creates sent last (no `order`) per section, until answered. */
  private readonly landing = new Map<string, Set<Promise<unknown>>>();
  /** Files waiting for their batch's earlier finishing files to send their creates first. */
  private readonly waiting = new Set<() => void>();
  /** Orders the server gave lessons created last (no `order`) in this run. */
  private readonly toldLast = new Map<string, number>();
  /** Per batch: the section read beside its last create, in order (readBesideLastCreate). */
  private readonly earlyReads = new Map<string, Promise<string[]>>();
  /** Per section: settles once the latest create sent last has started going out (inWireOrder). */
  private readonly wireTail = new Map<string, Promise<void>>();

  constructor(api: UploadApi, jobs: () => readonly UploadJob[]) {
    // Kept whole and read when used: building a manager never touches the API.
    this.api = api;
    this.jobs = jobs;
  }

  /** Runs `work` when no other lesson of the same section is being placed. */
  inSection<T>(target: SectionTarget, work: () => Promise<T>): Promise<T> {
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
   * Decides how `job`'s new lesson is created once the batch's earlier files that are finishing now
   * have sent their creates. 'last' when no later file of the batch has a lesson or a create sent:
   * `goLast` runs at once, in the same turn as the decision, so that the next file sees it. Rejects
   * with what `goLast` throws, or `moved` (checked whenever anything changed) says: the job moved on
   * (paused, cancelled) while it waited.
   */
  whenMyTurn(job: UploadJob, goLast: () => void, moved: () => Error | null): Promise<LessonWay> {
    return new Promise<LessonWay>((resolve, reject) => {
      const decide = (): boolean => {
        const stopped = moved();
        if (stopped) {
          this.waiting.delete(decide);
          reject(stopped);
          return true;
        }
        const batch = this.batchInSection(job.batchId, job);
        if (batch.some((j) => j.position < job.position && finishingNow(j))) return false;
        this.waiting.delete(decide);
        if (batch.some((j) => j.position > job.position && (j.lessonId !== null || j.attachAttempted))) {
          resolve('placed');
          return true;
        }
        try {
          goLast();
          resolve('last');
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return true;
      };
      if (!decide()) this.waiting.add(decide);
    });
  }

  /** A job changed (its state, or its create was sent): files waiting for their turn look again. */
  changed(): void {
    for (const decide of [...this.waiting]) decide();
  }

  /**
   * Sends a create last (no `order`) once the section's previous one has started going out (or
   * ended). Creates handed to the connection pool together can still leave in another order: one
   * waits for a new connection while a later one finds a free socket, and lands first. Waiting for
   * the previous one's headers to be written costs no round trip.
   */
  inWireOrder<T>(target: SectionTarget, send: (onSent: () => void) => Promise<T>): Promise<T> {
    const key = sectionKey(target);
    const previous = this.wireTail.get(key) ?? Promise.resolve();
    let markSent!: () => void;
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    this.wireTail.set(key, sent);
    void sent.then(() => {
      if (this.wireTail.get(key) === sent) this.wireTail.delete(key);
    });
    const result = previous.then(() => send(markSent));
    // A create that fails or is aborted before it goes out lets the next one go.
    void result.then(markSent, markSent);
    return result;
  }

  /** A create sent last (no `order`): placements in its section wait until it landed. */
  landingLast(target: SectionTarget, create: Promise<unknown>): void {
    const key = sectionKey(target);
    const set = this.landing.get(key) ?? new Set<Promise<unknown>>();
    this.landing.set(key, set);
    const settled = create.then(
      () => undefined,
      () => undefined,
    );
    set.add(settled);
    void settled.then(() => {
      set.delete(settled);
      if (set.size === 0 && this.landing.get(key) === set) this.landing.delete(key);
    });
  }

  /**
   * Resolves once the creates sent last in the section so far have been answered (not those sent
   * after: they are of later files, which land after every lesson of the batch).
   */
  async landed(target: SectionTarget): Promise<void> {
    await Promise.all([...(this.landing.get(sectionKey(target)) ?? [])]);
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
  created(target: SectionTarget, lessonId: string, sent: number | null, answered: unknown): void {
    const key = sectionKey(target);
    const known = this.known.get(key) ?? { orders: new Map<string, number>(), whole: false, readAt: performance.now() };
    const told = typeof answered === 'number' && Number.isInteger(answered) ? answered : null;
    if (sent === null && told !== null) this.toldLast.set(lessonId, told);
    const last = known.whole ? Math.max(0, ...known.orders.values()) + 1 : null;
    const order = told ?? sent ?? last;
    if (order === null || (sent !== null && told !== null && told !== sent)) {
      this.known.delete(key);
      return;
    }
    for (const [id, o] of known.orders) if (o >= order) known.orders.set(id, o + 1);
    known.orders.set(lessonId, order);
    this.known.set(key, known);
  }

  /** A create failed: it may have landed or not, so the section is read again next time. */
  forget(target: SectionTarget): void {
    this.known.delete(sectionKey(target));
  }

  /**
   * After a batch ended: moves its lessons into the given order where they are not (creates that
   * overtook each other, a crash, someone else's move), reading the section again after each round.
   */
  async settle(batchId: string, options: CallOptions = {}): Promise<void> {
    const sections = this.api.sections;
    const first = this.jobs().find((j) => j.batchId === batchId && j.target.kind === 'new');
    const target = first?.target;
    if (!sections || !first || target?.kind !== 'new') return;
    const early = this.earlyReads.get(batchId);
    this.earlyReads.delete(batchId);
    await this.inSection(target, async () => {
      await this.landed(target);
      this.forget(target);
      const wanted = this.placed(batchId, first)
        .sort((a, b) => a.position - b.position)
        .map((p) => p.lessonId);
      // What the early read saw (with the lessons it missed) stands for the first round's read.
      let seen = early ? await this.withLateArrivals(early, wanted) : null;
      for (const id of wanted) this.toldLast.delete(id);
      // Bounded: each round's moves put every lesson it moves right after its predecessor. When every
      // answer puts its lesson where it was sent, the moves went as planned on the section as read (a
      // round trip or so ago): done. Otherwise (another move came between, or the answers do not
      // say) the next round reads the section again.
      for (let round = 0; round < 3; round++) {
        const current = seen ?? inOrder(await sections.get(target.courseId, target.sectionId, options));
        seen = null;
        const moves = movesToOrder(current, wanted);
        if (moves.length === 0) return;
        let asPlanned = true;
        // Moves whose spans do not touch go together: a few swapped neighbours cost one round trip.
        for (const wave of inWaves(current, moves, WAVE_MOST)) {
          const answers = await Promise.all(
            wave.map((move) =>
              this.api.lessons.update(target.courseId, target.sectionId, move.id, { order: move.order }, options),
            ),
          );
          answers.forEach((moved, i) => {
            if (moved.order !== wave[i]!.order) asPlanned = false;
          });
        }
        if (asPlanned) return;
      }
    });
  }

  /**
   * `job`'s create was just sent last: when no other file of its batch is still to send one, the
   * section is read now, beside that create, so the batch's end need not wait a round trip more to
   * check the order (settle).
   */
  readBesideLastCreate(job: UploadJob, options: CallOptions): void {
    const sections = this.api.sections;
    if (!sections || job.batchId === null || job.target.kind !== 'new') return;
    const batch = this.batchInSection(job.batchId, job);
    if (batch.some((j) => j !== job && j.lessonId === null && !j.attachAttempted && j.runnable)) return;
    const read = sections.get(job.target.courseId, job.target.sectionId, options).then(inOrder);
    read.catch(() => undefined); // settle reads again
    this.earlyReads.set(job.batchId, read);
  }

  /**
   * The section as an early read saw it, with the batch's lessons it missed put at the end in the
   * order the server gave them (each was created last after the read); null when the read failed
   * or a missed one went another way, so settle reads again.
   */
  private async withLateArrivals(early: Promise<string[]>, wanted: readonly string[]): Promise<string[] | null> {
    const seen = await early.catch(() => null);
    if (!seen) return null;
    const missed = wanted.filter((id) => !seen.includes(id));
    if (missed.some((id) => !this.toldLast.has(id))) return null;
    return [...seen, ...missed.sort((a, b) => this.toldLast.get(a)! - this.toldLast.get(b)!)];
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

/**
 * A file whose create has not been sent yet but is due soon: its last parts are in flight (none
 * waits to be sent), or its complete or lesson create is under way. A later file waiting for it
 * costs that file's lesson a moment; not waiting would make this one's a placement in the
 * section's turn, which holds up every file after it.
 */
function finishingNow(job: UploadJob): boolean {
  if (!job.runnable || job.lessonId !== null || job.attachAttempted) return false;
  if (job.state === 'completing' || job.state === 'attaching') return true;
  return job.state === 'uploading' && job.prepared && job.parts.pending.length === 0;
}

/** The section's lesson ids in the server's order. */
function inOrder(section: { lessons?: { id: string; order?: number }[] }): string[] {
  return placedLessons(section)
    .sort((a, b) => a.order - b.order)
    .map((l) => l.id);
}

function sectionKey(target: SectionTarget): string {
  return `${target.courseId}/${target.sectionId}`;
}
