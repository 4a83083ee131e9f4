// Tests (plain Node, Electron replaced by the stand-in): the ipcMain handlers the shell registers
// run the real dispatch and handler table, and take the sender's origin from the frame that sent.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { channelNames, EVENT_PREFIX, IPC_PREFIX } from '../../src-shared/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createAppServices, type AppServices } from '../services/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { BrowserWindow, records, resetStandIn, StandInWebContents } from './test-support/electron-stand-in.ts';
import { registerIpc } from './ipc.ts';

vi.mock('electron', () => import('./test-support/electron-stand-in.ts'));

const APP = 'app://lectern';
let dataDir: string;
let services: AppServices;
let unregister: () => void;

beforeEach(async () => {
  resetStandIn();
  dataDir = tempDir('lectern-shell-ipc-');
  services = await createAppServices({
    dataDir,
    transport: 'electron',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  unregister = registerIpc(
    createAppDispatch(services, () => [APP]),
    services.events,
  );
});

afterEach(async () => {
  unregister();
  await services.close();
});

/** An ipcRenderer.invoke as Electron delivers it: the top page's contents, and the frame that sent. */
function invoke(channel: string, input: unknown, frameUrl: string | null, pageUrl = `${APP}/index.html`) {
  const handler = records.ipcHandlers.get(IPC_PREFIX + channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const sender = Object.assign(new StandInWebContents(), { getURL: () => pageUrl });
  return handler({ sender, senderFrame: frameUrl === null ? null : { url: frameUrl } }, input);
}

describe('ipcMain handlers', () => {
  it('one handler per contract channel, under the lectern: prefix', () => {
    expect([...records.ipcHandlers.keys()].sort()).toEqual(channelNames.map((name) => IPC_PREFIX + name).sort());
  });

  it('answers our own window', async () => {
    expect(await invoke('app.info', undefined, `${APP}/index.html#/courses`)).toMatchObject({
      ok: true,
      value: { name: 'Lectern', transport: 'electron' },
    });
    expect(await invoke('app.echo', { text: 'hi' }, `${APP}/index.html`)).toMatchObject({
      ok: true,
      value: { text: 'hi' },
    });
  });

  it('refuses another origin, a look-alike, and a frame that is gone', async () => {
    for (const frame of ['https://evil.example/', 'app://lectern.evil/', 'app://evil/index.html', 'file:///x', null]) {
      expect(await invoke('app.info', undefined, frame), String(frame)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      });
    }
  });

  it('judges the frame that sent, not the page around it (a foreign iframe in our window is refused)', async () => {
    expect(await invoke('app.info', undefined, 'https://evil.example/frame', `${APP}/index.html`)).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('still parses what our own window sends', async () => {
    expect(await invoke('app.echo', { text: 42 }, `${APP}/index.html`)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
  });

  it('forwards service events to open windows and stops when unregistered', () => {
    const window = new BrowserWindow({});
    services.events.emit('app.notice', { level: 'info', message: 'hello' });
    expect(window.webContents.sent).toEqual([
      { channel: `${EVENT_PREFIX}app.notice`, args: [{ level: 'info', message: 'hello' }] },
    ]);
    unregister();
    unregister = () => {};
    services.events.emit('app.notice', { level: 'info', message: 'again' });
    expect(window.webContents.sent).toHaveLength(1);
    expect(records.ipcHandlers.size).toBe(0);
  });
});
