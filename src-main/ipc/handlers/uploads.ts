/**
 * Main process / plain Node. Handlers for the upload engine. Files arrive only as handles issued
 * by main's own dialog or a drop, never as path strings from the renderer.
 */
import type { AppServices } from '../../services/index.ts';
import { toUploadRowView } from '../../services/profile-session.ts';
import type { HandlerTable } from '../dispatch.ts';

type UploadChannels =
  | 'uploads.list'
  | 'uploads.pickFiles'
  | 'uploads.registerDropped'
  | 'uploads.add'
  | 'uploads.pause'
  | 'uploads.resume'
  | 'uploads.cancel'
  | 'uploads.retry'
  | 'uploads.setTitle'
  | 'uploads.setOptions'
  | 'uploads.getOptions';

const OK = { ok: true as const };

export function uploadHandlers(services: AppServices): Pick<HandlerTable, UploadChannels> {
  const uploads = () => services.session().uploads;
  return {
    'uploads.list': () => uploads().list().map(toUploadRowView),
    'uploads.pickFiles': async (input) =>
      services.fileHandles.issue(await services.dialog.pick({ folder: input?.folder ?? false })),
    'uploads.registerDropped': ({ paths }) => services.fileHandles.issue(paths),
    'uploads.add': async ({ items }) => {
      const manager = uploads();
      const rows = await manager.add(
        items.map((item) => ({ path: services.fileHandles.resolve(item.handle), lessonTarget: item.target })),
      );
      manager.start(rows.map((row) => row.id));
      return rows.map(toUploadRowView);
    },
    'uploads.pause': ({ id }) => {
      uploads().pause(id);
      return OK;
    },
    'uploads.resume': ({ id }) => {
      uploads().resume(id);
      return OK;
    },
    'uploads.cancel': async ({ id }) => {
      await uploads().cancel(id);
      return OK;
    },
    'uploads.retry': ({ id }) => {
      uploads().retry(id);
      return OK;
    },
    'uploads.setTitle': ({ id, title }) => {
      uploads().setTitle(id, title);
      return OK;
    },
    'uploads.setOptions': ({ concurrency, bandwidthBytesPerSec }) => {
      if (concurrency !== undefined) uploads().setConcurrency(concurrency);
      if (bandwidthBytesPerSec !== undefined) uploads().setBandwidth(bandwidthBytesPerSec);
      return OK;
    },
    'uploads.getOptions': () => uploads().settings(),
  };
}
