/**
 * Renderer. Discarding a change with Undo (issue 37). Main's discard cannot be taken back (the local
 * change is gone), so it is held back: the change leaves the lists at once and main discards it when
 * the toast leaves without Undo (or before a workspace switch). Undo only shows it again. A change
 * edited again meanwhile (its editor reopened) is kept: the discard was about what it was then.
 */
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify, notifyUndoable } from '../../lib/notices.ts';
import { holdBack, withoutHeldBack } from './held-back.ts';
import { useDrafts } from './store.ts';

const updatedAt = (id: string) =>
  call((b) => b.drafts.get({ id })).then(
    (draft) => draft.updatedAt,
    () => null,
  );

/**
 * Discards the change `id` (named `title`) once its toast leaves without Undo; `onUndo` runs after
 * Undo (a new-item form opens the change again).
 */
export function discardWithUndo(id: string, title: string, onUndo?: () => void): void {
  holdBack(id, true);
  const stamp = updatedAt(id);
  useDrafts.setState((s) => ({ drafts: withoutHeldBack(s.drafts), outbox: withoutHeldBack(s.outbox) }));
  const showAgain = () => {
    holdBack(id, false);
    void useDrafts.getState().load();
  };
  notifyUndoable({
    key: `draft-discard:${id}`,
    message: `“${title}” will be discarded in a few seconds.`,
    undone: `“${title}” was kept.`,
    restore: () => {
      showAgain();
      onUndo?.();
    },
    commit: async () => {
      const [then, now] = [await stamp, await updatedAt(id)];
      if (then !== null && now !== null && now !== then) {
        showAgain();
        notify('info', `“${title}” was changed again since, so it was kept.`);
        return;
      }
      await call((b) => b.drafts.discard({ id }));
      showAgain();
    },
    failed: (error) => `“${title}” could not be discarded. ${describeError(error)}`,
  });
}
