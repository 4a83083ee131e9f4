/**
 * Main process / plain Node. Handlers for pushing a whole course from a folder in the app. The
 * folder arrives only as a handle issued by main's own dialog or a drop, never as a path; the plan
 * goes back without paths (ipc-views).
 */
import { toFolderPushCurrent, toFolderPushPlan } from '../../ipc-views/index.ts';
import { NoWorkspaceError, type AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type FolderPushChannels =
  | 'folderPush.pickFolder'
  | 'folderPush.plan'
  | 'folderPush.start'
  | 'folderPush.current'
  | 'folderPush.discard'
  | 'folderPush.dismiss';

export function folderPushHandlers(services: AppServices): Pick<HandlerTable, FolderPushChannels> {
  return {
    'folderPush.pickFolder': async () => {
      const [path] = await services.dialog.pick({ folder: true, purpose: 'course' });
      return path === undefined ? null : services.folderHandles.issue(path);
    },
    'folderPush.plan': async ({ courseId, folder }) => {
      const dir = await services.folderHandles.resolve(folder);
      const name = services.folderHandles.nameOf(folder);
      const planned = await services.session().folderPush.plan({ courseId, dir, folder: { handle: folder, name } });
      return toFolderPushPlan(planned, name);
    },
    'folderPush.start': ({ planId, confirmDelete, remove }) => {
      services
        .session()
        .folderPush.start(planId, { confirmDelete: confirmDelete === true, ...(remove ? { remove } : {}) });
      return { ok: true as const };
    },
    'folderPush.current': () => {
      try {
        return toFolderPushCurrent(services.session().folderPush.current());
      } catch (error) {
        // No workspace open: no push to show.
        if (error instanceof NoWorkspaceError) return null;
        throw error;
      }
    },
    'folderPush.discard': ({ planId }) => {
      services.session().folderPush.discard(planId);
      return { ok: true as const };
    },
    'folderPush.dismiss': ({ planId }) => {
      services.session().folderPush.dismiss(planId);
      return { ok: true as const };
    },
  };
}
