/**
 * Electron main process. macOS's application menu: Electron's standard menus, with "Install 'lectern'
 * command in PATH" in the app menu (cli-command.ts does the linking). Other platforms keep Electron's
 * default menu: their installers put `lectern` on PATH themselves.
 */
import { app, dialog, Menu } from 'electron';
import { cliWrapperPath, CLI_LINK, installCliCommand } from './cli-command.ts';

async function offerCliCommand(): Promise<void> {
  try {
    const outcome = await installCliCommand(cliWrapperPath(process.resourcesPath));
    await dialog.showMessageBox({
      type: 'info',
      message: outcome === 'already' ? "'lectern' is already installed." : "'lectern' is installed.",
      detail: `${CLI_LINK} runs Lectern's command line from a terminal: try lectern --help.`,
    });
  } catch (error) {
    await dialog.showMessageBox({
      type: 'error',
      message: "'lectern' could not be installed.",
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

export function setMacApplicationMenu(): void {
  if (process.platform !== 'darwin') return;
  Menu.setApplicationMenu(
    Menu.buildFromTemplate([
      {
        label: app.name,
        submenu: [
          { role: 'about' },
          { type: 'separator' },
          { label: "Install 'lectern' command in PATH", click: () => void offerCliCommand() },
          { type: 'separator' },
          { role: 'services' },
          { type: 'separator' },
          { role: 'hide' },
          { role: 'hideOthers' },
          { role: 'unhide' },
          { type: 'separator' },
          { role: 'quit' },
        ],
      },
      { role: 'editMenu' },
      { role: 'viewMenu' },
      { role: 'windowMenu' },
    ]),
  );
}
