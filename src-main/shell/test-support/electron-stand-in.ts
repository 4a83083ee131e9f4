// Test support (plain Node, used only by *.test.ts through `vi.mock('electron', ...)`): a small
// stand-in for the parts of the `electron` module the shell uses. It replaces Electron, not the
// shell: it records what the shell registers and lets a test call those handlers the way
// Electron would. Where Electron enforces a rule the shell relies on (one ipcMain handler per
// channel, one protocol handler per scheme, `web-contents-created` for every new window), the
// stand-in enforces it too; it models nothing else.
import { EventEmitter } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

type Handler = (...args: never[]) => unknown;

/** Electron's cancellable event: listeners call preventDefault() to refuse. */
export interface StandInEvent {
  readonly url?: string;
  defaultPrevented: boolean;
  preventDefault(): void;
}

function cancellableEvent(url?: string): StandInEvent {
  return {
    url,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true;
    },
  };
}

export type WindowOpenHandler = (details: { url: string }) => { action: 'allow' | 'deny' };

export class StandInWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | null = null;
  readonly sent: { channel: string; args: unknown[] }[] = [];

  setWindowOpenHandler(handler: WindowOpenHandler): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }

  /** Emits the navigation event Electron emits before leaving the page; true when a listener refused it. */
  tryNavigation(kind: 'will-navigate' | 'will-redirect', url: string): boolean {
    const event = cancellableEvent(url);
    // Electron still passes (url, isInPlace, isMainFrame) after the event.
    this.emit(kind, event, url, false, true);
    return event.defaultPrevented;
  }

  /** Emits `will-frame-navigate` (one details event carrying url and isMainFrame); true when refused. */
  tryFrameNavigation(url: string, isMainFrame: boolean): boolean {
    const event = Object.assign(cancellableEvent(url), { isMainFrame });
    this.emit('will-frame-navigate', event);
    return event.defaultPrevented;
  }

  /** Emits `will-attach-webview` as a page adding a <webview> would; true when refused. */
  tryAttachWebview(src: string): boolean {
    const event = cancellableEvent();
    this.emit('will-attach-webview', event, { nodeIntegration: true }, { src });
    return event.defaultPrevented;
  }
}

const emptyRecords = () => ({
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
  permissionRequestHandler: null as Handler | null,
  permissionCheckHandler: null as Handler | null,
  headersReceivedListeners: [] as Handler[],
  windows: [] as StandInBrowserWindow[],
  loadedUrls: [] as string[],
  paths: new Map<string, string>(),
  exitCodes: [] as number[],
  quits: 0,
});

/** Everything the shell registered since the last reset. */
export const records = emptyRecords();

class StandInApp extends EventEmitter {
  isPackaged = false;
  singleInstanceLock = true;
  private ready = Promise.withResolvers<void>();

  whenReady(): Promise<void> {
    return this.ready.promise;
  }
  /** The test decides when Electron becomes ready (never, for tests of what happens before). */
  becomeReady(): void {
    this.ready.resolve();
  }
  requestSingleInstanceLock(): boolean {
    return this.singleInstanceLock;
  }
  setPath(name: string, path: string): void {
    records.paths.set(name, path);
  }
  getPath(name: string): string {
    const path = records.paths.get(name);
    if (!path) throw new Error(`stand-in: no path set for ${name}`);
    return path;
  }
  /** The system's languages as Electron reports them; the app's language follows these by default. */
  getPreferredSystemLanguages(): string[] {
    return ['en-US'];
  }
  getLocale(): string {
    return 'en-US';
  }
  quit(): void {
    records.quits += 1;
  }
  exit(code = 0): void {
    records.exitCodes.push(code);
  }
  resetForTest(): void {
    this.removeAllListeners();
    this.isPackaged = false;
    this.singleInstanceLock = true;
    this.ready = Promise.withResolvers<void>();
  }
}

export const app = new StandInApp();

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Handler): void {
      records.permissionRequestHandler = handler;
    },
    setPermissionCheckHandler(handler: Handler): void {
      records.permissionCheckHandler = handler;
    },
    webRequest: {
      onHeadersReceived(listener: Handler): void {
        records.headersReceivedListeners.push(listener);
      },
    },
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    records.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    if (records.protocolHandlers.has(scheme)) throw new Error(`stand-in: scheme ${scheme} is already handled`);
    records.protocolHandlers.set(scheme, handler);
  },
};

/**
 * Electron's net.fetch reads file: URLs through Chromium's file loader. Modelled: a regular file
 * is served, a missing one rejects with the loader's net::ERR_FILE_NOT_FOUND. Chromium lists
 * directories; that is not modelled and fails loudly, so no test passes by accident on it.
 */
export const net = {
  online: true,
  isOnline(): boolean {
    return this.online;
  },
  async fetch(url: string): Promise<Response> {
    if (!url.startsWith('file:')) throw new Error(`stand-in: net.fetch serves only file: URLs, not ${url}`);
    const path = fileURLToPath(url);
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) throw new Error(`stand-in: net.fetch of a directory is not modelled (${url})`);
    if (!info?.isFile()) throw new Error(`net::ERR_FILE_NOT_FOUND (${url})`);
    return new Response(await readFile(path), { status: 200 });
  },
};

export const ipcMain = {
  handle(channel: string, handler: (event: unknown, ...args: unknown[]) => unknown): void {
    if (records.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    records.ipcHandlers.set(channel, handler);
  },
  removeHandler(channel: string): void {
    records.ipcHandlers.delete(channel);
  },
};

export class StandInBrowserWindow extends EventEmitter {
  readonly webContents = new StandInWebContents();
  visible = false;
  destroyed = false;
  readonly options: Record<string, unknown>;

  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    records.windows.push(this);
    // Electron announces every new web contents to the app before the window loads anything.
    app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows(): StandInBrowserWindow[] {
    return records.windows.filter((window) => !window.destroyed);
  }
  static getFocusedWindow(): StandInBrowserWindow | null {
    return null;
  }
  loadURL(url: string): Promise<void> {
    records.loadedUrls.push(url);
    return Promise.resolve();
  }
  show(): void {
    this.visible = true;
  }
  isVisible(): boolean {
    return this.visible;
  }
  isMinimized(): boolean {
    return false;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  restore(): void {}
  focus(): void {}
}

export { StandInBrowserWindow as BrowserWindow };

export const powerMonitor = Object.assign(new EventEmitter(), {
  getSystemIdleState: (): 'active' | 'idle' | 'locked' => 'active',
});

export const dialog = {
  showOpenDialog: (): Promise<{ canceled: boolean; filePaths: string[] }> =>
    Promise.resolve({ canceled: true, filePaths: [] }),
};

export class Notification {
  static isSupported(): boolean {
    return false;
  }
  show(): void {}
}

/** Clears what was recorded and gives the app a fresh, not-yet-ready state. */
export function resetStandIn(): void {
  Object.assign(records, emptyRecords());
  app.resetForTest();
  net.online = true;
}
