/**
 * Renderer. Discarding a change with Undo. Main's discard cannot be taken back (the local
 * change is gone), so it is held back: the change leaves the lists at once and main discards it when
 * the toast leaves without Undo (or before a workspace switch). Undo only shows it again. A change
 * edited again meanwhile (its editor reopened) is kept: the discard was about what it was then. One
 * only sent again meanwhile (Try again) is the same change: its send is let end, then it goes.
 */
import { call } from '../../bridge.ts';
import { describeError, errorCode, errorParts } from '../../lib/errors.ts';
import { onEvent } from '../../lib/events.ts';
import { notify, notifyUndoable } from '../../lib/notices.ts';
import { holdBack, withoutHeldBack } from './held-back.ts';
import { useDrafts } from './store.ts';
import { t } from '../../lib/i18n.ts';

/** Bumps when the change itself changes (an edit, a conflict resolved); a send or a refusal leaves it. */
const revisionOf = (id: string) =>
  call((b) => b.drafts.get({ id })).then(
    (draft) => draft.revision,
    () => null,
  );

/** Main keeps a change while it is on its way to the server this very moment. */
const isBeingSent = (error: unknown) =>
  errorCode(error) === 'DRAFT_LOCKED' &&
  (errorParts(error).details as { state?: unknown } | null | undefined)?.state === 'sending';

/** Resolves when main says the change `id` changed (its send ended), or at once if it is not being sent. */
function sendEnded(id: string): Promise<void> {
  return new Promise((resolve) => {
    const stop = onEvent('drafts.changed', ({ ids }) => {
      if (ids.includes(id)) finish();
    });
    function finish() {
      stop();
      resolve();
    }
    // It may have ended before the listener was in place.
    void call((b) => b.drafts.get({ id })).then((draft) => {
      if (draft.state !== 'sending') finish();
    }, finish);
  });
}

/** Discards in main once a send of it under way has ended; 'sent' when that send reached the server. */
async function discardInMain(id: string): Promise<'discarded' | 'sent'> {
  for (;;) {
    try {
      await call((b) => b.drafts.discard({ id }));
      return 'discarded';
    } catch (error) {
      if (!isBeingSent(error)) throw error;
    }
    await sendEnded(id);
    const draft = await call((b) => b.drafts.get({ id }));
    if (draft.state === 'sent') return 'sent';
  }
}

/**
 * Discards the change `id` (named `title`) once its toast leaves without Undo; `onUndo` runs after
 * Undo (a new-item form opens the change again).
 */
export function discardWithUndo(id: string, title: string, onUndo?: () => void): void {
  holdBack(id, true);
  const stamp = revisionOf(id);
  useDrafts.setState((s) => ({ drafts: withoutHeldBack(s.drafts), outbox: withoutHeldBack(s.outbox) }));
  const showAgain = () => {
    holdBack(id, false);
    void useDrafts.getState().load();
  };
  notifyUndoable({
    key: `draft-discard:${id}`,
    message: t(
      { id: 'drafts.discard.willBeDiscardedInA', defaultMessage: '“{title}” will be discarded in a few seconds.' },
      { title },
    ),
    undone: `“${title}” was kept.`,
    restore: () => {
      showAgain();
      onUndo?.();
    },
    commit: async () => {
      const [then, now] = [await stamp, await revisionOf(id)];
      if (then !== null && now !== null && now !== then) {
        showAgain();
        notify(
          'info',
          t(
            {
              id: 'drafts.discard.wasChangedAgainSinceSo',
              defaultMessage: '“{title}” was changed again since, so it was kept.',
            },
            { title },
          ),
        );
        return;
      }
      const outcome = await discardInMain(id);
      showAgain();
      if (outcome === 'sent')
        notify(
          'info',
          t(
            {
              id: 'drafts.discard.reachedTheServerBeforeIt',
              defaultMessage: '“{title}” reached the server before it could be discarded.',
            },
            { title },
          ),
        );
    },
    failed: (error) =>
      t(
        { id: 'drafts.discard.couldNotBeDiscarded', defaultMessage: '“{title}” could not be discarded. {error}' },
        { title, error: describeError(error) },
      ),
  });
}
