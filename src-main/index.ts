/**
 * Electron main process entry: app lifecycle only. Everything else is plain Node services,
 * wired by `createAppServices` and exposed through the shared IPC dispatch.
 */
import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';
import { createAppServices, type AppServices } from './services/index.ts';
import { createAppDispatch } from './ipc/index.ts';
// The CLI's entry is small; it loads the commands themselves (cli/run.ts) only when one runs.
import { isCommandName, runCliProcess } from './cli/index.ts';
import {
  createAppUpdater,
  createMainWindow,
  createNativeFileDialog,
  decideLaunch,
  hardenApp,
  registerAppScheme,
  registerIpc,
  serveRenderer,
  setMacApplicationMenu,
  showUploadNotifications,
  watchNetwork,
} from './shell/index.ts';

// A packaged build ignores the dev-server URL and refuses debugging switches (launch-policy.ts).
const launch = decideLaunch({
  isPackaged: app.isPackaged,
  env: process.env,
  argv: process.argv,
  isCliCommand: isCommandName,
});
const { appOrigin, startUrl } = launch;
// Tests and side-by-side installs point the app at their own data folder.
const userDataOverride = process.env['LECTERN_USER_DATA'];
if (userDataOverride) app.setPath('userData', userDataOverride);
const outDir = join(import.meta.dirname, '..');

if (launch.refusal) {
  console.error(launch.refusal);
  app.exit(2);
} else if (launch.cliArgs) {
  // `lectern …` from a terminal (the RunAsNode fuse is off, so this binary is the only Node there
  // is): the command line runs here, alongside any open window of the app, and no window opens.
  runCommandLine(launch.cliArgs);
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
    setMacApplicationMenu();
    serveRenderer(join(outDir, 'renderer'));
    services = await createAppServices({
      dataDir: app.getPath('userData'),
      transport: 'electron',
      electronVersion: process.versions.electron ?? null,
      chromeVersion: process.versions.chrome ?? null,
      dialog: createNativeFileDialog(),
      updater: createAppUpdater(app.isPackaged),
      // The OS's own list (Settings › Language on each platform), then the UI locale Chromium chose.
      systemLocales: [...app.getPreferredSystemLanguages(), app.getLocale()],
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

function runCommandLine(args: string[]): void {
  app.dock?.hide();
  void Promise.resolve()
    .then(() => runCliProcess(args))
    .catch((error: unknown) => {
      console.error(`lectern: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    })
    // app.exit ends the process at once: let what the command printed reach its reader first.
    .then(async (code) => {
      await Promise.all([process.stdout, process.stderr].map((s) => new Promise((done) => s.write('', done))));
      app.exit(code);
    });
}
