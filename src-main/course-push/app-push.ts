// Main process / plain Node. A whole course from a folder in the app: the very plan and executor of
// `lectern course push` (prepare.ts, execute.ts) with the workspace's client, upload engine and
// journal, so its videos are rows of the Uploads screen and a push the app started is remembered
// like one the CLI started. A plan is kept by id until the user confirms it (that plan is pushed,
// not a new one, with the sections and lessons not in the folder the user chose to delete: by id,
// each one the plan lists as not in the folder, delete-choice.ts); one push runs at a time per workspace, in the background, telling its progress
// and outcome through callbacks. The workspace's current push (running, or finished until dismissed)
// is held here with its latest progress lines, so a window that reloads shows it again. Structure writes the server refuses are noted for the workspace
// (the capability store says it once), so the next plan names the missing operation up front.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { StructureOperationId } from '../api/index.ts';
import { FOLDER_PUSH_KEPT_LINES, type FolderHandle } from '../../src-shared/folder-push.ts';
import { pushHeadline } from '../../src-shared/push-events.ts';
import { t } from '../i18n/index.ts';
import type { UploadManager } from '../uploads/index.ts';
import { chooseDeletes, DeleteChoiceError, type DeleteChoice } from './delete-choice.ts';
import { StructureRefusedError, executePush, type PushOutcome } from './execute.ts';
import { FolderError } from './folder-scan.ts';
import type { PushPlan } from './plan.ts';
import { preparePush } from './prepare.ts';
import type { PushApi } from './push-api.ts';
import { PushState } from './push-state.ts';

/** A planning that cannot reach the server gives up after this long (the dialog says why). */
const PLAN_PATIENCE_MS = 60_000;
/** Plans kept for confirmation; older ones must be planned again. */
const KEPT_PLANS = 20;

export type StructureNeed = Extract<StructureOperationId, 'sections.create' | 'sections.update' | 'sections.delete'>;

/** An operation the workspace's server does not offer, as its capability store keeps it. */
export interface MissingStructureOperation {
  operation: StructureOperationId;
  message: string;
  notedAt: string;
}

export interface AppPushEnd {
  planId: string;
  courseId: string;
  status: 'done' | 'partial' | 'refused' | 'failed' | 'cancelled';
  message: string;
  outcome: PushOutcome | null;
}

export interface AppPushDeps {
  api: PushApi;
  uploads: UploadManager;
  /** The workspace's upload journal (push memory lives in it, as for the CLI). */
  journalPath: string;
  /** Structure operations this workspace's server is known not to offer, with their sentence. */
  missing(): readonly MissingStructureOperation[];
  /** Every failed structure write goes here, so an operation not offered is noted (said once). */
  noteResult(error: unknown): void;
  onProgress(planId: string, courseId: string, message: string): void;
  onFinished(end: AppPushEnd): void;
  onJournalCorrupt?(message: string): void;
  /**
   * The workspace's unsent changes to the course (its outbox). One writer per course: a push sends
   * them first (before planning, so the plan sees them, and again before writing) and holds the
   * course while it writes, so an offline edit is never sent over what the push made.
   */
  courseChanges?: {
    sendFirst(courseId: string, signal: AbortSignal): Promise<readonly UnsentChange[]>;
    hold(courseId: string): () => void;
  };
}

/** A change to the course the workspace has not sent (offline, failed, or in conflict). */
export interface UnsentChange {
  resource: string;
  operation: string;
  title: string;
  state: string;
}

export class AppPushError extends Error {
  readonly code:
    | 'FOLDER_NOT_READABLE'
    | 'PLAN_NOT_FOUND'
    | 'PUSH_RUNNING'
    | 'CONFIRM_DELETE'
    | 'DELETE_NOT_IN_PLAN'
    | 'OPERATION_NOT_OFFERED';
  constructor(code: AppPushError['code'], message: string) {
    super(message);
    this.name = 'AppPushError';
    this.code = code;
  }
}

