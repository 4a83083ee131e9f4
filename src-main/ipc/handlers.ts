/**
 * Main process / plain Node. The handler table: contract channel → service call.
 * Shared by the Electron shell and the bridge host, so both transports behave the same.
 */
import { toRequestLogRows } from '../ipc-views/index.ts';
import type { AppServices } from '../services/index.ts';
import type { HandlerTable } from './dispatch.ts';
import { authoringHandlers } from './handlers/authoring.ts';
import { contentHandlers } from './handlers/content.ts';
import { folderPushHandlers } from './handlers/folder-push.ts';
import { lessonHandlers } from './handlers/lessons.ts';
import { pickerHandlers } from './handlers/picker.ts';
import { previewVideoHandlers } from './handlers/preview-video.ts';
import { structureHandlers } from './handlers/structure.ts';
import { syncHandlers } from './handlers/sync.ts';
import { updateHandlers } from './handlers/updates.ts';
import { uploadHandlers } from './handlers/uploads.ts';
import { workspaceHandlers } from './handlers/workspaces.ts';

export function createHandlers(services: AppServices): HandlerTable {
  return {
    'app.info': () => services.info(),
    'app.health': () => services.health(),
    'app.echo': ({ text }) => ({ text, receivedAt: new Date().toISOString() }),
    'app.language': () => services.language.state(),
    'app.setLanguage': ({ language }) => services.language.set(language),
    'diagnostics.get': () => services.diagnostics(),
    'app.requestLog': () => {
      try {
        return toRequestLogRows(services.session().client.requestLog());
      } catch {
        return [];
      }
    },
    ...workspaceHandlers(services),
    ...contentHandlers(services),
    ...syncHandlers(services),
    ...lessonHandlers(services),
    ...structureHandlers(services),
    ...previewVideoHandlers(services),
    ...uploadHandlers(services),
    ...folderPushHandlers(services),
    ...pickerHandlers(services),
    ...authoringHandlers(services),
    ...updateHandlers(services),
  };
}
