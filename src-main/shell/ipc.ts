/**
 * Electron main process. Registers one ipcMain handler per contract channel, all going through
 * the shared dispatch (sender origin check + zod parse), and forwards service events to windows.
 */
import { BrowserWindow, ipcMain } from 'electron';
import { channelNames, EVENT_PREFIX, IPC_PREFIX } from '../../src-shared/index.ts';
import type { Dispatch } from '../ipc/index.ts';
import type { AppEvents } from '../services/index.ts';

export function registerIpc(dispatch: Dispatch, events: AppEvents): () => void {
  for (const channel of channelNames) {
    ipcMain.handle(IPC_PREFIX + channel, (event, input: unknown) =>
      // senderFrame is null when the frame navigated away or was destroyed: refused by dispatch.
      dispatch(channel, input, { origin: event.senderFrame?.url ?? null }),
    );
  }
  const unsubscribe = events.subscribe((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(EVENT_PREFIX + event, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const channel of channelNames) ipcMain.removeHandler(IPC_PREFIX + channel);
  };
}
