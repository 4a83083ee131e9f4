/**
 * Renderer. The uploads' toasts: "Clear finished" with Undo, and one warning while
 * uploads wait for the server, taken away as soon as none waits.
 */
import type { UploadRow } from '../../../../src-shared/index.ts';
import { describeError } from '../../lib/errors.ts';

import { notify, notifyUndoable, useNotices } from '../../lib/notices.ts';
import { isClearable } from './progress-view.ts';
import { useUploads } from './store.ts';
import { t } from '../../lib/i18n.ts';

const WAITING_KEY = 'uploads-waiting';

/** The clear still held back: a second "Clear finished" meanwhile takes its rows into its own toast. */
let held: { taken: UploadRow[]; order: string[]; superseded: boolean } | null = null;

/**
 * "Clear finished" with Undo. Main's clear cannot be taken back (the rows leave its journal), so it
 * is held back: the finished rows leave the list at once and main clears them when the toast leaves
 * without Undo (or before a workspace switch); Undo puts the same rows back where they were. Main
 * clears every finished row at once, so a second clear meanwhile covers the first's rows too.
 */
export function clearFinishedWithUndo(): void {
  const before = useUploads.getState();
  const fresh = before.order.map((id) => before.rows[id]).filter((row): row is UploadRow => !!row && isClearable(row));
  if (fresh.length === 0) return;
  const ids = new Set(fresh.map((row) => row.id));
  useUploads.setState((s) => ({
    rows: Object.fromEntries(Object.entries(s.rows).filter(([id]) => !ids.has(id))),
    order: s.order.filter((id) => !ids.has(id)),
  }));
  if (held) held.superseded = true;
  const mine = { taken: [...(held?.taken ?? []), ...fresh], order: held?.order ?? before.order, superseded: false };
  held = mine;
  const restore = () => {
    if (held === mine) held = null;
    useUploads.setState((s) => {
      const rows = { ...s.rows };
      for (const row of mine.taken) rows[row.id] ??= row;
      const order = [...mine.order.filter((id) => id in rows), ...s.order.filter((id) => !mine.order.includes(id))];
      return { rows, order };
    });
  };
  const count = t(
    {
      id: 'uploads.uploadtoasts.finishedUploadsCount',
      defaultMessage: '{count, plural, one {# finished upload} other {# finished uploads}}',
    },
    { count: mine.taken.length },
  );
  notifyUndoable({
    key: 'uploads-clear',
    message: t(
      {
        id: 'uploads.uploadtoasts.clearedFromTheListThe',
        defaultMessage: 'Cleared {count} from the list (the lessons keep their videos).',
      },
      { count },
    ),
    undone: `${count} back on the list.`,
    restore: () => {
      if (!mine.superseded) restore();
    },
    // Main clears every finished row; those it reports gone that the list no longer holds stay
    // gone, and the store's clear drops the ones that finished meanwhile.
    commit: async () => {
      if (mine.superseded) return;
      if (held === mine) held = null;
      await useUploads.getState().clearFinished();
    },
    failed: (error) =>
      t(
        {
          id: 'uploads.uploadtoasts.couldNotClearTheFinished',
          defaultMessage: 'Could not clear the finished uploads. {error}',
        },
        { error: describeError(error) },
      ),
  });
}

/**
 * While any upload waits for the server, one warning says so; it leaves by itself once none waits
 * (dismissed, it is not said again until the next wait). Returns the unsubscribe.
 */
export function followWaitingUploads(): () => void {
  let said = false;
  return useUploads.subscribe((state) => {
    const waiting = Object.values(state.rows).filter((row) => row.state === 'waiting').length;
    if (waiting > 0 && !said) {
      said = true;
      notify(
        'warning',
        t(
          {
            id: 'uploads.uploadtoasts.waitingForTheConnectionThey',
            defaultMessage: '{waiting} waiting for the connection; they go on by themselves.',
          },
          {
            waiting: t(
              {
                id: 'uploads.uploadtoasts.uploadsCount',
                defaultMessage: '{count, plural, one {# upload} other {# uploads}}',
              },
              { count: waiting },
            ),
          },
        ),
        {
          key: WAITING_KEY,
        },
      );
    } else if (waiting === 0 && said) {
      said = false;
      useNotices.getState().dismissKey(WAITING_KEY);
    }
  });
}
