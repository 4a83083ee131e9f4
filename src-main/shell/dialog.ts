/**
 * Electron main process. The native file dialog behind `uploads.pickFiles`: the only way (with a
 * drop) for a file path to enter main from the user.
 */
import { BrowserWindow, dialog } from 'electron';
import { VIDEO_EXTENSIONS, type FileDialog } from '../platform/index.ts';

export function createNativeFileDialog(): FileDialog {
  return {
    native: true,
    available: () => true,
    pick: async ({ folder, purpose }) => {
      const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options: Electron.OpenDialogOptions = folder
        ? {
            title: purpose === 'course' ? 'Choose the folder to push into the course' : 'Add a folder of videos',
            properties: ['openDirectory'],
          }
        : {
            title: 'Add lesson videos',
            properties: ['openFile', 'multiSelections'],
            filters: [
              { name: 'Videos', extensions: VIDEO_EXTENSIONS },
              { name: 'All files', extensions: ['*'] },
            ],
          };
      const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
  };
}
