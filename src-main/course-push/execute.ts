// Main process / plain Node. Runs a folder push's plan: structure before bytes. 1) sections are
// created, renamed and put in order (a server that refuses section writes stops the push here,
// before any lesson or upload session exists); 2) text lessons are created or updated; 3) videos
// go through the upload engine (its journal makes them resumable) as new lessons or onto the same
// lesson; 4) the lessons of each section are put in the folder's order; 5) the sections and lessons
// not in the folder that were chosen (delete-choice.ts) are deleted. Each section and lesson created,
// renamed, put in order, replaced or deleted is recorded as an event (said as it happens, listed in
// the outcome: src-shared/push-events.ts). Every create is sent with a key and body stored beforehand
// (push-state.ts), so a killed push run again re-sends the same request and makes nothing twice.
import { defineMessages } from '../../src-shared/messages.ts';
import { pushEventSentence, type PushEvent } from '../../src-shared/push-events.ts';
import { TEXT_LESSON_TYPE, isApiError } from '../api/index.ts';
import { t } from '../i18n/index.ts';
import { storedCheckOf, type AddUploadInput, type UploadManager, type UploadRow } from '../uploads/index.ts';
import { pushedContent, type LessonPlan, type PushPlan, type SectionPlan } from './plan.ts';
import { orderedLessons, untilAnswered, type PushApi, type SectionWrite } from './push-api.ts';
import { deleteChosen } from './execute-delete.ts';
import type { EntryRef, PushState } from './push-state.ts';
import { movesToOrder } from '../../src-shared/reorder.ts';

const REFUSED = defineMessages({
  create: {
    id: 'course-push.execute.refusedCreate',
    defaultMessage:
      'This server does not let Lectern create sections, so the push stopped before any lesson or upload was made.',
  },
  rename: {
    id: 'course-push.execute.refusedRename',
    defaultMessage:
      'This server does not let Lectern rename sections, so the push stopped before any lesson or upload was made.',
  },
  reorder: {
    id: 'course-push.execute.refusedReorder',
    defaultMessage:
      'This server does not let Lectern put sections in order, so the push stopped before any lesson or upload was made.',
  },
  // Deleting comes last: what came before it was pushed.
  delete: {
    id: 'course-push.execute.refusedDelete',
    defaultMessage:
      'This server does not let Lectern delete sections, so the push stopped at the first section to delete; everything before it was pushed.',
  },
});

/** The server does not offer a section write the push needs: said in the app's language when made. */
export class StructureRefusedError extends Error {
  readonly code = 'STRUCTURE_NOT_OFFERED';
  override name = 'StructureRefusedError';
  readonly write: SectionWrite;
  constructor(write: SectionWrite) {
    super(t(REFUSED[write]));
    this.write = write;
  }
}

export interface PushOutcome {
  sectionsCreated: number;
  sectionsUpdated: number;
  sectionsMoved: number;
  lessonsCreated: number;
  lessonsUpdated: number;
  lessonsMoved: number;
  videosUploaded: number;
  sectionsDeleted: number;
  lessonsDeleted: number;
  /** Each section and lesson created, renamed, put in order, replaced or deleted, in the order done. */
  events: PushEvent[];
  /** Videos that did not make it (the rest of the push went on). */
  failed: { key: string; code: string; message: string }[];
  /** The engine's rows of this push (for progress screens and --json). */
  uploads: UploadRow[];
}

export interface PushDeps {
  api: PushApi;
  state: PushState;
  uploads: UploadManager;
  signal: AbortSignal;
  /** Progress for people ("Created section …"). */
  say?: (message: string) => void;
  /** The network was lost (true) or is back (false). */
  onWaiting?: (waiting: boolean) => void;
  /** The rows the engine took for this push, once added (the app shows them in its uploads screen). */
  onUploadsAdded?: (rows: readonly UploadRow[]) => void;
}

