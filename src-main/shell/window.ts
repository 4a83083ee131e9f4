/**
 * Electron main process. The one application window, hardened: isolated, sandboxed renderer
 * with no Node, and a preload that only exposes the typed bridge.
 */
import { BrowserWindow } from 'electron';
import { join } from 'node:path';

export function createMainWindow(startUrl: string, preloadDir: string, options: { devTools: boolean }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 880,
    minHeight: 560,
    show: false,
    title: 'Lectern',
    backgroundColor: '#f7f7f5',
    webPreferences: {
      preload: join(preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
      // Off in packaged builds: DevTools would give anyone at the keyboard the renderer's bridge.
      devTools: options.devTools,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(startUrl);
  return window;
}
