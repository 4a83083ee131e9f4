/**
 * Renderer. Toasts: short messages for the user — results of actions ("Lesson deleted") and main's
 * `app.notice` pushes (a damaged database moved aside, a key refused a change) — as people know them:
 *
 * - Information (info, success) fades after a while; the clock stops while the stack is hovered or
 *   holds focus. A warning or an error stays until dismissed, or until what it says stops being true:
 *   a notice can carry the condition it describes (`NoticeCondition`) and is taken away when main's
 *   sync status says it no longer holds (the key's refusals forgotten, the connection back).
 * - Every notice belongs to the workspace it was said in and leaves when another one opens.
 * - A notice can carry its action (Undo) and a key: a later notice with the same key replaces it, so
 *   "was kept" never sits under a stale "will be deleted"; the same words said again replace themselves. An action can end (`until`: a delete
 *   already sent cannot be undone), and then its button goes.
 * - An undoable action made in the renderer (`notifyUndoable`) is done only when its toast leaves
 *   without Undo: faded, dismissed, replaced, or just before a workspace switch (`settlePending`).
 * - At most three are on screen (`visibleNotices`): errors before warnings before undoable actions
 *   before information; plain information that does not fit is dropped, the rest waits as "N more".
 */
import type { AppNoticeCondition, SyncStatus } from '../../../src-shared/index.ts';
import { onEvent } from './events.ts';
import { createFeatureStore } from './feature-store.ts';
import { t } from './i18n.ts';

export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

/** What a notice describes; it is taken away as soon as main's sync status says it no longer holds. */
export type NoticeCondition = AppNoticeCondition;

export interface NoticeAction {
  label: string;
  run: () => void;
  /** When the action stops being possible (ms since the epoch): its button goes then. */
  until?: number;
}

export interface Notice {
  id: number;
  level: NoticeLevel;
  message: string;
  key: string | null;
  action: NoticeAction | null;
  /** The workspace it was said in; null: the app's own (it survives a switch). */
  workspace: string | null;
  condition: NoticeCondition | null;
}

export interface NoticeOptions {
  /** Notices about the same thing share a key: the newer replaces the older in place. */
  key?: string;
  action?: NoticeAction;
  /** What it describes: it is withdrawn when that stops being true. */
  condition?: NoticeCondition;
  /** Default: the active workspace. null: the app's own, kept across switches. */
  workspace?: string | null;
  /** Runs when the notice leaves any way but through its action (faded, dismissed, replaced, dropped). */
  onLeave?: () => void | Promise<void>;
}

/** How many toasts are on screen at most. */
export const MAX_VISIBLE = 3;
/** Information fades after this long on screen (the clock stops while the stack is hovered or focused). */
export const FADE_MS = 6000;
/** One with an action stays long enough to use it. */
export const FADE_WITH_ACTION_MS = 10_000;
/** After the pointer or focus leaves the stack, a notice whose time ran out stays at least this long. */
export const RESUME_GRACE_MS = 1500;
/** Notices kept at all (the oldest, least important beyond this are dropped). */
const MAX_KEPT = 20;

interface NoticesState {
  notices: Notice[];
  /** The active workspace as last heard (null before the first is known). */
  workspace: string | null;
  /** The stack is hovered or holds focus: nothing fades. */
  paused: boolean;
  push: (level: NoticeLevel, message: string, options?: NoticeOptions) => number;
  /** Closed by the user (×) or faded: its `onLeave` runs. */
  dismiss: (id: number) => void;
  /** Its action was used: it leaves without `onLeave`. */
  act: (id: number) => void;
  /** Takes away the notice with this key, if any (what it said is no longer true). */
  dismissKey: (key: string) => void;
  /** Another workspace is open: the other workspaces' notices leave. */
  setWorkspace: (id: string | null) => void;
  setPaused: (paused: boolean) => void;
  /** Main's sync status changed: notices whose condition no longer holds leave. */
  conditionsChanged: (status: SyncStatus) => void;
}

/** Per notice, outside the state: its fade clock, its action's end, what runs when it leaves. */
interface Clock {
  remaining: number;
  started: number;
  timer: ReturnType<typeof setTimeout> | null;
}
const fades = new Map<number, Clock>();
const actionEnds = new Map<number, ReturnType<typeof setTimeout>>();
const leaves = new Map<number, () => void | Promise<void>>();
let nextId = 1;

/** True while what the notice describes is still so. */
export function conditionHolds(condition: NoticeCondition, status: SyncStatus): boolean {
  if (condition.kind === 'offline') return status.state !== 'online';
  return status.writesRefused.some((refusal) => refusal.resource === condition.resource);
}

function rank(notice: Notice): number {
  if (notice.level === 'error') return 3;
  if (notice.level === 'warning') return 2;
  return notice.action ? 1 : 0;
}