export async function executePush(plan: PushPlan, deps: PushDeps): Promise<PushOutcome> {
  const { api, state, signal } = deps;
  const courseId = plan.courseId;
  const say = deps.say ?? (() => undefined);
  const call = <T>(fn: () => Promise<T>) =>
    untilAnswered(fn, { signal, onWaiting: deps.onWaiting ?? (() => undefined) });
  const outcome: PushOutcome = {
    sectionsCreated: 0,
    sectionsUpdated: 0,
    sectionsMoved: 0,
    lessonsCreated: 0,
    lessonsUpdated: 0,
    lessonsMoved: 0,
    videosUploaded: 0,
    sectionsDeleted: 0,
    lessonsDeleted: 0,
    events: [],
    failed: [],
    uploads: [],
  };
  const record = (event: PushEvent) => {
    outcome.events.push(event);
    say(pushEventSentence(event, t));
  };
  const lessonWhat = (l: LessonPlan): PushEvent['what'] => (l.kind === 'video' ? 'video lesson' : 'text lesson');
  const sectionRef = (s: SectionPlan): EntryRef => ({ courseId, kind: 'section', path: s.key });
  const lessonRef = (l: LessonPlan): EntryRef => ({ courseId, kind: 'lesson', path: l.key });

  // 1. Sections.
  const sectionIds = new Map<string, string>();
  const structure = async <T>(write: SectionWrite, fn: () => Promise<T>): Promise<T> => {
    try {
      return await call(fn);
    } catch (error) {
      // The write the push was making names what is missing, in the user's words.
      if (isApiError(error) && error.kind === 'UnsupportedOperation') throw new StructureRefusedError(write);
      throw error;
    }
  };
  for (const s of plan.sections) {
    if (s.sectionId) {
      sectionIds.set(s.key, s.sectionId);
      state.setServerId(sectionRef(s), s.sectionId);
      if (s.changes.includes('title')) {
        await structure('rename', () => api.sections.update(courseId, s.sectionId!, { title: s.title }, { signal }));
        outcome.sectionsUpdated++;
        record({ kind: 'renamed', what: 'section', title: s.title, sectionTitle: null });
      }
      continue;
    }
    const pending = state.pendingCreate(sectionRef(s), { title: s.title });
    const created = await structure('create', () =>
      api.sections.create(courseId, { title: s.title }, { idempotencyKey: pending.key, signal }),
    );
    state.setServerId(sectionRef(s), created.id);
    sectionIds.set(s.key, created.id);
    outcome.sectionsCreated++;
    record({ kind: 'created', what: 'section', title: s.title, sectionTitle: null });
  }
  const sectionMoves = await settle(
    async () => {
      const listed: string[] = [];
      for await (const s of api.sections.iterateOutline(courseId, {}, { signal })) listed.push(s.id);
      return listed;
    },
    plan.sections.map((s) => sectionIds.get(s.key)!),
    (move) => structure('reorder', () => api.sections.update(courseId, move.id, { order: move.order }, { signal })),
    call,
  );
  outcome.sectionsMoved += sectionMoves.length;
  // A section made by this push was placed as part of making it: only existing ones are said to move.
  for (const s of plan.sections)
    if (s.sectionId && sectionMoves.includes(s.sectionId))
      record({ kind: 'moved', what: 'section', title: s.title, sectionTitle: null });

  // 2. Text lessons, and renames of video lessons.
  for (const s of plan.sections) {
    const sectionId = sectionIds.get(s.key)!;
    for (const l of s.lessons) {
      const ref = lessonRef(l);
      const content = pushedContent(l);
      if (l.file.kind === 'text' && l.action === 'create') {
        const body = { title: l.title, lesson_type: TEXT_LESSON_TYPE, text_content: l.file.text };
        const pending = state.pendingCreate(ref, body, s.key);
        const created = await call(() =>
          api.lessons.create(courseId, sectionId, body, { idempotencyKey: pending.key, signal }),
        );
        state.setServerId(ref, created.id, s.key);
        if (content) state.setContent(ref, content);
        outcome.lessonsCreated++;
        record({ kind: 'created', what: 'text lesson', title: l.title, sectionTitle: s.title });
        continue;
      }
      if (!l.lessonId) continue; // a new video: the engine creates its lesson
      state.setServerId(ref, l.lessonId, s.key);
      const patch: { title?: string; text_content?: string } = {};
      if (l.changes.includes('title')) patch.title = l.title;
      if (l.file.kind === 'text' && l.changes.includes('text')) patch.text_content = l.file.text;
      if (Object.keys(patch).length > 0) {
        await call(() => api.lessons.update(courseId, sectionId, l.lessonId!, patch, { signal }));
        outcome.lessonsUpdated++;
        if (patch.title !== undefined)
          record({ kind: 'renamed', what: lessonWhat(l), title: l.title, sectionTitle: s.title });
        if (patch.text_content !== undefined)
          record({ kind: 'replaced', what: 'text lesson', title: l.title, sectionTitle: s.title });
      }
      // A video's bytes count as pushed only once its upload is attached (step 3).
      if (content && !l.changes.includes('video')) state.setContent(ref, content);
    }
  }

  // 3. Videos.
  await uploadVideos(plan, sectionIds, deps, outcome, call);
  const byPath = new Map(plan.sections.flatMap((s) => s.lessons.map((l) => [l.file.path, { l, s }] as const)));
  for (const row of outcome.uploads) {
    const video = byPath.get(row.path);
    if (row.state !== 'done' || !video) continue;
    const { l, s } = video;
    record({ kind: l.lessonId ? 'replaced' : 'created', what: 'video lesson', title: l.title, sectionTitle: s.title });
  }

  // 4. Lessons in the folder's order.
  const remembered = new Map(state.remembered(courseId).map((r) => [`${r.kind}\0${r.key}`, r.serverId]));
  for (const s of plan.sections) {
    const sectionId = sectionIds.get(s.key)!;
    const wanted = s.lessons.flatMap((l) => {
      const id = remembered.get(`lesson\0${l.key}`);
      return id ? [id] : [];
    });
    const moves = await settle(
      async () => orderedLessons(await api.sections.get(courseId, sectionId, { signal })).map((l) => l.id),
      wanted,
      (move) => api.lessons.update(courseId, sectionId, move.id, { order: move.order }, { signal }),
      call,
    );
    outcome.lessonsMoved += moves.length;
    // A lesson made by this push was placed as part of making it: only existing ones are said to move.
    for (const l of s.lessons)
      if (l.lessonId && moves.includes(l.lessonId))
        record({ kind: 'moved', what: lessonWhat(l), title: l.title, sectionTitle: s.title });
  }

  // 5. What is not in the folder, as chosen.
  await deleteChosen(plan, { api, state, signal, sectionIds, call, structure, record }, outcome);
  return outcome;
}

