// Renderer. One upload, a row of the uploads list: file, lesson (its title editable until the
// lesson is made), state and problems, progress, speed, time left, and the actions that apply to it.
import { useRef, useState } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { splitTechnical } from '../../../../src-shared/connection-words.ts';
import { Badge, type Tone } from '../../components/Badge.tsx';
import { RowTitle } from '../../components/ListScreen.tsx';
import { describeError } from '../../lib/errors.ts';
import { formatBytes, formatSeconds, formatSpeed } from '../../lib/format.ts';
import { lessonHref } from '../../lib/lesson-link.ts';
import { href } from '../../lib/router.ts';
import { notify } from '../../lib/notices.ts';
import { useLessonTitle } from './lesson-names.ts';
import { rowProgress, rowRates, videoLabel } from './progress-view.ts';
import { useUploads } from './store.ts';
import { t } from '../../lib/i18n.ts';

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

const ROW_HEIGHT = 80;
/** A row with a problem or a notice gives it a line of its own (up to two lines of words). */
const ROW_HEIGHT_WITH_PROBLEM = 112;

/** The row's height in the list (`null`: a skeleton row while the list loads). */
export function uploadRowHeight(row: UploadRow | null): number {
  return row && (row.error ?? row.notice) ? ROW_HEIGHT_WITH_PROBLEM : ROW_HEIGHT;
}

/**
 * One upload, a row of the list. The list is one tab stop: the active row is focusable and its own
 * controls are reachable with Tab; other rows' controls wait until their row is active.
 */
export function UploadRowView({ row, active }: { row: UploadRow; active: boolean }) {
  const tab = active ? 0 : -1;
  const problem = row.error ?? row.notice;
  return (
    <div
      role="group"
      aria-label={row.fileName}
      tabIndex={tab}
      data-primary
      data-testid="upload-row"
      data-state={row.state}
      data-file={row.fileName}
      className={row.state === 'cancelled' ? 'row upload-row row--muted' : 'row upload-row'}
    >
      <div className="row-body">
        <RowHead row={row} />
        <span className="upload-row-detail">
          <RowLesson row={row} tab={tab} />
          <RowProgress row={row} />
          <RowSpeed row={row} />
        </span>
        {problem && (
          <span
            className={row.error ? 'upload-row-problem text-danger' : 'upload-row-problem muted'}
            data-testid="upload-problem"
            title={problem.message}
          >
            {/* The sentence; a connection failure's code and request only on hover. */}
            {splitTechnical(problem.message).sentence}
          </span>
        )}
      </div>
      <RowActions row={row} tab={tab} />
    </div>
  );
}

/** The file, its size, its state and (once attached) its video's processing. */
function RowHead({ row }: { row: UploadRow }) {
  const video = attachedOf(row) ? videoLabel(row) : null;
  return (
    <span className="row-line">
      <RowTitle text={row.fileName} />
      <span className="muted upload-row-size">{formatBytes(row.bytesTotal)}</span>
      <Badge tone={STATE_TONES[row.state]}>{STATE_LABELS[row.state]}</Badge>
      {video && (
        <span className="upload-row-video" data-testid="upload-video" data-video-status={row.videoStatus ?? ''}>
          <Badge tone={video.tone}>{video.text}</Badge>
        </span>
      )}
    </span>
  );
}

/** "Replaces the video of <lesson>", the lesson named (once the cache knows it) and a link back to it. */
function ReplacedLesson({ target, tab }: { target: Extract<UploadRow['target'], { kind: 'replace' }>; tab: number }) {
  const title = useLessonTitle(target.courseId, target.lessonId);
  return (
    <span className="upload-row-lesson" data-testid="upload-replaces">
      <span className="muted">
        {t({ id: 'uploads.uploadRowView.replacesTheVideoOf', defaultMessage: 'Replaces the video of' })}
      </span>{' '}
      <a
        href={lessonHref(target.courseId, target.lessonId, target.sectionId)}
        tabIndex={tab}
        title={title ?? undefined}
        dir="auto"
      >
        {title ?? t({ id: 'uploads.uploadRowView.itsLesson', defaultMessage: 'its lesson' })}
      </a>
    </span>
  );
}

/** A course preview (named for its course) is processed like a lesson's video. */
const attachedOf = (row: UploadRow) => row.state === 'done' && (row.lessonId !== null || row.target.kind === 'preview');

/** The lesson the file goes to: a link once attached, its title editable until the lesson is made. */
function RowLesson({ row, tab }: { row: UploadRow; tab: number }) {
  if (row.target.kind === 'replace') return <ReplacedLesson target={row.target} tab={tab} />;
  const title = row.target.title;
  return (
    <span className="upload-row-lesson">
      <span className="muted">{t({ id: 'uploads.uploadRowView.lesson', defaultMessage: 'Lesson' })}</span>{' '}
      {attachedOf(row) ? (
        <a href={href({ name: 'course', id: row.target.courseId })} tabIndex={tab} title={title}>
          {title}
        </a>
      ) : row.target.kind === 'new' && TITLE_EDITABLE.has(row.state) ? (
        <LessonTitleInput id={row.id} fileName={row.fileName} title={title} tab={tab} />
      ) : (
        <span title={title}>{title}</span>
      )}
    </span>
  );
}

