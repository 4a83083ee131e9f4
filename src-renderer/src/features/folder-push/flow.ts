/**
 * Renderer. The steps of pushing a folder into a course, for one course screen: a folder handle
 * (main's folder dialog or a drop) → the plan (main reads the folder and the course; nothing is
 * written) → confirm → the push runs in main, its videos on the Uploads screen, and its end comes
 * back as an event. The renderer holds only the handle and the plan, never a path.
 */
import { useCallback, useRef, useState } from 'react';
import type { EventPayload, FolderHandle, FolderPushPlan, FolderPushRemove } from '../../../../src-shared/index.ts';
import { call, getBridge, unwrap } from '../../bridge.ts';
import { useBridgeEvent } from '../../lib/events.ts';
import { notify } from '../../lib/notices.ts';
import { pickCourseFolder } from '../picker/index.ts';

export type PushFinished = EventPayload<'folderPush.finished'>;

export type FlowState =
  | { step: 'closed' }
  | { step: 'planning'; folder: FolderHandle }
  | { step: 'failed'; folder: FolderHandle | null; error: unknown }
  | { step: 'planned'; folder: FolderHandle; plan: FolderPushPlan; startError: unknown }
  | { step: 'pushing'; folder: FolderHandle; plan: FolderPushPlan; progress: string[] }
  | { step: 'finished'; folder: FolderHandle; plan: FolderPushPlan; progress: string[]; end: PushFinished };

/** Progress lines kept on screen (the latest ones). */
const KEPT_LINES = 6;

export function useFolderPush(courseId: string) {
  const [state, setState] = useState<FlowState>({ step: 'closed' });
  // Events arrive outside React's render: read the latest state through a ref.
  const latest = useRef(state);
  latest.current = state;
  // A push whose dialog was closed still says how it ended.
  const background = useRef<string | null>(null);

  const plan = useCallback(
    async (folder: FolderHandle) => {
      setState({ step: 'planning', folder });
      try {
        const planned = await call((b) => b.folderPush.plan({ courseId, folder: folder.handle }));
        setState((s) => (s.step === 'planning' && s.folder.handle === folder.handle ? planFor(folder, planned) : s));
      } catch (error) {
        setState((s) => (s.step === 'planning' ? { step: 'failed', folder, error } : s));
      }
    },
    [courseId],
  );

  const choose = useCallback(async () => {
    try {
      const folder = await pickCourseFolder();
      if (folder) await plan(folder);
    } catch (error) {
      setState({ step: 'failed', folder: null, error });
    }
  }, [plan]);

  const dropped = useCallback(
    async (files: readonly File[]) => {
      try {
        const bridge = await getBridge();
        const [folder] = await unwrap(bridge.files.registerDropped(files, { folder: true }));
        if (folder) await plan({ handle: folder.handle, name: folder.name });
      } catch (error) {
        // Only a real drop on the desktop app's window can hand main a folder (the preload's gate).
        const code = (error as { code?: unknown }).code;
        if (code === 'NOT_AVAILABLE' || code === 'NOT_A_DROP') {
          notify('warning', 'This drop cannot be read as a folder here. Use “Push a folder…” to choose it.');
        } else {
          setState({ step: 'failed', folder: null, error });
        }
      }
    },
    [plan],
  );

  /** Starts the planned push, deleting exactly `remove` (null: nothing) of what is not in the folder. */
  const confirm = useCallback(async (remove: FolderPushRemove | null) => {
    const s = latest.current;
    if (s.step !== 'planned') return;
    setState({ step: 'pushing', folder: s.folder, plan: s.plan, progress: [] });
    try {
      await call((b) =>
        b.folderPush.start({ planId: s.plan.planId, ...(remove ? { confirmDelete: true as const, remove } : {}) }),
      );
    } catch (error) {
      setState({ ...s, startError: error });
    }
  }, []);

  const close = useCallback(() => {
    const s = latest.current;
    if (s.step === 'pushing') background.current = s.plan.planId;
    setState({ step: 'closed' });
  }, []);

  useBridgeEvent('folderPush.progress', (event) => {
    setState((s) =>
      s.step === 'pushing' && s.plan.planId === event.planId
        ? { ...s, progress: [...s.progress, event.message].slice(-KEPT_LINES) }
        : s,
    );
  });
  useBridgeEvent('folderPush.finished', (event) => {
    const s = latest.current;
    if (s.step === 'pushing' && s.plan.planId === event.planId) {
      setState({ step: 'finished', folder: s.folder, plan: s.plan, progress: s.progress, end: event });
      // Refused for a missing operation: plan again, so the dialog shows why it cannot be confirmed.
      if (event.status === 'refused') void plan(s.folder).then(() => keepEnd(setState, event));
    } else if (background.current === event.planId) {
      background.current = null;
      notify(event.status === 'done' ? 'info' : 'warning', event.message);
    }
  });

  return { state, choose, dropped, plan, confirm, close };
}

function planFor(folder: FolderHandle, plan: FolderPushPlan): FlowState {
  return { step: 'planned', folder, plan, startError: null };
}

/** After a refusal's re-plan, the refusal stays said above the new plan. */
function keepEnd(setState: (update: (s: FlowState) => FlowState) => void, end: PushFinished): void {
  setState((s) => (s.step === 'planned' ? { ...s, startError: { code: 'REFUSED', message: end.message } } : s));
}