export interface PlannedPush {
  planId: string;
  plan: PushPlan;
  /** The structure writes this plan sends. */
  needs: StructureNeed[];
  /** Of those, the ones this server does not offer (first one: why it cannot be pushed). */
  missing: MissingStructureOperation[];
  /** The course's changes still unsent after sending them first: held while the push writes. */
  unsent: readonly UnsentChange[];
}

/** The workspace's current push as main holds it: what a window that reloads shows again. */
export interface HeldPush {
  /** The plan being pushed (with the deletes chosen at its start). */
  planned: PlannedPush;
  /** The handle the app's window chose the folder by, and its name; null for a caller without one. */
  folder: FolderHandle | null;
  step: 'pushing' | 'finished';
  /** The latest progress lines, oldest first. */
  progress: readonly string[];
  /** How it ended (step `finished`), else null. */
  end: AppPushEnd | null;
}

export interface AppPushService {
  /**
   * Plans a push that deletes nothing; what to delete is chosen when it starts. A finished push's
   * result is let go (a new plan replaces it, as in the window).
   */
  plan(input: { courseId: string; dir: string; folder?: FolderHandle }): Promise<PlannedPush>;
  /** Forgets a plan the user cancelled; starting it afterwards is refused as not kept. */
  discard(planId: string): void;
  /**
   * Starts a planned push in the background, deleting exactly the chosen sections and lessons not
   * in the folder (confirmDelete: the explicit yes); its end comes through onFinished.
   */
  start(planId: string, options: { confirmDelete: boolean; remove?: DeleteChoice }): void;
  /** The push running now, if any. */
  running(): { planId: string; courseId: string } | null;
  /** The push running now, or the last one finished and not dismissed yet; null when none. */
  current(): HeldPush | null;
  /** Forgets that finished push's result (a running push is not forgotten). */
  dismiss(planId: string): void;
  close(): Promise<void>;
}

/** Which course-structure writes a plan sends. */
export function structureNeeds(plan: PushPlan): StructureNeed[] {
  const t = plan.totals;
  const needs: StructureNeed[] = [];
  if (t.sectionsToCreate > 0) needs.push('sections.create');
  // A new section goes last; one planned before an existing section is moved into place.
  const createdBeforeKept = plan.sections.some(
    (s, i) => s.action === 'create' && plan.sections.slice(i + 1).some((later) => later.sectionId !== null),
  );
  if (t.sectionsToUpdate + t.sectionsToReorder > 0 || createdBeforeKept) needs.push('sections.update');
  if (t.sectionsToDelete > 0) needs.push('sections.delete');
  return needs;
}

