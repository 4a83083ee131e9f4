/**
 * Preload (sandboxed renderer context, CommonJS bundle whose only require is 'electron').
 *
 * Exposes `window.lectern`: one function per contract channel, plus typed event subscription.
 * There is no generic invoke and `ipcRenderer` itself is never exposed.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { DROPPED_FILES_CHANNEL, EVENT_PREFIX, IPC_PREFIX, type FileHandle, type Result } from '../src-shared/index.ts';
import { buildBridge } from './bridge.ts';
import { createDropGate } from './drop-gate.ts';

// Only files from a real drop on this window become handles (drop-gate.ts).
const drops = createDropGate((file) => webUtils.getPathForFile(file));
window.addEventListener('drop', (event) => drops.noteDrop(event), { capture: true });

const bridge = buildBridge(
  (channel, input) => ipcRenderer.invoke(IPC_PREFIX + channel, input) as Promise<Result<unknown>>,
  (event, listener) => {
    const wrapped = (_event: unknown, payload: unknown) => listener(payload);
    ipcRenderer.on(EVENT_PREFIX + event, wrapped);
    return () => ipcRenderer.removeListener(EVENT_PREFIX + event, wrapped);
  },
  (files, options) => {
    const paths = drops.take(files);
    if (!paths) {
      return Promise.resolve({
        ok: false,
        error: { code: 'NOT_A_DROP', message: 'Only files dropped on this window can be added this way.' },
      });
    }
    const input = options?.folder ? { paths, folder: true } : { paths };
    return ipcRenderer.invoke(IPC_PREFIX + DROPPED_FILES_CHANNEL, input) as Promise<Result<FileHandle[]>>;
  },
);

contextBridge.exposeInMainWorld('lectern', bridge);
