/**
 * Renderer. "Push a folder" on a course screen: a drop target for a folder and a "Push a folder…"
 * button (main's folder dialog), then a dialog with the plan as a tree, Confirm and Cancel. The
 * push itself runs in main through the upload engine, so its videos show on the Uploads screen;
 * the dialog follows its progress and names its outcome. Deleting what is not in the folder is an
 * explicit opt-in, confirmed again with a second checkbox.
 */
import { useEffect, useId, useState, type DragEvent, type ReactNode } from 'react';
import { Modal } from '../../components/Modal.tsx';
import { Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { plural } from '../../lib/format.ts';
import { href } from '../../lib/router.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { useFolderPush, type FlowState } from './flow.ts';
import { PlanTree } from './PlanTree.tsx';

export function FolderPushPanel({ courseId, courseName }: { courseId: string; courseName: string | null }) {
  const flow = useFolderPush(courseId);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) void flow.dropped(files);
  };

  return (
    <section
      className={`dropzone folder-push${dragging ? ' dropzone--active' : ''}`}
      aria-label="Push a folder into this course"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="folder-push-dropzone"
    >
      <p>
        Drop a course folder here, or{' '}
        <button type="button" className="button" onClick={() => void flow.choose()}>
          Push a folder…
        </button>
      </p>
      <p className="muted form-note">
        Each sub-folder becomes a section and each video, .md or .txt file a lesson. You see the plan before anything is
        sent.
      </p>
      <PushDialog flow={flow} courseId={courseId} courseName={courseName} />
    </section>
  );
}

type Flow = ReturnType<typeof useFolderPush>;

function PushDialog({ flow, courseId, courseName }: { flow: Flow; courseId: string; courseName: string | null }) {
  const { state } = flow;
  const folderName = state.step === 'closed' || !('folder' in state) || !state.folder ? null : state.folder.name;
  const title = folderName ? `Push “${folderName}” into “${courseName ?? 'this course'}”` : 'Push a folder';
  return (
    <Modal open={state.step !== 'closed'} title={title} onClose={flow.close} size="large" testId="folder-push-dialog">
      {state.step !== 'closed' && <DialogBody flow={flow} state={state} courseId={courseId} />}
    </Modal>
  );
}

function describe(error: unknown): string {
  return describeError(error, { subject: 'this course', keyMode: activeKeyMode() });
}

function DialogBody({
  flow,
  state,
  courseId,
}: {
  flow: Flow;
  state: Exclude<FlowState, { step: 'closed' }>;
  courseId: string;
}) {
  // Each step replaces the dialog's buttons: keep the focus inside it, on the step's first choice.
  useEffect(() => {
    document.querySelector<HTMLElement>('[data-testid="folder-push-dialog"] [data-autofocus]')?.focus();
  }, [state.step]);

  switch (state.step) {
    case 'planning':
      return (
        <>
          <Loading label="Reading the folder and the course…" />
          <Actions onCancel={flow.close} />
        </>
      );
    case 'failed':
      return <FailedStep flow={flow} state={state} />;
    case 'planned':
      return <PlannedStep flow={flow} state={state} />;
    default:
      return <PushingStep flow={flow} state={state} courseId={courseId} />;
  }
}

function FailedStep({ flow, state }: { flow: Flow; state: Extract<FlowState, { step: 'failed' }> }) {
  return (
    <>
      <p className="form-error" role="alert">
        {describe(state.error)}
      </p>
      <Actions onCancel={flow.close}>
        {state.folder && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void flow.plan(state.folder!, state.deleteOthers)}
          >
            Try again
          </button>
        )}
      </Actions>
    </>
  );
}

function PlannedStep({ flow, state }: { flow: Flow; state: Extract<FlowState, { step: 'planned' }> }) {
  const reasonId = useId();
  const [deleteConfirmed, setDeleteConfirmed] = useState(false);
  const { plan } = state;
  const t = plan.totals;
  const deletes = (t['sectionsToDelete'] ?? 0) + (t['lessonsToDelete'] ?? 0);
  const othersInCourse = (t['lessonsLeftAlone'] ?? 0) + deletes + plan.otherSections.length > 0;
  const blocked = plan.blockedReason ?? (plan.empty ? 'Nothing to push: the course already matches the folder.' : null);
  const needsDeleteConfirmation = deletes > 0 && !deleteConfirmed;
  return (
    <>
      {state.startError !== null && (
        <p className="form-error" role="alert">
          {describe(state.startError)}
        </p>
      )}
      <PlanTree plan={plan} />
      {othersInCourse && (
        <fieldset className="push-delete">
          <legend>Lessons and sections not in the folder</legend>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={plan.deleteOthers}
              onChange={(event) => {
                setDeleteConfirmed(false);
                void flow.plan(state.folder, event.target.checked);
              }}
            />
            Delete them from the course (off: they are left alone)
          </label>
          {deletes > 0 && (
            <label className="checkbox">
              <input type="checkbox" checked={deleteConfirmed} onChange={(e) => setDeleteConfirmed(e.target.checked)} />
              Yes, delete {plural(t['lessonsToDelete'] ?? 0, 'lesson')} and{' '}
              {plural(t['sectionsToDelete'] ?? 0, 'section')} on the server
            </label>
          )}
        </fieldset>
      )}
      {blocked && (
        <p
          id={reasonId}
          className={plan.blockedReason ? 'inline-alert' : 'muted'}
          role={plan.blockedReason ? 'alert' : undefined}
          data-testid="push-blocked"
        >
          {blocked}
        </p>
      )}
      <Actions onCancel={flow.close}>
        <button
          type="button"
          className={`button ${deletes > 0 ? 'button--danger' : 'button--primary'}`}
          disabled={blocked !== null || needsDeleteConfirmation}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => void flow.confirm(deletes > 0 && deleteConfirmed)}
        >
          {deletes > 0 ? 'Push and delete' : 'Push to course'}
        </button>
      </Actions>
    </>
  );
}

function PushingStep({
  flow,
  state,
  courseId,
}: {
  flow: Flow;
  state: Extract<FlowState, { step: 'pushing' | 'finished' }>;
  courseId: string;
}) {
  const uploadsLink = (
    <a href={href({ name: 'uploads', courseId })} onClick={flow.close}>
      Uploads
    </a>
  );
  const finished = state.step === 'finished' ? state.end : null;
  return (
    <>
      <div role="status" aria-live="polite" className="push-progress" data-testid="push-progress">
        {finished ? (
          <p
            className={finished.status === 'done' ? '' : 'form-error'}
            data-testid="push-outcome"
            data-status={finished.status}
          >
            {finished.message}
          </p>
        ) : (
          <p>Pushing… Videos upload on the {uploadsLink} screen; you can close this and keep working.</p>
        )}
        <ul className="muted">
          {state.progress.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
        {finished && finished.outcome && finished.outcome.videosUploaded + finished.outcome.failed.length > 0 && (
          <p>The videos are listed on the {uploadsLink} screen.</p>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="button button--primary" onClick={flow.close} data-autofocus>
          {finished ? 'Done' : 'Close (the push goes on)'}
        </button>
      </div>
    </>
  );
}

function Actions({ onCancel, children }: { onCancel: () => void; children?: ReactNode }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel} data-autofocus>
        Cancel
      </button>
      {children}
    </div>
  );
}
