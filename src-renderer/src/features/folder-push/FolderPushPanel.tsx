/**
 * Renderer. "Push a folder" on a course screen: a drop target shown while a folder is dragged over
 * the page and a "Push a folder…" header action (main's folder dialog), then a dialog with the plan as a tree, Confirm and Cancel. The
 * push itself runs in main through the upload engine, so its videos show on the Uploads screen;
 * the dialog follows its progress and lists what it did, section by section. Each section and
 * lesson not in the folder has its own "delete" checkbox (off by default) beside an "all" one; a
 * second checkbox naming exactly what goes confirms the deletion.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { nothingToPushSentence, pushEventSentence, type FolderPushPlan } from '../../../../src-shared/index.ts';
import { Modal } from '../../components/Modal.tsx';
import { Loading } from '../../components/States.tsx';
import { describeError } from '../../lib/errors.ts';
import { href } from '../../lib/router.ts';
import { activeKeyMode } from '../workspaces/index.ts';
import { useFolderPush, type FlowState } from './flow.ts';
import { everything, isAll, isEmpty, NOTHING, toggle, toRemove, withChoice, deletionNames } from './choice.ts';
import { PlanTree } from './PlanTree.tsx';
import { t } from '../../lib/i18n.ts';

/** "Push a folder…": a header action of the course page (main's folder dialog). */
export function PushFolderButton({ courseId }: { courseId: string }) {
  const flow = useFolderPush(courseId);
  return (
    <button type="button" className="button" onClick={() => void flow.choose()} data-testid="push-folder">
      {t({ id: 'folder-push.folderPushPanel.pushAFolder', defaultMessage: 'Push a folder…' })}
    </button>
  );
}

