/**
 * Renderer. The steps of pushing a folder into a course: a folder handle (main's folder dialog or
 * a drop) → the plan (main reads the folder and the course; nothing is written) → confirm → the
 * push runs in main, its videos on the Uploads screen, and its progress and end come back as
 * events. The renderer holds only the handle and the plan, never a path.
 *
 * It lives in a store, not in the course screen: a push goes on while the instructor
 * is elsewhere, and coming back the course page still shows it running or how it ended, with its
 * log to open again. The store listens while a push runs even when no screen shows it. Main holds
 * the workspace's current push too, and the store asks for it when it starts (and after a
 * workspace switch), so a window that reloads shows it again; Dismiss tells main, as does Cancel
 * on a plan (main lets the plan go).
 */
import { defineMessages } from 'react-intl';
import {
  FOLDER_PUSH_KEPT_LINES,
  type EventPayload,
  type FolderHandle,
  type FolderPushCurrent,
  type FolderPushPlan,
  type FolderPushRemove,
} from '../../../../src-shared/index.ts';
import { call, getBridge, unwrap } from '../../bridge.ts';
import { onEvent } from '../../lib/events.ts';
import { createFeatureStore, useFeature } from '../../lib/feature-store.ts';
import { notify } from '../../lib/notices.ts';
import { parseHash } from '../../lib/router.ts';
import { pickCourseFolder } from '../picker/index.ts';
import { t } from '../../lib/i18n.ts';

const messages = defineMessages({
  aFolderPushIsRunning: {
    id: 'folder-push.flow.aFolderPushIsRunning',
    defaultMessage: 'A folder push is running; push another folder when it has finished.',
  },
  thisDropCannotBeRead: {
    id: 'folder-push.flow.thisDropCannotBeRead',
    defaultMessage: 'This drop cannot be read as a folder here. Use “Push a folder…” to choose it.',
  },
});

export type PushFinished = EventPayload<'folderPush.finished'>;

export type FlowState =
  | { step: 'closed' }
  | { step: 'planning'; folder: FolderHandle }
  | { step: 'failed'; folder: FolderHandle | null; error: unknown }
  | { step: 'planned'; folder: FolderHandle; plan: FolderPushPlan; startError: unknown }
  | { step: 'pushing'; folder: FolderHandle; plan: FolderPushPlan; progress: string[] }
  | { step: 'finished'; folder: FolderHandle; plan: FolderPushPlan; progress: string[]; end: PushFinished };

interface PushState {
  /** The course the flow is about (one push at a time per workspace, as main runs them). */
  courseId: string | null;
  state: FlowState;
  /** Whether the dialog shows the flow; a push goes on with it closed. */
  open: boolean;
  plan: (courseId: string, folder: FolderHandle) => Promise<void>;
  choose: (courseId: string) => Promise<void>;
  dropped: (courseId: string, files: readonly File[]) => Promise<void>;
  confirm: (remove: FolderPushRemove | null) => Promise<void>;
  /** Closes the dialog; on a plan that is Cancel (main lets the plan go). */
  close: () => void;
  /** Opens the dialog again on a running or finished push (its log). */
  reopen: () => void;
  /** Forgets a finished push (the course page stops showing it). */
  dismiss: () => void;
}

const busy = (state: FlowState) => state.step === 'pushing';

const planFor = (folder: FolderHandle, plan: FolderPushPlan): FlowState => ({
  step: 'planned',
  folder,
  plan,
  startError: null,
});

/**
 * The last end of a push the store did not follow (its answer to `folderPush.current` was still on
 * the way): a running push main held is taken as this end when the answer arrives after it.
 */
let endNotFollowed: PushFinished | null = null;

/** While a push runs the store listens even with no screen started: the stop of that hold. */
let holding: (() => void) | null = null;
const release = () => {
  holding?.();
  holding = null;
};

