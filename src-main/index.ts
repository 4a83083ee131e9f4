/**
 * Electron main process entry: app lifecycle only. Everything else is plain Node services,
 * wired by `createAppServices` and exposed through the shared IPC dispatch.
 */
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createAppServices, type AppServices } from './services/index.ts';
import { createAppDispatch } from './ipc/index.ts';
import {
  createMainWindow,
  createNativeFileDialog,
  decideLaunch,
  hardenApp,
  registerAppScheme,
  registerIpc,
  serveRenderer,
  showUploadNotifications,
  watchNetwork,
} from './shell/index.ts';

// A packaged build ignores the dev-server URL and refuses debugging switches (launch-policy.ts).
const launch = decideLaunch({ isPackaged: app.isPackaged, env: process.env, argv: process.argv });
const { appOrigin, startUrl } = launch;
// Tests and side-by-side installs point the app at their own data folder.
const userDataOverride = process.env['LECTERN_USER_DATA'];
if (userDataOverride) app.setPath('userData', userDataOverride);
const outDir = join(import.meta.dirname, '..');

if (launch.refusal) {
  console.error(launch.refusal);
  app.exit(2);
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  hardenApp(() => appOrigin, launch.devServer);
  let services: AppServices | null = null;
  const stopWatchers: (() => void)[] = [];

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });

  void app.whenReady().then(async () => {
    serveRenderer(join(outDir, 'renderer'));
    services = await createAppServices({
      dataDir: app.getPath('userData'),
      transport: 'electron',
      electronVersion: process.versions.electron ?? null,
      chromeVersion: process.versions.chrome ?? null,
      dialog: createNativeFileDialog(),
    });
    registerIpc(
      createAppDispatch(services, () => [appOrigin]),
      services.events,
    );
    // Stopped on quit, so the in-use timer and the listeners do not outlive the services.
    stopWatchers.push(watchNetwork(services), showUploadNotifications(services.events));
    if (launch.ignored.length > 0)
      services.log.warn('packaged build ignored dev-only inputs', { ignored: launch.ignored });
    const open = () => createMainWindow(startUrl, join(outDir, 'preload'), { devTools: launch.devTools });
    open();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) open();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    for (const stop of stopWatchers.splice(0)) stop();
    void services?.close();
  });
}