/**
 * Speed and time left while the file moves (the speed never reads above the limit), in a column of
 * its own width so every row's bar stands at the same place.
 */
function RowSpeed({ row }: { row: UploadRow }) {
  // The same reading as the totals line (rowRates), so the rows add up to its figure.
  const rate = useUploads((s) => rowRates(s.rows, s.bandwidthBytesPerSec, s.memory)[row.id] ?? 0);
  const moving = row.state === 'uploading' && rate > 0;
  const eta = moving ? (row.bytesTotal - rowProgress(row).bytesShown) / rate : null;
  return (
    <span className="upload-row-rate">
      <span data-testid="upload-speed" data-bps={Math.round(rate)}>
        {moving ? formatSpeed(rate) : ''}
      </span>
      {moving && <span className="muted">{formatSeconds(eta)} left</span>}
    </span>
  );
}

function RowProgress({ row }: { row: UploadRow }) {
  const progress = rowProgress(row);
  const percent = progress.percent;
  return (
    <span className="upload-row-progress">
      <span
        className="progress"
        role="progressbar"
        aria-label={t(
          { id: 'uploads.uploadRowView.progressOf', defaultMessage: 'Progress of {fileName}' },
          { fileName: row.fileName },
        )}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t(
          { id: 'uploads.uploadRowView.of', defaultMessage: '{percent}%, {bytesShown} of {bytesTotal}' },
          { percent, bytesShown: formatBytes(progress.bytesShown), bytesTotal: formatBytes(row.bytesTotal) },
        )}
      >
        <span className="progress-done" style={{ width: `${progress.confirmedWidth}%` }} />
        <span className="progress-flight" style={{ width: `${progress.inFlightWidth}%` }} />
      </span>
      <span className="progress-text" data-testid="upload-percent">
        {percent}%
      </span>
    </span>
  );
}

/** Pause, resume, retry and cancel, each where it applies to the row's state. */
function RowActions({ row, tab }: { row: UploadRow; tab: number }) {
  const { pause, resume, cancel, retry } = useUploads.getState();
  const active = row.state === 'uploading' || row.state === 'queued' || row.state === 'waiting';
  return (
    <div className="row-actions">
      {active && (
        <button
          type="button"
          tabIndex={tab}
          className="button button--small"
          onClick={() => run(pause(row.id), 'Could not pause.')}
          aria-label={t(
            { id: 'uploads.uploadRowView.pause', defaultMessage: 'Pause {fileName}' },
            { fileName: row.fileName },
          )}
        >
          {t({ id: 'uploads.uploadRowView.pause2', defaultMessage: 'Pause' })}
        </button>
      )}
      {row.state === 'paused' && (
        <button
          type="button"
          tabIndex={tab}
          className="button button--small"
          onClick={() => run(resume(row.id), 'Could not resume.')}
          aria-label={t(
            { id: 'uploads.uploadRowView.resume', defaultMessage: 'Resume {fileName}' },
            { fileName: row.fileName },
          )}
        >
          {t({ id: 'uploads.uploadRowView.resume2', defaultMessage: 'Resume' })}
        </button>
      )}
      {(row.state === 'failed' || row.state === 'changed') && (
        <button
          type="button"
          tabIndex={tab}
          className="button button--small"
          onClick={() => run(retry(row.id), 'Could not retry.')}
          aria-label={t(
            { id: 'uploads.uploadRowView.retry', defaultMessage: 'Retry {fileName}' },
            { fileName: row.fileName },
          )}
        >
          {t({ id: 'uploads.uploadRowView.retry2', defaultMessage: 'Retry' })}
        </button>
      )}
      {row.state !== 'done' && row.state !== 'cancelled' && row.state !== 'completing' && row.state !== 'attaching' && (
        <button
          type="button"
          tabIndex={tab}
          className="button button--small button--ghost button--danger-text"
          onClick={() => run(cancel(row.id), 'Could not cancel.')}
          aria-label={t(
            { id: 'uploads.uploadRowView.cancel', defaultMessage: 'Cancel {fileName}' },
            { fileName: row.fileName },
          )}
        >
          {t({ id: 'uploads.uploadRowView.cancel2', defaultMessage: 'Cancel' })}
        </button>
      )}
    </div>
  );
}

/** Saves on Enter or when focus leaves; Escape puts the saved title back. */
function LessonTitleInput({ id, fileName, title, tab }: { id: string; fileName: string; title: string; tab: number }) {
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
      notify(
        'error',
        t({
          id: 'uploads.uploadRowView.aLessonTitleHas1',
          defaultMessage: 'A lesson title has 1 to 255 characters; the previous title was kept.',
        }),
      );
      return;
    }
    run(useUploads.getState().setTitle(id, clean), 'Could not rename the lesson.');
  };
  return (
    <input
      className="input input--inline"
      tabIndex={tab}
      value={value}
      aria-label={t(
        { id: 'uploads.uploadRowView.lessonTitleFor', defaultMessage: 'Lesson title for {fileName}' },
        { fileName },
      )}
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
