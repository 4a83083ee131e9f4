// Renderer. The uploads list on the shared list screen: the controls for all uploads (settings,
// pause and resume all, the totals line with "Clear finished"), the banner for uploads left
// waiting, and the list's body — skeleton rows, the error, the empty state with its next step, or
// one virtual row per upload.
import { useCallback, useMemo } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import type { ListBody } from '../../components/ListScreen.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatSeconds, formatSpeed } from '../../lib/format.ts';
import { UploadSettings } from './UploadSettings.tsx';
import { run, uploadRowHeight, UploadRowView } from './UploadRowView.tsx';
import { isClearable } from './progress-view.ts';
import { ACTIVE_STATES, totalsOf, useUploads } from './store.ts';
import { clearFinishedWithUndo } from './upload-toasts.ts';
import { t } from '../../lib/i18n.ts';

function useUploadRows(): UploadRow[] {
  const order = useUploads((s) => s.order);
  const byId = useUploads((s) => s.rows);
  return useMemo(() => order.map((id) => byId[id]).filter((r): r is UploadRow => r !== undefined), [order, byId]);
}

/** The toolbar: how hard uploads push, pause and resume for all, and the totals. */
export function UploadControls() {
  const rows = useUploadRows();
  const anyRunning = rows.some((r) => ACTIVE_STATES.has(r.state));
  // Rows left queued by an earlier run wait for "Resume"; resuming rows that run anyway is harmless.
  const anyPaused = rows.some((r) => r.state === 'paused' || r.state === 'queued');
  const { pause, resume } = useUploads.getState();
  return (
    <>
      <UploadSettings />
      <div className="upload-all-actions">
        <button
          type="button"
          className="button button--small"
          disabled={!anyRunning}
          onClick={() => run(pause(), 'Could not pause.')}
        >
          {t({ id: 'uploads.uploadsList.pauseAll', defaultMessage: 'Pause all' })}
        </button>
        <button
          type="button"
          className="button button--small"
          disabled={!anyPaused}
          onClick={() => run(resume(), 'Could not resume.')}
        >
          {t({ id: 'uploads.uploadsList.resumeAll', defaultMessage: 'Resume all' })}
        </button>
      </div>
      <UploadTotalsLine />
    </>
  );
}

/** Uploads an earlier run left queued, with nothing moving: they wait for the user's "Resume". */
export function UploadsWaiting() {
  const rows = useUploadRows();
  const moving = rows.some((r) => r.state === 'uploading' || r.state === 'completing' || r.state === 'attaching');
  const waiting = rows.filter((r) => r.state === 'queued').length;
  if (waiting === 0 || moving) return null;
  return (
    <div className="banner banner--info" data-testid="uploads-waiting">
      <p>
        {t(
          { id: 'uploads.uploadsList.waitingToContinue', defaultMessage: '{waiting} waiting to continue.' },
          {
            waiting: t(
              {
                id: 'uploads.uploadsList.uploadsCount',
                defaultMessage: '{count, plural, one {# upload} other {# uploads}}',
              },
              { count: waiting },
            ),
          },
        )}
      </p>
      <button
        type="button"
        className="button button--small button--primary"
        onClick={() => run(useUploads.getState().resume(), 'Could not resume.')}
      >
        {t({ id: 'uploads.uploadsList.resumeAll', defaultMessage: 'Resume all' })}
      </button>
    </div>
  );
}

