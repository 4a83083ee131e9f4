/**
 * Renderer. "Save to server" of the open lesson editor, reachable from shortcuts (Ctrl/Cmd+S)
 * without loading the editor's own module. The editor registers itself while it is mounted.
 */
let current: (() => void) | null = null;

export function registerLessonEditorSave(save: (() => void) | null): void {
  current = save;
}

/** Saves the open lesson editor; false when none is open. */
export function saveOpenLessonEditor(): boolean {
  if (!current) return false;
  current();
  return true;
}
