/**
 * Renderer. A course's preview video (ASSUMPTIONS.md "Course structure"): choose a file through
 * main's own dialog (a handle, never a path), which main checks by its bytes, uploads with the same
 * engine as lessons' videos (it shows under Uploads) and attaches with the course update through
 * the outbox; then its processing as main follows it. "Cancel upload" stops the upload while it
 * runs. "Remove preview" is held back with Undo in its toast and sends null once the toast leaves.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PreviewVideo, UploadRow } from '../../../../src-shared/index.ts';
import { call } from '../../bridge.ts';
import { describeError } from '../../lib/errors.ts';
import { onCacheUpdated, useBridgeEvent } from '../../lib/events.ts';
import { notifyUndoable } from '../../lib/notices.ts';
import { pickVideos } from '../picker/index.ts';
import { t } from '../../lib/i18n.ts';

function sentence(view: PreviewVideo): string {
  switch (view.phase) {
    case 'none':
      return t({
        id: 'structure.coursePreviewVideo.thisCourseHasNoPreview',
        defaultMessage: 'This course has no preview video.',
      });
    case 'uploading':
      return t(
        { id: 'structure.coursePreviewVideo.uploading', defaultMessage: 'Uploading {value}: {value2} %{value3}' },
        {
          value: view.upload?.fileName ?? 'the preview video',
          value2: view.upload?.percent ?? 0,
          value3: view.upload && view.upload.state !== 'uploading' ? ` (${view.upload.state})` : '',
        },
      );
    case 'attaching':
      return (
        view.blocked ??
        t({
          id: 'structure.coursePreviewVideo.uploadedItIsAttachedTo',
          defaultMessage: 'Uploaded. It is attached to the course as soon as the server can be reached.',
        })
      );
    case 'removing':
      return (
        view.blocked ??
        t({
          id: 'structure.coursePreviewVideo.thePreviewVideoIsRemoved',
          defaultMessage: 'The preview video is removed as soon as the server can be reached.',
        })
      );
    case 'processing':
      return t({
        id: 'structure.coursePreviewVideo.processingOnTheServer',
        defaultMessage: 'Processing on the server…',
      });
    case 'ready':
      return view.hasUrl
        ? t({
            id: 'structure.coursePreviewVideo.readyTheCourseHasIts',
            defaultMessage: 'Ready: the course has its preview video.',
          })
        : t({
            id: 'structure.coursePreviewVideo.readyTheServerGivesNo',
            defaultMessage: 'Ready (the server gives no URL for it yet).',
          });
    case 'failed':
      return t(
        { id: 'structure.coursePreviewVideo.failed', defaultMessage: 'Failed: {value}' },
        { value: view.error ?? 'no reason given' },
      );
  }
}

/** The preview video as main describes it, followed through its events, and the two actions. */
function usePreviewVideo(courseId: string) {
  const [view, setView] = useState<PreviewVideo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    call((b) => b.courses.previewVideo({ courseId })).then(setView, (e: unknown) =>
      setError(describeError(e, { subject: 'thisCourse' })),
    );
  }, [courseId]);
  useEffect(() => {
    load();
    return onCacheUpdated(['course'], load);
  }, [load]);
  const isOurs = (row: UploadRow) => row.target.kind === 'preview' && row.target.courseId === courseId;
  useBridgeEvent('uploads.changed', (row) => {
    if (isOurs(row)) load();
  });
  useBridgeEvent('uploads.progress', ({ rows }) => {
    if (rows.some(isOurs)) load();
  });
  useBridgeEvent('drafts.changed', load);

  const run = async (work: () => Promise<PreviewVideo | null>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      if (next) setView(next);
    } catch (e) {
      setError(describeError(e, { subject: 'thisCourse' }));
    } finally {
      setBusy(false);
    }
  };
  const choose = () =>
    run(async () => {
      const [file] = await pickVideos('video');
      return file ? call((b) => b.courses.setPreviewVideo({ courseId, handle: file.handle })) : null;
    });
  const cancel = (uploadId: string) =>
    run(async () => {
      await call((b) => b.uploads.cancel({ id: uploadId }));
      return call((b) => b.courses.previewVideo({ courseId }));
    });
  const { removing, remove } = useHeldRemoval(courseId, (next) => setView(next));
  return { view, error, busy, choose, cancel, removing, remove };
}