export function createAppPushService(deps: AppPushDeps): AppPushService {
  const plans = new Map<string, { planned: PlannedPush; folder: FolderHandle | null }>();
  const closing = new AbortController();
  let current: { planId: string; courseId: string; done: Promise<void> } | null = null;
  let held: HeldPush | null = null;
  /** Changes the held push only while it is still the one with this plan id. */
  const updateHeld = (planId: string, change: (push: HeldPush) => HeldPush) => {
    if (held?.planned.planId === planId) held = change(held);
  };
  const openState = () => new PushState(deps.journalPath, (message) => deps.onJournalCorrupt?.(message));
  const missingFor = (needs: readonly StructureOperationId[]) =>
    deps.missing().filter((m) => needs.includes(m.operation));

  // Refusals of structure writes reach the capability store; everything else passes through as is.
  const noted = <T>(pending: Promise<T>): Promise<T> =>
    pending.catch((error: unknown) => {
      deps.noteResult(error);
      throw error;
    });
  const api: PushApi = {
    courses: deps.api.courses,
    lessons: deps.api.lessons,
    sections: {
      iterateOutline: (courseId, query, options) => deps.api.sections.iterateOutline(courseId, query, options),
      get: (courseId, id, options) => deps.api.sections.get(courseId, id, options),
      create: (courseId, body, options) => noted(deps.api.sections.create(courseId, body, options)),
      update: (courseId, id, body, options) => noted(deps.api.sections.update(courseId, id, body, options)),
      delete: (courseId, id, options) => noted(deps.api.sections.delete(courseId, id, options)),
    },
  };

  async function run(planned: PlannedPush): Promise<void> {
    const { planId, plan } = planned;
    const courseId = plan.courseId;
    const say = (message: string) => {
      updateHeld(planId, (push) => ({ ...push, progress: [...push.progress, message].slice(-FOLDER_PUSH_KEPT_LINES) }));
      deps.onProgress(planId, courseId, message);
    };
    const state = openState();
    const release = deps.courseChanges?.hold(courseId);
    let end: AppPushEnd;
    try {
      // Changes made since the plan (held from the worker now) go before the push's own writes.
      await deps.courseChanges?.sendFirst(courseId, closing.signal);
      const outcome = await executePush(plan, {
        api,
        state,
        uploads: deps.uploads,
        signal: closing.signal,
        say,
        onWaiting: (waiting) => say(waiting ? PUSH_WORDS.waitingForServer() : PUSH_WORDS.serverBack()),
        onUploadsAdded: (rows) => say(PUSH_WORDS.uploadsAdded(rows.length)),
      });
      end = closing.signal.aborted
        ? { planId, courseId, status: 'cancelled', message: PUSH_WORDS.stopped(), outcome }
        : {
            planId,
            courseId,
            status: outcome.failed.length > 0 ? 'partial' : 'done',
            message: outcomeSentence(outcome, plan.courseName ?? plan.courseId),
            outcome,
          };
    } catch (error) {
      if (error instanceof StructureRefusedError) {
        end = { planId, courseId, status: 'refused', message: error.message, outcome: null };
      } else if (closing.signal.aborted) {
        end = { planId, courseId, status: 'cancelled', message: PUSH_WORDS.stopped(), outcome: null };
      } else {
        const message = error instanceof Error ? error.message : String(error);
        end = { planId, courseId, status: 'failed', message: PUSH_WORDS.failed(message), outcome: null };
      }
    } finally {
      state.close();
      release?.();
    }
    // Held before it is told, so a window asking after the event already finds the result.
    updateHeld(planId, (push) => ({ ...push, step: 'finished', end }));
    deps.onFinished(end);
  }

  return {
    async plan({ courseId, dir, folder }) {
      if (held?.step === 'finished') held = null;
      const patience = AbortSignal.any([closing.signal, AbortSignal.timeout(PLAN_PATIENCE_MS)]);
      // The course as the instructor left it: their unsent changes are sent before it is read.
      const unsent = (await deps.courseChanges?.sendFirst(courseId, patience)) ?? [];
      const state = openState();
      let plan: PushPlan;
      try {
        plan = await preparePush({
          dir,
          courseId,
          deleteOthers: false,
          api,
          state,
          signal: patience,
        });
      } catch (error) {
        // The folder by its name only: the renderer never learns a path.
        if (error instanceof FolderError)
          throw new AppPushError(
            'FOLDER_NOT_READABLE',
            error.message.replaceAll(dir, PUSH_WORDS.theFolder(basename(dir))),
          );
        throw error;
      } finally {
        state.close();
      }
      const needs = structureNeeds(plan);
      const planned: PlannedPush = { planId: randomUUID(), plan, needs, missing: missingFor(needs), unsent };
      plans.set(planned.planId, { planned, folder: folder ?? null });
      for (const id of [...plans.keys()].slice(0, Math.max(0, plans.size - KEPT_PLANS))) plans.delete(id);
      return planned;
    },

    discard(planId) {
      plans.delete(planId);
    },

    start(planId, { confirmDelete, remove }) {
      const { planned: kept, folder } = plans.get(planId) ?? { planned: undefined, folder: null };
      if (!kept) throw new AppPushError('PLAN_NOT_FOUND', PUSH_WORDS.planGone());
      if (current) throw new AppPushError('PUSH_RUNNING', PUSH_WORDS.pushRunning());
      let plan: PushPlan;
      try {
        plan = chooseDeletes(kept.plan, remove ?? { sections: [], lessons: [] });
      } catch (error) {
        if (error instanceof DeleteChoiceError) throw new AppPushError('DELETE_NOT_IN_PLAN', error.message);
        throw error;
      }
      const totals = plan.totals;
      if (totals.sectionsToDelete + totals.lessonsToDelete > 0 && !confirmDelete) {
        throw new AppPushError('CONFIRM_DELETE', PUSH_WORDS.confirmDelete());
      }
      const needs = structureNeeds(plan);
      const planned: PlannedPush = { planId, plan, needs, missing: missingFor(needs), unsent: kept.unsent };
      if (planned.missing.length > 0) throw new AppPushError('OPERATION_NOT_OFFERED', planned.missing[0]!.message);
      plans.delete(planId);
      held = { planned, folder, step: 'pushing', progress: [], end: null };
      const done = run(planned).finally(() => {
        current = null;
      });
      current = { planId, courseId: planned.plan.courseId, done };
    },

    running: () => (current ? { planId: current.planId, courseId: current.courseId } : null),

    current: () => held,

    dismiss(planId) {
      if (held?.step === 'finished' && held.planned.planId === planId) held = null;
    },

    async close() {
      closing.abort();
      await current?.done;
      plans.clear();
    },
  };
}

