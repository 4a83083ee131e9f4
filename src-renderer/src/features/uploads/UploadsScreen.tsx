/**
 * Renderer. Uploads: add videos (dialog, folder, or drop), send each to a lesson, and follow every
 * file — state, progress, speed, time left, problems — with pause, resume, cancel and retry per
 * file and for all. Uploads run in main, so they continue while the user works elsewhere.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatSeconds, formatSpeed, plural } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { StagedFiles } from './StagedFiles.tsx';
import { UploadSettings } from './UploadSettings.tsx';
import { rowProgress, videoLabel } from './progress-view.ts';
import { ACTIVE_STATES, shownSpeed, totalsOf, useUploads } from './store.ts';

const STATE_LABELS: Record<UploadRow['state'], string> = {
  queued: 'Queued',
  uploading: 'Uploading',
  paused: 'Paused',
  completing: 'Finishing',
  attaching: 'Adding to lesson',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  changed: 'File changed',
  waiting: 'Waiting for connection',
};
const STATE_TONES: Record<UploadRow['state'], Tone> = {
  queued: 'neutral',
  uploading: 'accent',
  paused: 'warning',
  completing: 'accent',
  attaching: 'accent',
  done: 'success',
  failed: 'danger',
  cancelled: 'neutral',
  changed: 'danger',
  waiting: 'warning',
};

/** Until the lesson is being created, its title can still change (main refuses it after that). */
const TITLE_EDITABLE = new Set<UploadRow['state']>(['queued', 'uploading', 'paused', 'failed', 'changed']);

function run(work: Promise<void>, failure: string) {
  work.catch((error: unknown) => notify('error', `${failure} ${describeError(error)}`));
}

export function UploadsScreen({ courseId = null }: { courseId?: string | null }) {
  const uploads = useUploads();
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    void useUploads.getState().load();
  }, []);
  // Opened from a course ("Upload videos"): that course is the one files go to.
  useEffect(() => {
    if (courseId && useUploads.getState().courseId !== courseId) useUploads.getState().setTarget(courseId, null);
  }, [courseId]);

  const pick = (folder: boolean) =>
    uploads.pick(folder).catch((error: unknown) => notify('error', `Could not add files. ${describeError(error)}`));

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    uploads.stageDropped(files).catch((error: unknown) => notify('warning', describeError(error)));
  };

  const rows = uploads.order.map((id) => uploads.rows[id]).filter((r): r is UploadRow => r !== undefined);
  const totals = totalsOf(uploads.rows, uploads.bandwidthBytesPerSec);
  const anyRunning = rows.some((r) => ACTIVE_STATES.has(r.state));
  // Rows left queued by an earlier run wait for "Resume"; resuming rows that run anyway is harmless.
  const anyPaused = rows.some((r) => r.state === 'paused' || r.state === 'queued');
  const moving = rows.some((r) => r.state === 'uploading' || r.state === 'completing' || r.state === 'attaching');
  const waiting = rows.filter((r) => r.state === 'queued').length;

  return (
    <div className="screen">
      <PageHeader
        title="Uploads"
        actions={
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => void pick(false)}
              disabled={uploads.picking}
              data-testid="add-files"
            >
              Add files…
            </button>
            <button type="button" className="button" onClick={() => void pick(true)} disabled={uploads.picking}>
              Add folder…
            </button>
          </>
        }
      >
        <p className="muted">
          Videos upload in the background and become lessons when they finish. You can keep working meanwhile.
        </p>
      </PageHeader>

      <section
        className={`dropzone${dragging ? ' dropzone--active' : ''}`}
        aria-label="Drop video files here"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="dropzone"
      >
        <p>Drop video files here, or use “Add files…”.</p>
      </section>

      {uploads.staged.length > 0 && <StagedFiles />}

      <section className="panel" aria-labelledby="uploads-heading">
        <div className="panel-head">
          <h2 id="uploads-heading">Uploads</h2>
          <div className="panel-actions">
            <UploadSettings />
            <button
              type="button"
              className="button button--small"
              disabled={!anyRunning}
              onClick={() => run(uploads.pause(), 'Could not pause.')}
            >
              Pause all
            </button>
            <button
              type="button"
              className="button button--small"
              disabled={!anyPaused}
              onClick={() => run(uploads.resume(), 'Could not resume.')}
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
              onClick={() => run(uploads.resume(), 'Could not resume.')}
            >
              Resume all
            </button>
          </div>
        )}
        {totals.files > 0 && (
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
                    uploads.clearFinished().then(() => undefined),
                    'Could not clear the finished uploads.',
                  )
                }
              >
                Clear finished
              </button>
            )}
          </div>
        )}
        {uploads.status === 'loading' || uploads.status === 'idle' ? (
          <Loading label="Loading uploads…" />
        ) : uploads.status === 'error' ? (
          <ErrorState message={describeError(uploads.error)} onRetry={() => void uploads.load()} />
        ) : rows.length === 0 ? (
          <Empty title="No uploads yet">
            <p>Add video files to turn them into lessons.</p>
          </Empty>
        ) : (
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
        )}
      </section>
    </div>
  );
}