/** The toasts on screen (at most `max`, in the order said) and those waiting behind them. */
export function visibleNotices(notices: readonly Notice[], max = MAX_VISIBLE): { shown: Notice[]; hidden: Notice[] } {
  const byImportance = [...notices].sort((a, b) => rank(b) - rank(a) || b.id - a.id);
  const keep = new Set(byImportance.slice(0, max).map((n) => n.id));
  return { shown: notices.filter((n) => keep.has(n.id)), hidden: notices.filter((n) => !keep.has(n.id)) };
}

function fadesAfter(notice: Notice, now: number): number | null {
  if (notice.level === 'warning' || notice.level === 'error') return null;
  if (!notice.action) return FADE_MS;
  return notice.action.until === undefined ? FADE_WITH_ACTION_MS : Math.max(0, notice.action.until - now);
}

function clearClocks(id: number): void {
  const clock = fades.get(id);
  if (clock?.timer) clearTimeout(clock.timer);
  fades.delete(id);
  const end = actionEnds.get(id);
  if (end) clearTimeout(end);
  actionEnds.delete(id);
}

/** Stops every fade clock, keeping what was left; or starts them again (at least the grace). */
function pauseClocks(paused: boolean, fade: (id: number) => void): void {
  const now = Date.now();
  for (const [id, clock] of fades) {
    if (paused && clock.timer) {
      clearTimeout(clock.timer);
      clock.timer = null;
      clock.remaining = Math.max(0, clock.remaining - (now - clock.started));
    } else if (!paused && !clock.timer) {
      clock.started = now;
      clock.remaining = Math.max(clock.remaining, RESUME_GRACE_MS);
      clock.timer = setTimeout(() => fade(id), clock.remaining);
    }
  }
}

/** Forgets the notice's clocks; runs its `onLeave` unless told not to. */
function leave(id: number, runOnLeave: boolean): void {
  clearClocks(id);
  const onLeave = leaves.get(id);
  leaves.delete(id);
  if (runOnLeave && onLeave) void Promise.resolve(onLeave()).catch(() => undefined);
}

/** The newer replaces the older: the same key, or (without key or action) the same words said again. */
function sameNotice(older: Notice, newer: Notice): boolean {
  if (newer.key !== null) return older.key === newer.key;
  return (
    newer.action === null &&
    older.key === null &&
    older.action === null &&
    older.level === newer.level &&
    older.message === newer.message
  );
}

function makeNotice(level: NoticeLevel, message: string, options: NoticeOptions, active: string | null): Notice {
  return {
    id: nextId++,
    level,
    message,
    key: options.key ?? null,
    action: options.action ?? null,
    workspace: options.workspace === undefined ? active : options.workspace,
    condition: options.condition ?? null,
  };
}

/** Plain information that is not on screen is dropped; beyond MAX_KEPT the least important goes. */
function trimmed(notices: Notice[]): { kept: Notice[]; dropped: Notice[] } {
  const { hidden } = visibleNotices(notices);
  const plainHidden = new Set(hidden.filter((n) => rank(n) === 0).map((n) => n.id));
  let kept = notices.filter((n) => !plainHidden.has(n.id));
  const dropped = notices.filter((n) => plainHidden.has(n.id));
  while (kept.length > MAX_KEPT) {
    const least = [...kept].sort((a, b) => rank(a) - rank(b) || a.id - b.id)[0]!;
    dropped.push(least);
    kept = kept.filter((n) => n.id !== least.id);
  }
  return { kept, dropped };
}

/** The window is closing: what is still held back is done now (as far as it gets). */
function onWindowGone(): () => void {
  const settle = () => void settlePending();
  window.addEventListener('pagehide', settle);
  return () => window.removeEventListener('pagehide', settle);
}

