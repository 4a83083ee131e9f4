/**
 * Renderer. "Add video…" / "Replace video…" on a lesson's editor, and that upload shown in place:
 * the editor stays on the lesson while the file uploads (its progress here and on the Uploads
 * screen), then says when the server has processed it.
 */
import { useEffect, useRef, useState } from 'react';
import type { UploadRow } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { href } from '../../lib/router.ts';
import { addLessonVideo, isUploadActive, uploadPercent, uploadSentence, type LessonRef } from './lesson-video.ts';
import { t } from '../../lib/i18n.ts';

/** While it was disabled (its pick under way) the button lost the focus: it takes it back after. */
function useFocusBackAfter(busy: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const was = useRef(busy);
  useEffect(() => {
    const ended = was.current && !busy;
    was.current = busy;
    const active = document.activeElement;
    if (ended && (active === null || active === document.body)) button.current?.focus({ preventScroll: true });
  }, [busy]);
  return button;
}

export function ReplaceVideo(props: LessonRef & { hasVideo: boolean; onQueued: (row: UploadRow) => void }) {
  const [busy, setBusy] = useState(false);
  const button = useFocusBackAfter(busy);
  const { courseId, sectionId, lessonId, onQueued } = props;
  const replace = async () => {
    setBusy(true);
    try {
      const row = await addLessonVideo({ courseId, sectionId, lessonId });
      if (row) onQueued(row);
    } catch (error) {
      notify(
        'error',
        t(
          {
            id: 'lessons.lessonVideoUpload.theVideoCouldNotBe',
            defaultMessage: 'The video could not be queued: {error}',
          },
          { error: describeError(error) },
        ),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      ref={button}
      type="button"
      className="button"
      onClick={() => void replace()}
      disabled={busy}
      data-testid="replace-video"
    >
      {props.hasVideo
        ? t({ id: 'lessons.lessonVideoUpload.replaceVideo', defaultMessage: 'Replace video…' })
        : t({ id: 'lessons.lessonVideoUpload.addVideo', defaultMessage: 'Add video…' })}
    </button>
  );
}

/** The lesson's upload: what it is doing, its progress while it moves, Cancel, and the Uploads screen. */
export function LessonVideoUpload({ row }: { row: UploadRow }) {
  const active = isUploadActive(row);
  const percent = uploadPercent(row);
  const failed = row.state === 'failed' || row.state === 'changed' || row.videoStatus?.toUpperCase() === 'FAILED';
  const cancel = () =>
    call((b) => b.uploads.cancel({ id: row.id })).catch((error: unknown) =>
      notify(
        'error',
        t(
          {
            id: 'lessons.lessonVideoUpload.couldNotCancelTheUpload',
            defaultMessage: 'Could not cancel the upload. {error}',
          },
          { error: describeError(error) },
        ),
      ),
    );
  return (
    <div
      className="lesson-video-upload"
      data-testid="lesson-video-upload"
      data-state={row.state}
      data-video-status={row.videoStatus ?? ''}
    >
      <p role="status" className={failed ? 'text-danger' : undefined}>
        {uploadSentence(row)}
      </p>
      {active && (
        <span className="lesson-video-upload-progress">
          <span
            className="progress"
            role="progressbar"
            aria-label={t(
              { id: 'lessons.lessonVideoUpload.uploadOf', defaultMessage: 'Upload of {fileName}' },
              { fileName: row.fileName },
            )}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <span className="progress-done" style={{ width: `${percent}%` }} />
          </span>
          <span className="progress-text" data-testid="lesson-video-percent">
            {percent}%
          </span>
        </span>
      )}
      <span className="lesson-video-upload-actions">
        {active && row.state !== 'completing' && row.state !== 'attaching' && (
          <button type="button" className="button button--small" onClick={() => void cancel()}>
            {t({ id: 'lessons.lessonVideoUpload.cancelUpload', defaultMessage: 'Cancel upload' })}
          </button>
        )}
        <a href={href({ name: 'uploads' })}>
          {t({ id: 'lessons.lessonVideoUpload.allUploads', defaultMessage: 'All uploads' })}
        </a>
      </span>
    </div>
  );
}
