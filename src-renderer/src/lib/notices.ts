/**
 * Renderer. Short messages for the user: results of actions ("Lesson deleted") and main's
 * `app.notice` pushes (a damaged database moved aside). Shown in one polite live region.
 */
import { onEvent } from './events.ts';
import { createFeatureStore } from './feature-store.ts';

export type NoticeLevel = 'info' | 'success' | 'warning' | 'error';

export interface Notice {
  id: number;
  level: NoticeLevel;
  message: string;
}

interface NoticesState {
  notices: Notice[];
  push: (level: NoticeLevel, message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotices = createFeatureStore<NoticesState>(
  (set, get) => ({
    notices: [],
    push(level, message) {
      const id = nextId++;
      set((s) => ({ notices: [...s.notices.slice(-2), { id, level, message }] }));
      // Warnings and errors stay until dismissed; the rest fade after a while.
      if (level === 'info' || level === 'success') setTimeout(() => get().dismiss(id), 6000);
    },
    dismiss(id) {
      set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
    },
  }),
  {
    subscribe: () => [onEvent('app.notice', (notice) => notify(notice.level, notice.message))],
    // A notice about the switch itself (or a damaged database) outlives it.
    reset: false,
  },
);

export function notify(level: NoticeLevel, message: string): void {
  useNotices.getState().push(level, message);
}
