/**
 * Electron main process. The Electron side of the app, used only by the entry (src-main/index.ts):
 * hardening, the app:// protocol, the window, IPC, native dialogs, network and notifications.
 */
export { hardenApp } from './hardening.ts';
export { registerIpc } from './ipc.ts';
export { decideLaunch } from './launch-policy.ts';
export { registerAppScheme, serveRenderer } from './protocol.ts';
export { createMainWindow } from './window.ts';
export { createNativeFileDialog } from './dialog.ts';
export { watchNetwork } from './network.ts';
export { showUploadNotifications } from './notifications.ts';
export { setMacApplicationMenu } from './menu.ts';
export { createAppUpdater } from './updates.ts';