function UploadRowView({ row }: { row: UploadRow }) {
  const { pause, resume, cancel, retry } = useUploads.getState();
  const limit = useUploads((s) => s.bandwidthBytesPerSec);
  const progress = rowProgress(row);
  const percent = progress.percent;
  // A course preview (named for its course) is processed like a lesson's video.
  const attached = row.state === 'done' && (row.lessonId !== null || row.target.kind === 'preview');
  const video = attached ? videoLabel(row) : null;
  const lesson = row.target.kind === 'replace' ? 'Replaces a lesson’s video' : row.target.title;
  const active = row.state === 'uploading' || row.state === 'queued' || row.state === 'waiting';
  return (
    <tr
      data-testid="upload-row"
      data-state={row.state}
      data-file={row.fileName}
      className={row.state === 'cancelled' ? 'row-muted' : undefined}
    >
      <td>
        <strong className="cell-wrap">{row.fileName}</strong>
        <div className="muted">{formatBytes(row.bytesTotal)}</div>
      </td>
      <td className="cell-wrap">
        {attached ? (
          <a href={href({ name: 'course', id: row.target.courseId })}>{lesson}</a>
        ) : row.target.kind === 'new' && TITLE_EDITABLE.has(row.state) ? (
          <LessonTitleInput id={row.id} fileName={row.fileName} title={row.target.title} />
        ) : (
          lesson
        )}
      </td>
      <td>
        <Badge tone={STATE_TONES[row.state]}>{STATE_LABELS[row.state]}</Badge>
        {video && (
          <div className="cell-wrap" data-testid="upload-video" data-video-status={row.videoStatus ?? ''}>
            <Badge tone={video.tone}>{video.text}</Badge>
          </div>
        )}
        {(row.error ?? row.notice) && (
          <div className={row.error ? 'text-danger cell-wrap' : 'muted cell-wrap'} data-testid="upload-problem">
            {(row.error ?? row.notice)?.message}
          </div>
        )}
      </td>
      <td>
        <div
          className="progress"
          role="progressbar"
          aria-label={`Progress of ${row.fileName}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%, ${formatBytes(progress.bytesShown)} of ${formatBytes(row.bytesTotal)}`}
        >
          <div className="progress-done" style={{ width: `${progress.confirmedWidth}%` }} />
          <div className="progress-flight" style={{ width: `${progress.inFlightWidth}%` }} />
        </div>
        <span className="progress-text" data-testid="upload-percent">
          {percent}%
        </span>
      </td>
      <td data-testid="upload-speed">
        {row.state === 'uploading' ? formatSpeed(shownSpeed(row.speedBps, limit)) : '—'}
      </td>
      <td>{row.state === 'uploading' ? formatSeconds(row.etaSeconds) : '—'}</td>
      <td className="cell-actions">
        {active && (
          <button
            type="button"
            className="button button--small"
            onClick={() => run(pause(row.id), 'Could not pause.')}
            aria-label={`Pause ${row.fileName}`}
          >
            Pause
          </button>
        )}
        {row.state === 'paused' && (
          <button
            type="button"
            className="button button--small"
            onClick={() => run(resume(row.id), 'Could not resume.')}
            aria-label={`Resume ${row.fileName}`}
          >
            Resume
          </button>
        )}
        {(row.state === 'failed' || row.state === 'changed') && (
          <button
            type="button"
            className="button button--small"
            onClick={() => run(retry(row.id), 'Could not retry.')}
            aria-label={`Retry ${row.fileName}`}
          >
            Retry
          </button>
        )}
        {row.state !== 'done' &&
          row.state !== 'cancelled' &&
          row.state !== 'completing' &&
          row.state !== 'attaching' && (
            <button
              type="button"
              className="button button--small button--ghost button--danger-text"
              onClick={() => run(cancel(row.id), 'Could not cancel.')}
              aria-label={`Cancel ${row.fileName}`}
            >
              Cancel
            </button>
          )}
      </td>
    </tr>
  );
}

/** Saves on Enter or when focus leaves; Escape puts the saved title back. */
function LessonTitleInput({ id, fileName, title }: { id: string; fileName: string; title: string }) {
  // While the user types, their draft shows; otherwise the row's title (updates arrive many times a second).
  const [draft, setDraft] = useState<string | null>(null);
  const discard = useRef(false);
  const value = draft ?? title;
  const clean = value.trim();
  const invalid = clean.length < 1 || clean.length > 255;
  const save = () => {
    setDraft(null);
    const cancelled = discard.current;
    discard.current = false;
    if (cancelled || clean === title) return;
    if (invalid) {
      notify('error', 'A lesson title has 1 to 255 characters; the previous title was kept.');
      return;
    }
    run(useUploads.getState().setTitle(id, clean), 'Could not rename the lesson.');
  };
  return (
    <input
      className="input input--inline"
      value={value}
      aria-label={`Lesson title for ${fileName}`}
      aria-invalid={invalid || undefined}
      maxLength={300}
      data-testid="upload-title"
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.currentTarget.blur();
        if (event.key === 'Escape') {
          discard.current = true;
          event.currentTarget.blur();
        }
      }}
    />
  );
}