function UploadTotalsLine() {
  const rows = useUploads((s) => s.rows);
  const totals = totalsOf(
    rows,
    useUploads((s) => s.bandwidthBytesPerSec),
    useUploads((s) => s.memory),
  );
  const clearable = Object.values(rows).filter(isClearable).length;
  if (totals.files === 0) return null;
  // Held back while its toast offers Undo (upload-toasts.ts).
  const clear = clearFinishedWithUndo;
  return (
    <div className="upload-totals-row toolbar-count">
      {/* Not announced: the totals change several times a second while files move. */}
      <p className="upload-totals" data-testid="upload-totals" aria-live="off">
        {t(
          { id: 'uploads.uploadsList.filesCount', defaultMessage: '{count, plural, one {# file} other {# files}}' },
          { count: totals.files },
        )}{' '}
        · {formatBytes(totals.bytesDone)} of {formatBytes(totals.bytesTotal)}
        {totals.active > 0 && (
          <>
            {' · '}
            <span data-testid="upload-total-speed" data-bps={Math.round(totals.speedBps)}>
              {formatSpeed(totals.speedBps)}
            </span>
            {t(
              { id: 'uploads.uploadsList.left', defaultMessage: ' · {etaSeconds} left' },
              { etaSeconds: formatSeconds(totals.etaSeconds) },
            )}
          </>
        )}
        {t({ id: 'uploads.uploadsList.done', defaultMessage: ' · {done} done' }, { done: totals.done })}
        {totals.failed > 0 &&
          t(
            { id: 'uploads.uploadsList.needAttention', defaultMessage: ' · {failed} need attention' },
            { failed: totals.failed },
          )}
      </p>
      {totals.done > 0 && (
        <button
          type="button"
          className="button button--small"
          data-testid="clear-finished"
          disabled={clearable === 0}
          title={clearTitle(clearable, totals.done - clearable)}
          onClick={clear}
        >
          {t({ id: 'uploads.uploadsList.clearFinished', defaultMessage: 'Clear finished' })}
        </button>
      )}
    </div>
  );
}

/** What "Clear finished" will do, said before it is pressed. */
function clearTitle(clearable: number, processing: number): string {
  const stays =
    processing > 0
      ? `; ${t({ id: 'uploads.uploadsList.videosCount', defaultMessage: '{count, plural, one {# video} other {# videos}}' }, { count: processing })} still processing stay until the server has them ready`
      : '';
  return clearable > 0
    ? t(
        {
          id: 'uploads.uploadsList.takesOffThisListThe',
          defaultMessage: 'Takes {clearable} off this list (the lessons keep their videos){stays}.',
        },
        {
          clearable: t(
            {
              id: 'uploads.uploadsList.finishedUploadsCount',
              defaultMessage: '{count, plural, one {# finished upload} other {# finished uploads}}',
            },
            { count: clearable },
          ),
          stays,
        },
      )
    : t({ id: 'uploads.uploadsList.nothingToClearYet', defaultMessage: 'Nothing to clear yet{stays}.' }, { stays });
}

/** What the list shows: skeleton rows, the error, the empty state with `addFiles`, or the uploads. */
export function useUploadsBody(addFiles: () => void): ListBody {
  const rows = useUploadRows();
  const status = useUploads((s) => s.status);
  const error = useUploads((s) => s.error);
  // Heights change only when a row gains or loses its problem line, not on every progress tick.
  const heights = rows.map((row) => uploadRowHeight(row)).join(',');
  const rowHeight = useMemo(() => {
    // Split once: the list asks for every row's height when they change.
    const each = heights.split(',').map(Number);
    return (index: number) => each[index] ?? 0;
  }, [heights]);
  const renderRow = useCallback(
    (index: number, active: boolean) => {
      const row = rows[index];
      return row ? <UploadRowView row={row} active={active} /> : null;
    },
    [rows],
  );
  if (status === 'loading' || status === 'idle') {
    return {
      state: 'loading',
      label: t({ id: 'uploads.uploadsList.loadingUploads', defaultMessage: 'Loading uploads…' }),
      rowHeight: uploadRowHeight(null),
    };
  }
  if (status === 'error') {
    return { state: 'error', message: describeError(error), error, onRetry: () => void useUploads.getState().load() };
  }
  if (rows.length === 0) {
    return {
      state: 'empty',
      title: t({ id: 'uploads.uploadsList.noUploadsYet', defaultMessage: 'No uploads yet' }),
      body: (
        <p>
          {t({
            id: 'uploads.uploadsList.addVideoFilesOrDrop',
            defaultMessage: 'Add video files (or drop them above) to turn them into lessons.',
          })}
        </p>
      ),
      action: (
        <button type="button" className="button button--primary" onClick={addFiles}>
          {t({ id: 'uploads.uploadsList.chooseVideoFiles', defaultMessage: 'Choose video files…' })}
        </button>
      ),
    };
  }
  return {
    state: 'rows',
    list: {
      count: rows.length,
      rowHeight,
      renderRow,
      label: t({ id: 'uploads.uploadsList.uploads', defaultMessage: 'Uploads' }),
      testId: 'upload-list',
      className: 'upload-list',
      itemAt: (index) => rows[index],
    },
  };
}
