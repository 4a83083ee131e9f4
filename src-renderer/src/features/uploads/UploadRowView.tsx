// Renderer. One upload in the uploads table: file, lesson (its title editable until the lesson is
// made), state and problems, progress, speed, time left, and the actions that apply to it.
import { useRef, useState } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatSeconds, formatSpeed } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { rowProgress, videoLabel } from './progress-view.ts';
import { shownSpeed, useUploads } from './store.ts';

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

/** Runs an action, telling the user (with `failure` first) when main refuses it. */
export function run(work: Promise<void>, failure: string) {
  work.catch((error: unknown) => notify('error', `${failure} ${describeError(error)}`));
}

export function UploadRowView({ row }: { row: UploadRow }) {
  const limit = useUploads((s) => s.bandwidthBytesPerSec);
  // A course preview (named for its course) is processed like a lesson's video.
  const attached = row.state === 'done' && (row.lessonId !== null || row.target.kind === 'preview');
  const lesson = row.target.kind === 'replace' ? 'Replaces a lesson’s video' : row.target.title;
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
      <RowState row={row} />
      <RowProgress row={row} />
      <td data-testid="upload-speed">
        {row.state === 'uploading' ? formatSpeed(shownSpeed(row.speedBps, limit)) : '—'}
      </td>
      <td>{row.state === 'uploading' ? formatSeconds(row.etaSeconds) : '—'}</td>
      <RowActions row={row} />
    </tr>
  );
}

function RowState({ row }: { row: UploadRow }) {
  const attached = row.state === 'done' && (row.lessonId !== null || row.target.kind === 'preview');
  const video = attached ? videoLabel(row) : null;
  return (
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
  );
}

function RowProgress({ row }: { row: UploadRow }) {
  const progress = rowProgress(row);
  const percent = progress.percent;
  return (
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
  );
}

/** Pause, resume, retry and cancel, each where it applies to the row's state. */
function RowActions({ row }: { row: UploadRow }) {
  const { pause, resume, cancel, retry } = useUploads.getState();
  const active = row.state === 'uploading' || row.state === 'queued' || row.state === 'waiting';
  return (
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
      {row.state !== 'done' && row.state !== 'cancelled' && row.state !== 'completing' && row.state !== 'attaching' && (
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
