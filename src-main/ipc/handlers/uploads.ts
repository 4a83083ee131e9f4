/**
 * Main process / plain Node. Handlers for the upload engine. Files arrive only as handles issued
 * by main's own dialog or a drop, never as path strings from the renderer.
 */
import { toUploadRowView } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import { checkStagedFiles, requireVideos } from '../../uploads/index.ts';
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
  | 'uploads.clearFinished'
  | 'uploads.setTitle'
  | 'uploads.setOptions'
  | 'uploads.check'
  | 'uploads.getOptions';

const OK = { ok: true as const };

class FolderDropError extends Error {
  readonly code = 'ONE_FOLDER';
  constructor() {
    super('Drop one folder to push it into the course.');
    this.name = 'FolderDropError';
  }
}

export function uploadHandlers(services: AppServices): Pick<HandlerTable, UploadChannels> {
  const uploads = () => services.session().uploads;
  return {
    'uploads.list': () => uploads().list().map(toUploadRowView),
    'uploads.pickFiles': async (input) =>
      services.fileHandles.issue(await services.dialog.pick({ folder: input?.folder ?? false })),
    'uploads.registerDropped': async ({ paths, folder }) => {
      if (!folder) return services.fileHandles.issue(paths);
      if (paths.length !== 1) throw new FolderDropError();
      return [{ ...(await services.folderHandles.issue(paths[0]!)), size: 0 }];
    },
    'uploads.add': async ({ items }) => {
      const manager = uploads();
      const paths = items.map((item) => services.fileHandles.resolve(item.handle));
      // Nothing that is not a video reaches the engine, whatever the renderer sent.
      const checks = await requireVideos(paths);
      const rows = await manager.add(
        items.map((item, i) => {
          const fileCheck = checks[i]!;
          // The type the bytes show, not the one the name suggests.
          const contentType = fileCheck.mime ?? undefined;
          return { path: paths[i]!, lessonTarget: item.target, fileCheck, ...(contentType ? { contentType } : {}) };
        }),
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
    'uploads.clearFinished': async () => ({ cleared: await uploads().clearFinished() }),
    'uploads.setTitle': ({ id, title }) => {
      uploads().setTitle(id, title);
      return OK;
    },
    'uploads.check': async ({ handles, section }) => {
      const session = services.session();
      const files = handles.map((handle) => ({ handle, path: services.fileHandles.resolve(handle) }));
      return checkStagedFiles(files, {
        manager: session.uploads,
        section: section ?? null,
        // A live read (lessons deleted since count no longer); offline, "in this section" is not known.
        loadLessons: async (courseId, sectionId) =>
          (await session.client.sections.get(courseId, sectionId, { signal: AbortSignal.timeout(5000) })).lessons ??
          null,
      });
    },
    'uploads.setOptions': ({ concurrency, bandwidthBytesPerSec }) => {
      if (concurrency !== undefined) uploads().setConcurrency(concurrency);
      if (bandwidthBytesPerSec !== undefined) uploads().setBandwidth(bandwidthBytesPerSec);
      return OK;
    },
    'uploads.getOptions': () => uploads().settings(),
  };
}
