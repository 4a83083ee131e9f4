/**
 * Main process / plain Node. Handlers for pushing a whole course from a folder in the app. The
 * folder arrives only as a handle issued by main's own dialog or a drop, never as a path; the plan
 * goes back without paths (ipc-views).
 */
import { toFolderPushPlan } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type FolderPushChannels = 'folderPush.pickFolder' | 'folderPush.plan' | 'folderPush.start';

export function folderPushHandlers(services: AppServices): Pick<HandlerTable, FolderPushChannels> {
  return {
    'folderPush.pickFolder': async () => {
      const [path] = await services.dialog.pick({ folder: true, purpose: 'course' });
      return path === undefined ? null : services.folderHandles.issue(path);
    },
    'folderPush.plan': async ({ courseId, folder }) => {
      const dir = await services.folderHandles.resolve(folder);
      const planned = await services.session().folderPush.plan({ courseId, dir });
      return toFolderPushPlan(planned, services.folderHandles.nameOf(folder));
    },
    'folderPush.start': ({ planId, confirmDelete, remove }) => {
      services
        .session()
        .folderPush.start(planId, { confirmDelete: confirmDelete === true, ...(remove ? { remove } : {}) });
      return { ok: true as const };
    },
  };
}
