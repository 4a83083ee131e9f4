// Tests (plain Node, Electron replaced by the stand-in): the real entry (src-main/index.ts) wires
// the launch policy into the shell — what a packaged build trusts, refuses and opens.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { tempDir, useTestSandbox } from '../test-support/index.ts';
import type * as StandInModule from './test-support/electron-stand-in.ts';

vi.mock('electron', () => import('./test-support/electron-stand-in.ts'));

type StandIn = typeof StandInModule;
type HeadersListener = (
  details: { responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
) => void;

const originalArgv = process.argv;
let dataDir: string;

beforeEach(() => {
  dataDir = tempDir('lectern-entry-');
  vi.stubEnv('LECTERN_USER_DATA', dataDir);
  vi.stubEnv('ELECTRON_RENDERER_URL', undefined);
});

afterEach(() => {
  process.argv = originalArgv;
  vi.unstubAllEnvs();
});

/** Starts the entry once, afresh, as Electron would with this packaging, environment and argv. */
async function launch(options: {
  isPackaged: boolean;
  argv?: string[];
  secondInstance?: boolean;
  beforeEntry?: (electron: StandIn) => void;
}): Promise<StandIn> {
  vi.resetModules();
  const electron = (await import('electron')) as unknown as StandIn;
  electron.resetStandIn();
  electron.app.isPackaged = options.isPackaged;
  electron.app.singleInstanceLock = !options.secondInstance;
  if (options.argv) process.argv = options.argv;
  options.beforeEntry?.(electron);
  await import('../index.ts');
  return electron;
}

function cspOf(electron: StandIn): string | undefined {
  const [listener] = electron.records.headersReceivedListeners as unknown as HeadersListener[];
  let policy: string | undefined;
  listener?.(
    { responseHeaders: {} },
    (response) => (policy = response.responseHeaders?.['Content-Security-Policy']?.[0]),
  );
  return policy;
}

function navigationRefused(electron: StandIn, url: string): boolean {
  const contents = new electron.StandInWebContents();
  electron.app.emit('web-contents-created', {}, contents);
  return contents.tryNavigation('will-navigate', url);
}

describe('Electron entry, before the app is ready', () => {
  it('packaged: a dev-server URL in the environment is ignored — strict CSP, only app://lectern trusted', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'https://evil.example/');
    const electron = await launch({ isPackaged: true });
    expect(electron.records.exitCodes).toEqual([]);
    expect(electron.records.paths.get('userData')).toBe(dataDir);
    expect(electron.records.privilegedSchemes).toHaveLength(1);
    expect(cspOf(electron)).toMatch(/script-src 'self';/);
    expect(cspOf(electron)).not.toMatch(/unsafe-inline|ws:/);
    expect(navigationRefused(electron, 'https://evil.example/')).toBe(true);
    expect(navigationRefused(electron, 'app://lectern/index.html')).toBe(false);
  });

  it('unpackaged with a dev server: its origin is trusted and the CSP relaxed for it', async () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/');
    const electron = await launch({ isPackaged: false });
    expect(cspOf(electron)).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(navigationRefused(electron, 'http://localhost:5173/')).toBe(false);
    expect(navigationRefused(electron, 'https://evil.example/')).toBe(true);
  });

  it('packaged with a debugging switch: exits with 2 and registers nothing', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const electron = await launch({ isPackaged: true, argv: ['/opt/Lectern/lectern', '--remote-debugging-port=9222'] });
    expect(electron.records.exitCodes).toEqual([2]);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/does not start with debugging switches/));
    printed.mockRestore();
    expect(electron.records.privilegedSchemes).toEqual([]);
    expect(electron.records.headersReceivedListeners).toEqual([]);
    expect(electron.app.listenerCount('web-contents-created')).toBe(0);
  });

  it('a second instance quits without registering anything', async () => {
    const electron = await launch({ isPackaged: true, secondInstance: true });
    expect(electron.records.quits).toBe(1);
    expect(electron.records.privilegedSchemes).toEqual([]);
    expect(electron.app.listenerCount('web-contents-created')).toBe(0);
  });
});

