/**
 * Main process / plain Node. Handlers for picking files and folders where the transport has no
 * native dialog (the bridge host): Lectern's own browser, listed by main (platform/folder-browser.ts).
 * The renderer sends only browse handles main issued and gets back the same file and folder handles
 * the native dialog's channels answer. Where a native dialog exists (Electron) browsing is refused:
 * there only the operating system's dialog, driven by the user, can hand main a path.
 */
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type PickerChannels = 'picker.kind' | 'picker.browse' | 'picker.chooseFiles' | 'picker.chooseFolder';

export class PickerError extends Error {
  readonly code: 'NOT_AVAILABLE' | 'ONE_ENTRY';
  constructor(code: 'NOT_AVAILABLE' | 'ONE_ENTRY', message: string) {
    super(message);
    this.code = code;
    this.name = 'PickerError';
  }
}

export function pickerHandlers(services: AppServices): Pick<HandlerTable, PickerChannels> {
  const browser = () => {
    if (services.dialog.native) {
      throw new PickerError('NOT_AVAILABLE', 'This window picks files with your system’s dialog.');
    }
    return services.folderBrowser;
  };
  return {
    'picker.kind': () => ({
      kind: services.dialog.native || services.dialog.available() ? ('native' as const) : ('browser' as const),
    }),
    'picker.browse': (input) => browser().list(input),
    'picker.chooseFiles': async ({ purpose, handles }) => {
      const folderBrowser = browser();
      if (purpose !== 'videos' && handles.length !== 1) {
        throw new PickerError('ONE_ENTRY', purpose === 'video' ? 'Choose one video.' : 'Choose one folder.');
      }
      const kind = purpose === 'video-folder' ? 'folder' : 'file';
      const paths: string[] = [];
      for (const handle of handles) paths.push(await folderBrowser.resolve(handle, kind));
      // A folder becomes its videos, as when it is picked in the native dialog.
      return services.fileHandles.issue(paths);
    },
    'picker.chooseFolder': async ({ handle }) =>
      services.folderHandles.issue(await browser().resolve(handle, 'folder')),
  };
}