/** What a push in the app says, in the app's language when said. */
const PUSH_WORDS = {
  waitingForServer: () =>
    t({
      id: 'course-push.appPush.waitingForServer',
      defaultMessage: 'Waiting for the server… the push goes on by itself when it answers.',
    }),
  serverBack: () => t({ id: 'course-push.appPush.serverBack', defaultMessage: 'The server is back.' }),
  uploadsAdded: (count: number) =>
    t(
      {
        id: 'course-push.appPush.uploadsAdded',
        defaultMessage: '{count, plural, one {# video} other {# videos}} added to Uploads; they upload there now.',
      },
      { count },
    ),
  stopped: () =>
    t({
      id: 'course-push.appPush.stopped',
      defaultMessage: 'The push stopped when the workspace closed. Push the same folder again to finish it.',
    }),
  failed: (reason: string) =>
    t({ id: 'course-push.appPush.failed', defaultMessage: 'The push stopped: {reason}' }, { reason }),
  theFolder: (name: string) =>
    t({ id: 'course-push.appPush.theFolder', defaultMessage: 'The folder “{name}”' }, { name }),
  planGone: () =>
    t({
      id: 'course-push.appPush.planGone',
      defaultMessage: 'That plan is no longer kept. Choose the folder again.',
    }),
  pushRunning: () =>
    t({
      id: 'course-push.appPush.pushRunning',
      defaultMessage: 'A folder push is already running. Wait for it to finish.',
    }),
  confirmDelete: () =>
    t({
      id: 'course-push.appPush.confirmDelete',
      defaultMessage: 'This push deletes lessons or sections: confirm the deletion first.',
    }),
  videosFailed: (count: number) =>
    t(
      {
        id: 'course-push.appPush.videosFailed',
        defaultMessage: '{count, plural, one {# video} other {# videos}} did not upload; see Uploads to retry.',
      },
      { count },
    ),
};

/** The push's result in a line: what it did, counted (src-shared/push-events.ts), and what failed. */
export function outcomeSentence(o: PushOutcome, courseName: string): string {
  const failed = o.failed.length > 0 ? PUSH_WORDS.videosFailed(o.failed.length) : null;
  if (o.events.length === 0 && failed !== null) return failed;
  const headline = pushHeadline(courseName, o.events, t);
  return failed === null ? headline : `${headline} ${failed}`;
}
