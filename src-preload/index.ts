/**
 * Preload (sandboxed renderer context, CommonJS bundle whose only require is 'electron').
 *
 * Exposes `window.lectern`: one function per contract channel, plus typed event subscription.
 * There is no generic invoke and `ipcRenderer` itself is never exposed.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { DROPPED_FILES_CHANNEL, EVENT_PREFIX, IPC_PREFIX, type FileHandle, type Result } from '../src-shared/index.ts';
import { buildBridge } from './bridge.ts';

const bridge = buildBridge(
  (channel, input) => ipcRenderer.invoke(IPC_PREFIX + channel, input) as Promise<Result<unknown>>,
  (event, listener) => {
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_PREFIX + event, wrapped);
    return () => ipcRenderer.removeListener(EVENT_PREFIX + event, wrapped);
  },
  (files) =>
    ipcRenderer.invoke(IPC_PREFIX + DROPPED_FILES_CHANNEL, {
      paths: files.map((file) => webUtils.getPathForFile(file)),
    }) as Promise<Result<FileHandle[]>>,
);

contextBridge.exposeInMainWorld('lectern', bridge);
