/**
 * Renderer. Short messages for the user: results of actions ("Lesson deleted") and main's
 * `app.notice` pushes (a damaged database moved aside). Shown in one polite live region. A notice
 * can carry its action (Undo) and a key: a later notice with the same key replaces it, so "was
 * kept" never sits under a stale "will be deleted".
 */
import { onEvent } from './events.ts';
import { createFeatureStore } from './feature-store.ts';

export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface NoticeAction {
  label: string;
  run: () => void;
}

export interface Notice {
  id: number;
  level: NoticeLevel;
  message: string;
  key: string | null;
  action: NoticeAction | null;
}

export interface NoticeOptions {
  /** Notices about the same thing share a key: the newer replaces the older in place. */
  key?: string;
  action?: NoticeAction;
}

interface NoticesState {
  notices: Notice[];
  push: (level: NoticeLevel, message: string, options?: NoticeOptions) => void;
  dismiss: (id: number) => void;
  /** Takes away the notice with this key, if any (what it said is no longer true). */
  dismissKey: (key: string) => void;
}

let nextId = 1;
/** Info and success notices fade; one with an action stays long enough to use it. */
const FADE_MS = 6000;
const FADE_WITH_ACTION_MS = 10_000;

export const useNotices = createFeatureStore<NoticesState>(
  (set, get) => ({
    notices: [],
    push(level, message, options = {}) {
      const id = nextId++;
      const notice: Notice = { id, level, message, key: options.key ?? null, action: options.action ?? null };
      set((s) => {
        const at = notice.key === null ? -1 : s.notices.findIndex((n) => n.key === notice.key);
        if (at >= 0) return { notices: s.notices.map((n, i) => (i === at ? notice : n)) };
        return { notices: [...s.notices.slice(-2), notice] };
      });
      // Warnings and errors stay until dismissed; the rest fade after a while.
      if (level === 'info' || level === 'success') {
        setTimeout(() => get().dismiss(id), notice.action ? FADE_WITH_ACTION_MS : FADE_MS);
      }
    },
    dismiss(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
    dismissKey(key) {
      set((s) => ({ notices: s.notices.filter((n) => n.key !== key) }));
    },
  }),
  {
    subscribe: () => [onEvent('app.notice', (notice) => notify(notice.level, notice.message))],
    // A notice about the switch itself (or a damaged database) outlives it.
    reset: false,
  },
);

export function notify(level: NoticeLevel, message: string, options?: NoticeOptions): void {
  useNotices.getState().push(level, message, options);
}
