// Renderer. The uploads list: settings and pause/resume for all, the totals line with "Clear
// finished", and the table of uploads with its loading, error and empty states.
import type { UploadRow } from '../../../../src-shared/index.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatSeconds, formatSpeed, plural } from '../../lib/format.ts';
import { UploadSettings } from './UploadSettings.tsx';
import { run, UploadRowView } from './UploadRowView.tsx';
import { ACTIVE_STATES, totalsOf, useUploads } from './store.ts';

function useUploadRows(): UploadRow[] {
  const uploads = useUploads();
  return uploads.order.map((id) => uploads.rows[id]).filter((r): r is UploadRow => r !== undefined);
}

export function UploadsPanel() {
  const rows = useUploadRows();
  const anyRunning = rows.some((r) => ACTIVE_STATES.has(r.state));
  // Rows left queued by an earlier run wait for "Resume"; resuming rows that run anyway is harmless.
  const anyPaused = rows.some((r) => r.state === 'paused' || r.state === 'queued');
  const moving = rows.some((r) => r.state === 'uploading' || r.state === 'completing' || r.state === 'attaching');
  const waiting = rows.filter((r) => r.state === 'queued').length;
  const { pause, resume } = useUploads.getState();
  return (
    <section className="panel" aria-labelledby="uploads-heading">
      <div className="panel-head">
        <h2 id="uploads-heading">Uploads</h2>
        <div className="panel-actions">
          <UploadSettings />
          <button
            type="button"
            className="button button--small"
            disabled={!anyRunning}
            onClick={() => run(pause(), 'Could not pause.')}
          >
            Pause all
          </button>
          <button
            type="button"
            className="button button--small"
            disabled={!anyPaused}
            onClick={() => run(resume(), 'Could not resume.')}
          >
            Resume all
          </button>
        </div>
      </div>
      {waiting > 0 && !moving && (
        <div className="banner banner--info" data-testid="uploads-waiting">
          <p>{plural(waiting, 'upload')} waiting to continue.</p>
          <button
            type="button"
            className="button button--small button--primary"
            onClick={() => run(resume(), 'Could not resume.')}
          >
            Resume all
          </button>
        </div>
      )}
      <UploadTotalsLine />
      <UploadTable rows={rows} />
    </section>
  );
}

function UploadTotalsLine() {
  const totals = totalsOf(
    useUploads((s) => s.rows),
    useUploads((s) => s.bandwidthBytesPerSec),
  );
  if (totals.files === 0) return null;
  return (
    <div className="upload-totals-row">
      <p className="upload-totals" data-testid="upload-totals" aria-live="off">
        {plural(totals.files, 'file')} · {formatBytes(totals.bytesDone)} of {formatBytes(totals.bytesTotal)}
        {totals.active > 0 && ` · ${formatSpeed(totals.speedBps)} · ${formatSeconds(totals.etaSeconds)} left`}
        {` · ${totals.done} done`}
        {totals.failed > 0 && ` · ${totals.failed} need attention`}
      </p>
      {totals.done > 0 && (
        <button
          type="button"
          className="button button--small"
          data-testid="clear-finished"
          onClick={() =>
            run(
              useUploads
                .getState()
                .clearFinished()
                .then(() => undefined),
              'Could not clear the finished uploads.',
            )
          }
        >
          Clear finished
        </button>
      )}
    </div>
  );
}

function UploadTable({ rows }: { rows: readonly UploadRow[] }) {
  const status = useUploads((s) => s.status);
  const error = useUploads((s) => s.error);
  if (status === 'loading' || status === 'idle') return <Loading label="Loading uploads…" />;
  if (status === 'error') {
    return <ErrorState message={describeError(error)} onRetry={() => void useUploads.getState().load()} />;
  }
  if (rows.length === 0) {
    return (
      <Empty title="No uploads yet">
        <p>Add video files to turn them into lessons.</p>
      </Empty>
    );
  }
  return (
    <DataTable
      labelledBy="uploads-heading"
      testId="upload-table"
      className="upload-table"
      columns={['File', 'Lesson', 'State', 'Progress', 'Speed', 'Time left']}
    >
      {rows.map((row) => (
        <UploadRowView key={row.id} row={row} />
      ))}
    </DataTable>
  );
}