/**
 * Order-only moves until `wanted` is in order (the ids moved, one per move). Read again after each
 * round: the upload engine may be placing its new lessons at the same time, and both converge on
 * the same order.
 */
async function settle(
  read: () => Promise<string[]>,
  wanted: readonly string[],
  move: (m: { id: string; order: number }) => Promise<unknown>,
  call: <T>(fn: () => Promise<T>) => Promise<T>,
): Promise<string[]> {
  const moved: string[] = [];
  for (let round = 0; round < 3; round++) {
    const moves = movesToOrder(await call(read), wanted);
    if (moves.length === 0) break;
    for (const m of moves) await call(() => move(m));
    moved.push(...moves.map((m) => m.id));
  }
  return moved;
}

async function uploadVideos(
  plan: PushPlan,
  sectionIds: ReadonlyMap<string, string>,
  deps: PushDeps,
  outcome: PushOutcome,
  call: <T>(fn: () => Promise<T>) => Promise<T>,
): Promise<void> {
  const { uploads: manager, state, signal } = deps;
  const courseId = plan.courseId;
  const byRow = new Map<string, { lesson: LessonPlan; section: SectionPlan }>();
  const rows: UploadRow[] = [];
  for (const section of plan.sections) {
    const sectionId = sectionIds.get(section.key)!;
    const videos = section.lessons.filter((l) => l.file.kind === 'video' && l.uploadBytes > 0);
    if (videos.length === 0) continue;
    const inputs: AddUploadInput[] = videos.map((l) => {
      const check = l.file.kind === 'video' ? l.file.check : null;
      return {
        path: l.file.path,
        lessonTarget: l.lessonId
          ? { kind: 'replace', courseId, sectionId, lessonId: l.lessonId }
          : { kind: 'new', courseId, sectionId, title: l.title },
        ...(check ? { fileCheck: storedCheckOf(check), ...(check.mime ? { contentType: check.mime } : {}) } : {}),
      };
    });
    // One batch per section, in the folder's order: the engine places its new lessons by it.
    let added = await manager.add(inputs, { reuseExisting: true });
    // A finished upload of this file whose lesson the plan did not find: deleted since (upload
    // again), or made after the plan read the course — the app resumes a killed push's uploads as
    // it opens, so one may finish while the plan is made — in which case it is this lesson.
    const finished = added.flatMap((row, i) => (row.state === 'done' && !videos[i]!.lessonId ? [i] : []));
    const present =
      finished.length === 0
        ? new Set<string>()
        : new Set(
            orderedLessons(await call(() => deps.api.sections.get(courseId, sectionId, { signal }))).map((l) => l.id),
          );
    const stale = finished.filter((i) => !present.has(added[i]!.lessonId ?? ''));
    if (stale.length > 0) {
      const again = await manager.add(stale.map((i) => inputs[i]!));
      added = added.map((row, i) => (stale.includes(i) ? again[stale.indexOf(i)]! : row));
    }
    added.forEach((row, i) => {
      byRow.set(row.id, { lesson: videos[i]!, section });
      rows.push(row);
    });
  }
  // Rows an earlier, killed push left for these files that this plan does not take. One killed while
  // attaching made its lesson, or may have: finishing it replays that create (same key), so the
  // lesson the plan matched by title is not made twice. Others (an older version of a file) are dropped.
  const taken = new Set(rows.map((r) => r.id));
  const lessonByPath = new Map(
    plan.sections.flatMap((section) =>
      section.lessons.map((lesson) => [lesson.file.path, { lesson, section }] as const),
    ),
  );
  for (const row of manager.list()) {
    const owner = lessonByPath.get(row.path);
    // A course preview of the same file is not the push's to finish or drop.
    if (taken.has(row.id) || row.target.kind === 'preview' || row.target.courseId !== courseId || !owner) continue;
    if (row.state === 'done' || row.state === 'cancelled') continue;
    if (row.state === 'attaching') {
      byRow.set(row.id, owner);
      rows.push(row);
    } else {
      await manager.cancel(row.id);
    }
  }
  if (rows.length === 0) return;
  deps.onUploadsAdded?.(rows);
  for (const row of rows) {
    if (row.state === 'failed') manager.retry(row.id);
    else if (row.state === 'paused') manager.resume(row.id);
  }
  manager.start(rows.map((r) => r.id));
  const aborted = new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await Promise.race([manager.whenIdle(), aborted]);
  await waitForOtherLecterns(rows, byRow, deps, aborted);
  outcome.uploads = rows.map((r) => manager.get(r.id) ?? r);
  for (const row of outcome.uploads) {
    const { lesson, section } = byRow.get(row.id)!;
    const ref = { courseId, kind: 'lesson' as const, path: lesson.key };
    if (row.state === 'done' && row.lessonId) {
      state.setServerId(ref, row.lessonId, section.key);
      state.setUploaded(ref, row.id, lesson); // what the engine hashed as it sent the bytes
      if (lesson.lessonId) outcome.lessonsUpdated++;
      else outcome.lessonsCreated++;
      outcome.videosUploaded++;
    } else {
      outcome.failed.push({
        key: lesson.key,
        code: row.error?.code ?? row.state.toUpperCase(),
        message: row.error?.message ?? `The upload of ${lesson.key} is ${row.state}.`,
      });
    }
  }
}

