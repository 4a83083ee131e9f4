/**
 * Renderer. Uploads: add videos (dialog, folder, or drop), send each to a lesson, and follow every
 * file — state, progress, speed, time left, problems — with pause, resume, cancel and retry per
 * file and for all. Uploads run in main, so they continue while the user works elsewhere. The page
 * is the shared list screen: the drop zone and the files waiting to start feed it, the controls
 * for all uploads stand in its toolbar, and the uploads are its rows (`UploadsList.tsx`).
 */
import { useEffect, useState, type DragEvent } from 'react';
import { ListScreen } from '../../components/ListScreen.tsx';
import { describeError } from '../../lib/errors.ts';
import { notify } from '../../lib/notices.ts';
import { StagedFiles } from './StagedFiles.tsx';
import { UploadControls, UploadsWaiting, useUploadsBody } from './UploadsList.tsx';
import { useUploads } from './store.ts';
import { t } from '../../lib/i18n.ts';

export function UploadsScreen({ courseId = null }: { courseId?: string | null }) {
  const hasStaged = useUploads((s) => s.staged.length > 0);
  const body = useUploadsBody(() => pick(false));

  useEffect(() => {
    void useUploads.getState().load();
  }, []);
  // Opened from a course ("Upload videos"): that course is the one files go to.
  useEffect(() => {
    if (courseId && useUploads.getState().courseId !== courseId) useUploads.getState().setTarget(courseId, null);
  }, [courseId]);

  return (
    <ListScreen
      title={t({ id: 'uploads.uploadsScreen.uploads', defaultMessage: 'Uploads' })}
      primaryAction={<AddButtons />}
      headerNote={
        <p className="muted">
          {t({
            id: 'uploads.uploadsScreen.videosUploadInTheBackground',
            defaultMessage:
              'Videos upload in the background and become lessons when they finish. You can keep working meanwhile.',
          })}
        </p>
      }
      intro={
        <>
          <DropZone />
          {hasStaged && <StagedFiles />}
        </>
      }
      toolbar="controls"
      filterLabel={t({ id: 'uploads.uploadsScreen.allUploads', defaultMessage: 'All uploads' })}
      filters={<UploadControls />}
      notice={<UploadsWaiting />}
      body={body}
    />
  );
}

function pick(folder: boolean) {
  useUploads
    .getState()
    .pick(folder)
    .catch((error: unknown) =>
      notify(
        'error',
        t(
          { id: 'uploads.uploadsScreen.couldNotAddFiles', defaultMessage: 'Could not add files. {error}' },
          { error: describeError(error) },
        ),
      ),
    );
}

function AddButtons() {
  const picking = useUploads((s) => s.picking);
  return (
    <>
      <button
        type="button"
        className="button button--primary"
        onClick={() => pick(false)}
        disabled={picking}
        data-testid="add-files"
      >
        {t({ id: 'uploads.uploadsScreen.addFiles', defaultMessage: 'Add files…' })}
      </button>
      <button type="button" className="button" onClick={() => pick(true)} disabled={picking}>
        {t({ id: 'uploads.uploadsScreen.addFolder', defaultMessage: 'Add folder…' })}
      </button>
    </>
  );
}

function DropZone() {
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    useUploads
      .getState()
      .stageDropped(files)
      .catch((error: unknown) => notify('warning', describeError(error)));
  };
  return (
    <section
      className={`dropzone${dragging ? ' dropzone--active' : ''}`}
      aria-label={t({ id: 'uploads.uploadsScreen.dropVideoFilesHere', defaultMessage: 'Drop video files here' })}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="dropzone"
    >
      <p>
        {t({
          id: 'uploads.uploadsScreen.dropVideoFilesHereOr',
          defaultMessage: 'Drop video files here, or use “Add files…”.',
        })}
      </p>
    </section>
  );
}