/** Whether a drag over the page carries files (a folder to push), followed on the whole window. */
function useFolderDragOverPage(onDrop: (files: File[]) => void): boolean {
  const [over, setOver] = useState(false);
  const latest = useRef(onDrop);
  useEffect(() => {
    latest.current = onDrop;
  });
  useEffect(() => {
    let depth = 0;
    const carriesFiles = (event: globalThis.DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const enter = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      depth++;
      setOver(true);
    };
    const leave = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overPage = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setOver(false);
      const files = Array.from(event.dataTransfer?.files ?? []);
      if (files.length > 0) latest.current(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overPage);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return over;
}

/**
 * The course page's part of a folder push: the drop target, shown only while a folder is dragged
 * over the page; a running or finished push (from the store, so it outlives the screen) with its
 * log to open again; and the plan dialog.
 */
export function FolderPushPanel({ courseId, courseName }: { courseId: string; courseName: string | null }) {
  const flow = useFolderPush(courseId);
  const dragging = useFolderDragOverPage((files) => void flow.dropped(files));
  return (
    <>
      {dragging && (
        <div className="folder-drop-overlay" data-testid="folder-push-dropzone" aria-hidden="true">
          <p>
            {t({
              id: 'folder-push.folderPushPanel.dropTheFolderToPush',
              defaultMessage: 'Drop the folder to push it into “',
            })}
            <bdi>
              {courseName ?? t({ id: 'folder-push.folderPushPanel.thisCourse', defaultMessage: 'this course' })}
            </bdi>
            ”
          </p>
          <p className="muted">
            {t({
              id: 'folder-push.folderPushPanel.eachSubFolderBecomesA',
              defaultMessage:
                'Each sub-folder becomes a section and each video, .md or .txt file a lesson. You see the plan before anything is sent.',
            })}
          </p>
        </div>
      )}
      <PushStatus flow={flow} />
      <PushDialog flow={flow} courseId={courseId} courseName={courseName} />
    </>
  );
}

/** A push running or finished for this course, on its page: what it is doing, and its log. */
function PushStatus({ flow }: { flow: Flow }) {
  const { state } = flow;
  if (state.step !== 'pushing' && state.step !== 'finished') return null;
  const finished = state.step === 'finished' ? state.end : null;
  const last = state.progress.at(-1);
  return (
    <div
      className={`push-status${finished && finished.status !== 'done' ? ' push-status--problem' : ''}`}
      role="status"
      data-testid="push-status"
      data-step={state.step}
    >
      <p>
        <strong>
          {finished
            ? t({ id: 'folder-push.folderPushPanel.folderPushFinished', defaultMessage: 'Folder push finished' })
            : t({ id: 'folder-push.folderPushPanel.pushing', defaultMessage: 'Pushing' })}{' '}
          “<bdi>{state.folder.name}</bdi>”
        </strong>
        {finished ? `: ${finished.message}` : last ? ` — ${last}` : '…'}
      </p>
      <button type="button" className="button button--small" onClick={flow.reopen}>
        {finished
          ? t({ id: 'folder-push.folderPushPanel.showWhatWasDone', defaultMessage: 'Show what was done' })
          : t({ id: 'folder-push.folderPushPanel.showProgress', defaultMessage: 'Show progress' })}
      </button>
      {finished && (
        <button type="button" className="button button--small button--quiet" onClick={() => dismissKeepingFocus(flow)}>
          {t({ id: 'folder-push.folderPushPanel.dismiss', defaultMessage: 'Dismiss' })}
        </button>
      )}
    </div>
  );
}

type Flow = ReturnType<typeof useFolderPush>;

/** The dialog closed (Cancel, Escape, Done): focus, fallen to the page, goes to "Push a folder…". */
function useFocusBackOnClose(open: boolean): void {
  const was = useRef(open);
  useEffect(() => {
    const closed = was.current && !open;
    was.current = open;
    if (!closed) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      document.querySelector<HTMLElement>('[data-testid="push-folder"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [open]);
}

/** The card leaves with its buttons: focus goes to "Push a folder…", where another push starts. */
function dismissKeepingFocus(flow: Flow): void {
  flow.dismiss();
  requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="push-folder"]')?.focus());
}

function PushDialog({ flow, courseId, courseName }: { flow: Flow; courseId: string; courseName: string | null }) {
  const { state } = flow;
  useFocusBackOnClose(flow.open);
  const folderName = state.step === 'closed' || !('folder' in state) || !state.folder ? null : state.folder.name;
  const title = !folderName
    ? t({ id: 'folder-push.folderPushPanel.dialogTitle', defaultMessage: 'Push a folder' })
    : courseName
      ? t(
          { id: 'folder-push.folderPushPanel.dialogTitleInto', defaultMessage: 'Push “{folder}” into “{course}”' },
          { folder: folderName, course: courseName },
        )
      : t(
          {
            id: 'folder-push.folderPushPanel.dialogTitleIntoThisCourse',
            defaultMessage: 'Push “{folder}” into this course',
          },
          { folder: folderName },
        );
  return (
    <Modal open={flow.open} title={title} onClose={flow.close} size="large" testId="folder-push-dialog">
      {state.step !== 'closed' && <DialogBody flow={flow} state={state} courseId={courseId} />}
    </Modal>
  );
}

function describe(error: unknown): string {
  return describeError(error, { subject: 'thisCourse', keyMode: activeKeyMode() });
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
          <Loading
            label={t({
              id: 'folder-push.folderPushPanel.readingTheFolderAndThe',
              defaultMessage: 'Reading the folder and the course…',
            })}
          />
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
          <button type="button" className="button button--primary" onClick={() => void flow.plan(state.folder!)}>
            {t({ id: 'folder-push.folderPushPanel.tryAgain', defaultMessage: 'Try again' })}
          </button>
        )}
      </Actions>
    </>
  );
}

function PlannedStep({ flow, state }: { flow: Flow; state: Extract<FlowState, { step: 'planned' }> }) {
  const reasonId = useId();
  const [selection, setSelection] = useState(NOTHING);
  const [deleteConfirmed, setDeleteConfirmed] = useState(false);
  const choose = (next: typeof selection) => {
    setSelection(next);
    setDeleteConfirmed(false);
  };
  const plan = withChoice(state.plan, selection);
  const gone = deletionNames(plan);
  const others = everything(state.plan);
  const othersInCourse = others.sections.size + others.lessons.size > 0;
  const courseName = plan.courseName ?? 'this course';
  const blocked = plan.blockedReason ?? (plan.empty && gone.length === 0 ? nothingToPushSentence(courseName, t) : null);
  const needsDeleteConfirmation = gone.length > 0 && !deleteConfirmed;
  return (
    <>
      {state.startError !== null && (
        <p className="form-error" role="alert">
          {describe(state.startError)}
        </p>
      )}
      <PlanTree plan={plan} onChoose={(kind, id, on) => choose(toggle(selection, kind, id, on))} />
      <UnsentChanges changes={plan.unsentChanges ?? []} />
      {othersInCourse && (
        <fieldset className="push-delete">
          <legend>
            {t({
              id: 'folder-push.folderPushPanel.sectionsAndLessonsNotIn',
              defaultMessage: 'Sections and lessons not in the folder',
            })}
          </legend>
          <p className="muted form-note">
            {t({
              id: 'folder-push.folderPushPanel.leftAloneUnlessTickedAbove',
              defaultMessage: 'Left alone unless ticked above. A section ticked goes with its lessons.',
            })}
          </p>
          <AllBox
            all={isAll(state.plan, selection)}
            some={!isEmpty(selection)}
            onChange={(on) => choose(on ? everything(state.plan) : NOTHING)}
          />
          {gone.length > 0 && (
            <label className="checkbox">
              <input type="checkbox" checked={deleteConfirmed} onChange={(e) => setDeleteConfirmed(e.target.checked)} />
              {t({ id: 'folder-push.folderPushPanel.yesDelete', defaultMessage: 'Yes, delete' })} {gone.join('; ')}{' '}
              {t({ id: 'folder-push.folderPushPanel.onTheServer', defaultMessage: 'on the server' })}
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
          className={`button ${gone.length > 0 ? 'button--danger' : 'button--primary'}`}
          disabled={blocked !== null || needsDeleteConfirmation}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => void flow.confirm(gone.length > 0 && deleteConfirmed ? toRemove(selection) : null)}
        >
          {gone.length > 0
            ? t({ id: 'folder-push.folderPushPanel.pushAndDelete', defaultMessage: 'Push and delete' })
            : t({ id: 'folder-push.folderPushPanel.pushToCourse', defaultMessage: 'Push to course' })}
        </button>
      </Actions>
    </>
  );
}

/**
 * The course's changes this workspace could not send before planning. One writer per course: they
 * wait while the push writes and are sent after it (or resolved in Drafts & sync).
 */
function UnsentChanges({ changes }: { changes: NonNullable<FolderPushPlan['unsentChanges']> }) {
  if (changes.length === 0) return null;
  return (
    <div className="form-note" data-testid="push-unsent">
      <p>
        {t(
          {
            id: 'folder-push.folderPushPanel.notSentYetToThis',
            defaultMessage:
              'Not sent yet to this course ({count}): the push does not write over these changes. They wait while it runs and are sent after it, or you can resolve them in Drafts & sync.',
          },
          { count: changes.length },
        )}
      </p>
      <ul>
        {changes.map((c, i) => (
          <li key={i}>
            <bdi>{c.title || t({ id: 'folder-push.folderPushPanel.untitled', defaultMessage: 'Untitled' })}</bdi> (
            {c.resource},{' '}
            {c.state === 'failed'
              ? t({ id: 'folder-push.folderPushPanel.failedToSend', defaultMessage: 'failed to send' })
              : t({ id: 'folder-push.folderPushPanel.waitingToSend', defaultMessage: 'waiting to send' })}
            )
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "All" of what is not in the folder: ticked when every one is, half-ticked when some are. */
function AllBox({ all, some, onChange }: { all: boolean; some: boolean; onChange: (on: boolean) => void }) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <label className="checkbox">
      <input ref={box} type="checkbox" checked={all} onChange={(event) => onChange(event.target.checked)} />
      {t({
        id: 'folder-push.folderPushPanel.deleteAllOfThemFrom',
        defaultMessage: 'Delete all of them from the course',
      })}
    </label>
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
      {t({ id: 'folder-push.folderPushPanel.uploads', defaultMessage: 'Uploads' })}
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
          <p>
            {t({
              id: 'folder-push.folderPushPanel.pushingVideosUploadOnThe',
              defaultMessage: 'Pushing… Videos upload on the',
            })}{' '}
            {uploadsLink}{' '}
            {t({
              id: 'folder-push.folderPushPanel.screenYouCanCloseThis',
              defaultMessage: 'screen; you can close this and keep working.',
            })}
          </p>
        )}
        {finished?.outcome ? (
          // The whole list of what was done, said as the CLI says it.
          <ul className="push-done" data-testid="push-events">
            {finished.outcome.events.map((event, i) => (
              <li key={i}>{pushEventSentence(event, t)}</li>
            ))}
          </ul>
        ) : (
          <ul className="muted">
            {state.progress.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ul>
        )}
        {finished && finished.outcome && finished.outcome.videosUploaded + finished.outcome.failed.length > 0 && (
          <p>
            {t({
              id: 'folder-push.folderPushPanel.theVideosAreListedOn',
              defaultMessage: 'The videos are listed on the',
            })}{' '}
            {uploadsLink} {t({ id: 'folder-push.folderPushPanel.screen', defaultMessage: 'screen.' })}
          </p>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="button button--primary" onClick={flow.close} data-autofocus>
          {finished
            ? t({ id: 'folder-push.folderPushPanel.done', defaultMessage: 'Done' })
            : t({ id: 'folder-push.folderPushPanel.closeThePushGoesOn', defaultMessage: 'Close (the push goes on)' })}
        </button>
      </div>
    </>
  );
}

function Actions({ onCancel, children }: { onCancel: () => void; children?: ReactNode }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel} data-autofocus>
        {t({ id: 'folder-push.folderPushPanel.cancel', defaultMessage: 'Cancel' })}
      </button>
      {children}
    </div>
  );
}