/** How often a row another Lectern drives is asked for again (a take-over is a local SQLite write). */
const OTHER_LECTERN_POLL_MS = 1000;

/**
 * Rows another live Lectern on this computer is driving are not this push's failures: it waits for
 * them, saying so once per file, and takes each over the moment its process is gone (or finds it
 * finished). Killed owners never get here: ownership sees a dead process at once (ownership.ts).
 */
async function waitForOtherLecterns(
  rows: readonly UploadRow[],
  byRow: ReadonlyMap<string, { lesson: LessonPlan }>,
  deps: PushDeps,
  aborted: Promise<void>,
): Promise<void> {
  const { uploads: manager, signal } = deps;
  const told = new Set<string>();
  const elsewhere = () =>
    rows.filter((r) => {
      const now = manager.get(r.id);
      return now !== undefined && now.state !== 'done' && now.notice?.code === 'RUNNING_ELSEWHERE';
    });
  for (let waiting = elsewhere(); waiting.length > 0 && !signal.aborted; waiting = elsewhere()) {
    for (const row of waiting) {
      if (told.has(row.id)) continue;
      told.add(row.id);
      deps.say?.(`Another Lectern is uploading ${byRow.get(row.id)!.lesson.key}; waiting.`);
    }
    await Promise.race([new Promise((r) => setTimeout(r, OTHER_LECTERN_POLL_MS)), aborted]);
    if (signal.aborted) return;
    manager.start(waiting.map((r) => r.id));
    await Promise.race([manager.whenIdle(), aborted]);
  }
}
