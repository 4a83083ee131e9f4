/**
 * Renderer. Short messages for the user: results of actions ("Lesson deleted") and main's
 * `app.notice` pushes (a damaged database moved aside). Shown in one polite live region.
 */
import { create } from 'zustand';
import { onEvent } from '../../lib/events.ts';

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

export const useNotices = create<NoticesState>()((set, get) => ({
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
}));

export function notify(level: NoticeLevel, message: string): void {
  useNotices.getState().push(level, message);
}

let started = false;
export function startNotices(): void {
  if (started) return;
  started = true;
  onEvent('app.notice', (notice) => notify(notice.level, notice.message));
}
