/**
 * Renderer. The app-wide keyboard layer's shared pieces: "the open editor's save" as a small
 * registry (any editor calls `useSaveShortcut(save)`; Ctrl/Cmd+S runs the most recent one still
 * mounted), the list of shortcuts `?` shows, and helpers to tell typing from commands.
 */
import { useEffect, useRef } from 'react';
import { defineMessages } from 'react-intl';
import type { MessageDescriptor } from './i18n.ts';

type SaveHandler = () => void;
const saveHandlers: { current: SaveHandler }[] = [];

/** Registers this screen's save for Ctrl/Cmd+S while the component is mounted. */
export function useSaveShortcut(handler: SaveHandler): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const entry = { current: () => ref.current() };
    saveHandlers.push(entry);
    return () => {
      const index = saveHandlers.indexOf(entry);
      if (index >= 0) saveHandlers.splice(index, 1);
    };
  }, []);
}

/** Runs the open editor's save; false when no editor is open. */
export function runSave(): boolean {
  const handler = saveHandlers[saveHandlers.length - 1];
  if (!handler) return false;
  handler.current();
  return true;
}

export const IS_MAC = typeof navigator !== 'undefined' && /mac/i.test(navigator.platform);
export const MOD_LABEL = IS_MAC ? '⌘' : 'Ctrl';

const SHORTCUT_WORDS = defineMessages({
  palette: {
    id: 'lib.shortcuts.palette',
    defaultMessage: 'Open the command palette: find a course, lesson or assessment, or run an action',
  },
  save: { id: 'lib.shortcuts.save', defaultMessage: 'Save the open editor' },
  search: { id: 'lib.shortcuts.search', defaultMessage: 'Search this screen' },
  close: { id: 'lib.shortcuts.close', defaultMessage: 'Close the open dialog' },
  help: { id: 'lib.shortcuts.help', defaultMessage: 'Show these shortcuts' },
});

/** The shortcuts `?` shows; `does` is said in the app's language where it is shown. */
export const SHORTCUTS: readonly { keys: string[]; does: MessageDescriptor }[] = [
  { keys: [MOD_LABEL, 'K'], does: SHORTCUT_WORDS.palette },
  { keys: [MOD_LABEL, 'S'], does: SHORTCUT_WORDS.save },
  { keys: ['/'], does: SHORTCUT_WORDS.search },
  { keys: ['Esc'], does: SHORTCUT_WORDS.close },
  { keys: ['?'], does: SHORTCUT_WORDS.help },
];

/** True when the key went to something the user types into (so `/` and `?` are just text). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}

/** Focuses the current screen's search field; false when the screen has none. */
export function focusScreenSearch(): boolean {
  const main = document.querySelector('main');
  const field = main?.querySelector<HTMLInputElement>('[role="search"] input, input[type="search"]');
  if (!field) return false;
  field.focus();
  field.select();
  return true;
}
