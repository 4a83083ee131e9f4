// Tests (plain Node, Electron replaced by the stand-in): the options the one window is created
// with, and that the app-wide hardening reaches it.
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { records, resetStandIn } from './test-support/electron-stand-in.ts';
import { hardenApp } from './hardening.ts';
import { createMainWindow } from './window.ts';

vi.mock('electron', () => import('./test-support/electron-stand-in.ts'));

const START = 'app://lectern/index.html';
const PRELOAD_DIR = join('/opt', 'Lectern', 'resources', 'out', 'preload');

beforeEach(() => resetStandIn());

function onlyWindow() {
  expect(records.windows).toHaveLength(1);
  const [window] = records.windows;
  if (!window) throw new Error('no window');
  return { window, webPreferences: window.options['webPreferences'] as Record<string, unknown> };
}

describe('main window', () => {
  it('isolated, sandboxed, no Node, web security on, the bundled preload', () => {
    createMainWindow(START, PRELOAD_DIR, { devTools: false });
    const { webPreferences } = onlyWindow();
    expect(webPreferences).toMatchObject({
      preload: join(PRELOAD_DIR, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webviewTag: false,
      allowRunningInsecureContent: false,
    });
    // Electron's defaults for these are safe; absent is as good as true / not-enabled.
    expect(webPreferences['webSecurity'] ?? true).toBe(true);
    expect(webPreferences['nodeIntegrationInSubFrames'] ?? false).toBe(false);
    expect(webPreferences['experimentalFeatures'] ?? false).toBe(false);
    expect(webPreferences['enableBlinkFeatures'] ?? '').toBe('');
  });

  it('DevTools exactly as the launch policy says', () => {
    createMainWindow(START, PRELOAD_DIR, { devTools: false });
    createMainWindow(START, PRELOAD_DIR, { devTools: true });
    const [packaged, unpackaged] = records.windows.map((w) => w.options['webPreferences'] as Record<string, unknown>);
    expect(packaged?.['devTools']).toBe(false);
    expect(unpackaged?.['devTools']).toBe(true);
  });

  it('loads the start URL, and shows the window only once it is ready to show', () => {
    createMainWindow(START, PRELOAD_DIR, { devTools: false });
    const { window } = onlyWindow();
    expect(records.loadedUrls).toEqual([START]);
    expect(window.options['show']).toBe(false);
    expect(window.isVisible()).toBe(false);
    window.emit('ready-to-show');
    expect(window.isVisible()).toBe(true);
  });

  it('the window’s own web contents gets the hardening (Electron announces it as it is created)', () => {
    hardenApp(() => 'app://lectern', false);
    createMainWindow(START, PRELOAD_DIR, { devTools: false });
    const { window } = onlyWindow();
    expect(window.webContents.tryNavigation('will-navigate', 'https://evil.example/')).toBe(true);
    expect(window.webContents.tryNavigation('will-navigate', START)).toBe(false);
    expect(window.webContents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });
});