/** "Remove preview" held back until its toast leaves without Undo; meanwhile the panel says so. */
function useHeldRemoval(courseId: string, removed: (view: PreviewVideo) => void) {
  const [removing, setRemoving] = useState(false);
  const remove = () => {
    setRemoving(true);
    notifyUndoable({
      key: `preview-remove:${courseId}`,
      message: t({
        id: 'structure.coursePreviewVideo.thePreviewVideoWillBe',
        defaultMessage: 'The preview video will be removed from this course.',
      }),
      restore: () => setRemoving(false),
      undone: 'The preview video was kept.',
      commit: async () => {
        removed(await call((b) => b.courses.removePreviewVideo({ courseId })));
        setRemoving(false);
      },
      failed: (e) =>
        t(
          {
            id: 'structure.coursePreviewVideo.couldNotRemoveThePreview',
            defaultMessage: 'Could not remove the preview video. {e}',
          },
          { e: describeError(e, { subject: 'thisCourse' }) },
        ),
    });
  };
  return { removing, remove };
}

export function CoursePreviewVideo({ courseId, disabledReason }: { courseId: string; disabledReason: string | null }) {
  const { view, error, busy, choose, cancel, removing, remove } = usePreviewVideo(courseId);
  const phase = view?.phase ?? 'none';
  const removable = view !== null && !removing && phase !== 'none' && phase !== 'removing' && phase !== 'uploading';
  const upload = phase === 'uploading' ? (view?.upload ?? null) : null;
  return (
    <div
      className="course-preview-video"
      role="group"
      aria-label={t({ id: 'structure.coursePreviewVideo.previewVideo', defaultMessage: 'Preview video' })}
    >
      <h3>{t({ id: 'structure.coursePreviewVideo.previewVideo', defaultMessage: 'Preview video' })}</h3>
      {view && (
        <p
          className="muted"
          data-testid="preview-video-status"
          data-phase={removing ? 'removing' : phase}
          aria-live="polite"
        >
          {removing
            ? t({
                id: 'structure.coursePreviewVideo.itWillBeRemovedWhen',
                defaultMessage: 'It will be removed when its notice closes; Undo is there.',
              })
            : sentence(view)}
        </p>
      )}
      {phase === 'uploading' && view?.upload && (
        <div
          className="progress"
          role="progressbar"
          aria-label={t({
            id: 'structure.coursePreviewVideo.previewVideoUpload',
            defaultMessage: 'Preview video upload',
          })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.upload.percent}
        >
          <div className="progress-done" style={{ width: `${view.upload.percent}%` }} />
        </div>
      )}
      {error && (
        <p className="inline-alert" role="alert" data-testid="preview-video-error">
          {error}
        </p>
      )}
      <button
        className="button button--small"
        type="button"
        onClick={() => void choose()}
        disabled={busy || disabledReason !== null}
        title={disabledReason ?? undefined}
      >
        {t({ id: 'structure.coursePreviewVideo.choosePreviewVideo', defaultMessage: 'Choose preview video…' })}
      </button>
      {upload && (
        <button className="button button--small" type="button" onClick={() => void cancel(upload.id)} disabled={busy}>
          {t({ id: 'structure.coursePreviewVideo.cancelUpload', defaultMessage: 'Cancel upload' })}
        </button>
      )}
      {removable && (
        <button
          className="button button--small"
          type="button"
          onClick={remove}
          disabled={busy || disabledReason !== null}
          title={disabledReason ?? undefined}
        >
          {t({ id: 'structure.coursePreviewVideo.removePreview', defaultMessage: 'Remove preview' })}
        </button>
      )}
    </div>
  );
}
