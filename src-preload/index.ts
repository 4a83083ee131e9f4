/**
 * Preload (sandboxed renderer context, CommonJS bundle whose only require is 'electron').
 *
 * Exposes `window.lectern`: one function per contract channel, plus typed event subscription.
 * There is no generic invoke and `ipcRenderer` itself is never exposed.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge, EVENT_PREFIX, IPC_PREFIX, type Result } from './contract.ts';

const bridge = buildBridge(
  (channel, input) => ipcRenderer.invoke(IPC_PREFIX + channel, input) as Promise<Result<unknown>>,
  (event, listener) => {
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_PREFIX + event, wrapped);
    return () => ipcRenderer.removeListener(EVENT_PREFIX + event, wrapped);
  },
);

contextBridge.exposeInMainWorld('lectern', bridge);
