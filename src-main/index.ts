/**
 * Electron main process entry: app lifecycle only. Everything else is plain Node services,
 * wired by `createAppServices` and exposed through the shared IPC dispatch.
 */
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createAppServices, type AppServices } from './services/index.ts';
import { createAppDispatch } from './ipc/index.ts';
import { originOf } from './ipc/dispatch.ts';
import { hardenApp } from './shell/hardening.ts';
import { registerIpc } from './shell/ipc.ts';
import { APP_ORIGIN, registerAppScheme, serveRenderer } from './shell/protocol.ts';
import { createMainWindow } from './shell/window.ts';
import { createNativeFileDialog } from './shell/dialog.ts';
import { watchNetwork } from './shell/network.ts';
import { showUploadNotifications } from './shell/notifications.ts';

const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
// Tests and side-by-side installs point the app at their own data folder.
const userDataOverride = process.env['LECTERN_USER_DATA'];
if (userDataOverride) app.setPath('userData', userDataOverride);
const appOrigin = (devServerUrl && originOf(devServerUrl)) || APP_ORIGIN;
const startUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const outDir = join(import.meta.dirname, '..');

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppScheme();
  hardenApp(() => appOrigin, Boolean(devServerUrl));
  let services: AppServices | null = null;

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
    watchNetwork(services);
    showUploadNotifications(services.events);
    createMainWindow(startUrl, join(outDir, 'preload'));
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(startUrl, join(outDir, 'preload'));
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void services?.close());
}