export const usePushFlow = createFeatureStore<PushState>(
  (set, get) => {
    const setFlow = (courseId: string, state: FlowState) => set({ courseId, state, open: state.step !== 'closed' });
    const refuseWhileRunning = (): boolean => {
      if (!busy(get().state)) return false;
      notify('info', t(messages.aFolderPushIsRunning));
      set({ open: true });
      return true;
    };
    return {
      courseId: null,
      state: { step: 'closed' },
      open: false,
      async plan(courseId, folder) {
        setFlow(courseId, { step: 'planning', folder });
        try {
          const planned = await call((b) => b.folderPush.plan({ courseId, folder: folder.handle }));
          const s = get().state;
          if (s.step === 'planning' && s.folder.handle === folder.handle) set({ state: planFor(folder, planned) });
        } catch (error) {
          if (get().state.step === 'planning') set({ state: { step: 'failed', folder, error } });
        }
      },
      async choose(courseId) {
        if (refuseWhileRunning()) return;
        try {
          const folder = await pickCourseFolder();
          if (folder) await get().plan(courseId, folder);
        } catch (error) {
          setFlow(courseId, { step: 'failed', folder: null, error });
        }
      },
      async dropped(courseId, files) {
        if (refuseWhileRunning()) return;
        try {
          const bridge = await getBridge();
          const [folder] = await unwrap(bridge.files.registerDropped(files, { folder: true }));
          if (folder) await get().plan(courseId, { handle: folder.handle, name: folder.name });
        } catch (error) {
          // Only a real drop on the desktop app's window can hand main a folder (the preload's gate).
          const code = (error as { code?: unknown }).code;
          if (code === 'NOT_AVAILABLE' || code === 'NOT_A_DROP') {
            notify('warning', t(messages.thisDropCannotBeRead));
          } else {
            setFlow(courseId, { step: 'failed', folder: null, error });
          }
        }
      },
      /** Starts the planned push, deleting exactly `remove` (null: nothing) of what is not in the folder. */
      async confirm(remove) {
        const s = get().state;
        if (s.step !== 'planned') return;
        set({ state: { step: 'pushing', folder: s.folder, plan: s.plan, progress: [] } });
        release();
        holding = usePushFlow.start();
        try {
          await call((b) =>
            b.folderPush.start({ planId: s.plan.planId, ...(remove ? { confirmDelete: true as const, remove } : {}) }),
          );
        } catch (error) {
          release();
          set({ state: { ...s, startError: error } });
        }
      },
      close() {
        const { state } = get();
        // Closing a plan forgets it (Cancel); a running or finished push stays, shown on its course page.
        if (state.step === 'pushing' || state.step === 'finished') return set({ open: false });
        set({ state: { step: 'closed' }, open: false });
        if (state.step === 'planned') letGo('discard', state.plan.planId);
      },
      reopen: () => set({ open: get().state.step !== 'closed' }),
      dismiss() {
        const { state } = get();
        set({ state: { step: 'closed' }, open: false });
        if (state.step === 'finished') letGo('dismiss', state.plan.planId);
      },
    };
  },
  {
    load: async () => {
      const generation = usePushFlow.generation();
      const held = await call((b) => b.folderPush.current());
      if (held && generation === usePushFlow.generation()) follow(held);
    },
    subscribe: (store) => [
      onEvent('folderPush.progress', (event) => {
        const s = store.getState().state;
        if (s.step === 'pushing' && s.plan.planId === event.planId) {
          store.setState({ state: { ...s, progress: [...s.progress, event.message].slice(-FOLDER_PUSH_KEPT_LINES) } });
        }
      }),
      onEvent('folderPush.finished', (event) => {
        const { state: s, open, courseId } = store.getState();
        if (s.step !== 'pushing' || s.plan.planId !== event.planId) {
          endNotFollowed = event;
          return;
        }
        store.setState({
          state: { step: 'finished', folder: s.folder, plan: s.plan, progress: s.progress, end: event },
        });
        // Let go after this event's other listeners (never stop a subscription from inside it).
        setTimeout(release, 0);
        if (event.status === 'refused' && courseId) {
          // Refused for a missing operation: plan again, so the dialog shows why it cannot be confirmed.
          void store
            .getState()
            .plan(courseId, s.folder)
            .then(() => keepEnd(event));
        } else if (!open && !(courseId && showsCourse(courseId))) {
          // One presentation of the result: on its course page the push's card says it (with its
          // log); anywhere else a toast does, and the card waits on the course page.
          notify(event.status === 'done' ? 'info' : 'warning', event.message);
        }
      }),
    ],
  },
);

/** Tells main the window let go of a plan (Cancel) or a finished push (Dismiss); one it no longer holds, all the same. */
function letGo(what: 'discard' | 'dismiss', planId: string): void {
  void call((b) => b.folderPush[what]({ planId })).catch(() => undefined);
}

/**
 * The push main holds, shown as the store would have followed it: running (the store listens until
 * it ends) or finished until dismissed. What the window already shows of it, or a plan in hand, stays.
 */
function follow(held: FolderPushCurrent): void {
  const { state } = usePushFlow.getState();
  const same = 'plan' in state && state.plan.planId === held.plan.planId;
  if (state.step !== 'closed' && !(same && state.step === 'pushing')) return;
  const end = held.end ?? (endNotFollowed?.planId === held.plan.planId ? endNotFollowed : null);
  const { folder, plan, progress } = held;
  const next: FlowState = end
    ? { step: 'finished', folder, plan, progress, end }
    : { step: 'pushing', folder, plan, progress: same && state.step === 'pushing' ? state.progress : progress };
  usePushFlow.setState({ courseId: plan.courseId, state: next });
  if (next.step === 'finished') release();
  else if (!same) {
    release();
    holding = usePushFlow.start();
  }
}

/** Whether the course's own page is on screen now. */
function showsCourse(courseId: string): boolean {
  const route = parseHash(window.location.hash);
  return route.name === 'course' && route.id === courseId;
}

/** After a refusal's re-plan, the refusal stays said above the new plan. */
function keepEnd(end: PushFinished): void {
  const s = usePushFlow.getState().state;
  if (s.step === 'planned')
    usePushFlow.setState({ state: { ...s, startError: { code: 'REFUSED', message: end.message } } });
}

/** The flow as one course screen sees it: another course's push is not this screen's. */
export function useFolderPush(courseId: string) {
  useFeature(usePushFlow);
  const store = usePushFlow();
  const mine = store.courseId === courseId;
  const state: FlowState = mine ? store.state : { step: 'closed' };
  return {
    state,
    open: mine && store.open,
    choose: () => store.choose(courseId),
    dropped: (files: readonly File[]) => store.dropped(courseId, files),
    plan: (folder: FolderHandle) => store.plan(courseId, folder),
    confirm: store.confirm,
    close: store.close,
    reopen: store.reopen,
    dismiss: store.dismiss,
  };
}