export const useNotices = createFeatureStore<NoticesState>(
  (set, get) => {
    /** Removes notices from the state; `onLeave` runs for each unless `quietly`. */
    const remove = (gone: readonly Notice[], quietly = false) => {
      if (gone.length === 0) return;
      const ids = new Set(gone.map((n) => n.id));
      set((s) => ({ notices: s.notices.filter((n) => !ids.has(n.id)) }));
      for (const id of ids) leave(id, !quietly);
    };

    const startClock = (id: number, ms: number) => {
      const clock: Clock = { remaining: ms, started: Date.now(), timer: null };
      fades.set(id, clock);
      if (!get().paused) clock.timer = setTimeout(() => get().dismiss(id), ms);
    };

    const endActionAt = (notice: Notice) => {
      const until = notice.action?.until;
      if (until === undefined) return;
      const end = () => {
        set((s) => ({ notices: s.notices.map((n) => (n.id === notice.id ? { ...n, action: null } : n)) }));
        // Its time was the action's: held on screen past it (paused), it goes soon after the pause.
        const clock = fades.get(notice.id);
        if (clock && !clock.timer) clock.remaining = 0;
      };
      actionEnds.set(notice.id, setTimeout(end, Math.max(0, until - Date.now())));
    };

    return {
      notices: [],
      workspace: null,
      paused: false,
      push(level, message, options = {}) {
        const notice = makeNotice(level, message, options, get().workspace);
        const id = notice.id;
        if (options.onLeave) leaves.set(id, options.onLeave);
        const replaced = get().notices.find((n) => sameNotice(n, notice));
        const next = replaced
          ? get().notices.map((n) => (n.id === replaced.id ? notice : n))
          : [...get().notices, notice];
        const { kept, dropped } = trimmed(next);
        set({ notices: kept });
        if (replaced) leave(replaced.id, true);
        for (const gone of dropped) leave(gone.id, true);
        if (!kept.some((n) => n.id === id)) return id;
        const fade = fadesAfter(notice, Date.now());
        if (fade !== null) startClock(id, fade);
        endActionAt(notice);
        return id;
      },
      dismiss(id) {
        remove(get().notices.filter((n) => n.id === id));
      },
      act(id) {
        const notice = get().notices.find((n) => n.id === id);
        if (!notice) return;
        remove([notice], true);
        notice.action?.run();
      },
      dismissKey(key) {
        remove(get().notices.filter((n) => n.key === key));
      },
      setWorkspace(id) {
        if (id === get().workspace) return;
        const others = get().notices.filter((n) => n.workspace !== null && n.workspace !== id);
        set({ workspace: id });
        // Quietly: whatever was still to be done belonged to the other workspace (settlePending
        // did it before the switch); done now, it would reach the wrong one.
        remove(others, true);
      },
      setPaused(paused) {
        if (paused === get().paused) return;
        set({ paused });
        pauseClocks(paused, (id) => get().dismiss(id));
      },
      conditionsChanged(status) {
        remove(get().notices.filter((n) => n.condition !== null && !conditionHolds(n.condition, status)));
      },
    };
  },
  {
    subscribe: (store) => [
      onEvent('app.notice', (notice) =>
        notify(notice.level, notice.message, {
          ...(notice.condition ? { condition: notice.condition } : {}),
          ...(notice.workspaceId === undefined ? {} : { workspace: notice.workspaceId }),
        }),
      ),
      onEvent('sync.status', (status) => store.getState().conditionsChanged(status)),
      onEvent('workspaces.changed', ({ activeId }) => store.getState().setWorkspace(activeId)),
      onWindowGone(),
    ],
    // Not emptied by the reset registry: `setWorkspace` takes away the other workspaces' notices and
    // keeps the app's own and those main already said about the workspace being opened.
    reset: false,
  },
);

export function notify(level: NoticeLevel, message: string, options?: NoticeOptions): number {
  return useNotices.getState().push(level, message, options);
}

export interface Undoable {
  message: string;
  /** Shows again what the action took away on screen (Undo, or a commit that failed). */
  restore: () => void;
  /** Said after Undo, in the toast's place (nothing was sent). */
  undone: string;
  /** Does the action for real, once the toast leaves without Undo. */
  commit: () => Promise<void>;
  /** Said when the commit fails (what it took away is shown again first). */
  failed: (error: unknown) => string;
  key?: string;
}

/**
 * An action the renderer holds back until its toast leaves: Undo only puts the screen back (the
 * server never heard of it); faded, dismissed or before a workspace switch, `commit` runs once.
 */
export function notifyUndoable(action: Undoable): number {
  let settled = false;
  const key = action.key === undefined ? {} : { key: action.key };
  return notify('info', action.message, {
    ...key,
    action: {
      label: t({ id: 'lib.notices.undo', defaultMessage: 'Undo' }),
      run: () => {
        if (settled) return;
        settled = true;
        action.restore();
        notify('success', action.undone, key);
      },
    },
    onLeave: async () => {
      if (settled) return;
      settled = true;
      try {
        await action.commit();
      } catch (error) {
        action.restore();
        notify('error', action.failed(error), key);
      }
    },
  });
}

/**
 * Does every held-back action now (their toasts leave): called before a workspace switch, so each
 * reaches the workspace it was made in, and when the window goes.
 */
export async function settlePending(): Promise<void> {
  const pending = useNotices.getState().notices.filter((n) => leaves.has(n.id));
  const runs = pending.map((n) => leaves.get(n.id)!);
  for (const n of pending) leaves.delete(n.id);
  useNotices.setState((s) => ({ notices: s.notices.filter((n) => !pending.some((p) => p.id === n.id)) }));
  for (const n of pending) clearClocks(n.id);
  await Promise.all(runs.map((run) => Promise.resolve(run()).catch(() => undefined)));
}