describe('Electron entry, once ready (real services: the built-in sandbox and the OS keychain)', () => {
  it('packaged: one locked-down window on app://lectern, IPC answering only that origin, closed on quit', async () => {
    const electron = await launch({ isPackaged: true });
    electron.app.becomeReady();
    await vi.waitFor(() => expect(electron.records.windows).toHaveLength(1), { timeout: 20_000, interval: 50 });
    const [window] = electron.records.windows;
    expect(window?.options['webPreferences']).toMatchObject({
      devTools: false,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: expect.stringMatching(/[/\\]preload[/\\]index\.cjs$/),
    });
    expect(electron.records.loadedUrls).toEqual(['app://lectern/index.html']);
    expect(electron.records.protocolHandlers.has('app')).toBe(true);
    // The window's own contents were hardened as Electron announced them.
    expect(window?.webContents.tryNavigation('will-navigate', 'https://evil.example/')).toBe(true);

    const info = electron.records.ipcHandlers.get('lectern:app.info');
    const from = (url: string) => info?.({ senderFrame: { url } }, undefined);
    expect(await from('app://lectern/index.html')).toMatchObject({ ok: true, value: { transport: 'electron' } });
    expect(await from('https://evil.example/')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });

    // Quitting closes the services: the built-in sandbox server stops answering.
    const list = electron.records.ipcHandlers.get('lectern:workspaces.list');
    const workspaces = (await list?.({ senderFrame: { url: 'app://lectern/' } }, undefined)) as {
      value: { profiles: { baseUrl: string }[] };
    };
    const sandboxUrl = workspaces.value.profiles[0]?.baseUrl;
    expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    expect(electron.powerMonitor.listenerCount('resume')).toBe(1);
    electron.app.emit('will-quit');
    // The network watcher stops with the app (its wake listener and its timer).
    expect(electron.powerMonitor.listenerCount('resume')).toBe(0);
    await vi.waitFor(() => expect(fetch(sandboxUrl ?? '')).rejects.toThrow(), { timeout: 10_000, interval: 100 });
  });
});

describe('Electron entry started as `lectern …` (the installed command line; RunAsNode is off)', () => {
  const sandbox = useTestSandbox();

  /** Starts the entry with this command line and waits for it to exit; what it printed on stdout. */
  async function runAsCli(argv: string[]): Promise<{ electron: StandIn; code: number | undefined; stdout: string }> {
    const printed: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest) => {
      printed.push(String(chunk));
      const done = rest.find((r): r is () => void => typeof r === 'function');
      done?.();
      return true;
    });
    try {
      let lock: MockInstance<() => boolean> | undefined;
      const electron = await launch({
        isPackaged: true,
        argv,
        // The CLI runs beside an open app: it must not take (or yield to) the single-instance lock.
        beforeEntry: (e) => void (lock = vi.spyOn(e.app, 'requestSingleInstanceLock')),
      });
      await vi.waitFor(() => expect(electron.records.exitCodes).toHaveLength(1), { timeout: 20_000, interval: 50 });
      expect(lock).not.toHaveBeenCalled();
      lock?.mockRestore();
      return { electron, code: electron.records.exitCodes[0], stdout: printed.join('') };
    } finally {
      write.mockRestore();
    }
  }

  function expectNoApp(electron: StandIn): void {
    expect(electron.records.windows).toEqual([]);
    expect(electron.records.privilegedSchemes).toEqual([]);
    expect(electron.records.ipcHandlers.size).toBe(0);
    expect(electron.app.listenerCount('web-contents-created')).toBe(0);
  }

  it('`lectern help courses` (the deb links /usr/bin/lectern to the binary): prints the usage, exits 0, no window', async () => {
    const { electron, code, stdout } = await runAsCli(['/opt/Lectern/lectern', 'help', 'courses']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/lectern courses \[--search S\]/);
    expectNoApp(electron);
  });

  it('the wrappers’ --cli marker: a real command against the sandbox, its exit code passed on', async () => {
    vi.stubEnv('LECTERN_API_KEY', sandbox.keys.tenantAdmin);
    const ok = await runAsCli(['/opt/Lectern/lectern', '--cli', '--json', 'categories', '--base-url', sandbox.baseUrl]);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]),
    );
    expectNoApp(ok.electron);

    const unknown = await runAsCli(['/opt/Lectern/lectern', '--cli', 'frobnicate']);
    expect(unknown.code).toBe(2);
  });

  it('a global option first is the CLI too; no arguments or a Chromium switch start the app', async () => {
    const electron = await launch({ isPackaged: true, argv: ['/opt/Lectern/lectern', '--no-sandbox'] });
    expect(electron.records.privilegedSchemes).toHaveLength(1);
    const app = await launch({ isPackaged: true, argv: ['/opt/Lectern/lectern'] });
    expect(app.records.privilegedSchemes).toHaveLength(1);
    const { code, stdout } = await runAsCli(['/opt/Lectern/lectern', '--json', 'help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: lectern <command>/);
  });
});
