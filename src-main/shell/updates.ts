/**
 * Electron main process. The app's updater: electron-updater's autoUpdater (NSIS on Windows,
 * Squirrel.Mac from the zip on macOS, the AppImage or .deb updater on Linux), reading the feed
 * electron-builder wrote into resources/app-update.yml, or the mirror an administrator's policy
 * names. Only how this copy is installed is decided here; when to check and install is the update
 * service's (src-main/updates).
 */
import electronUpdater from 'electron-updater';
import type { Logger } from '../platform/index.ts';
import {
  APP_VERSION,
  electronUpdaterPort,
  installKind,
  noUpdater,
  type UpdatePolicy,
  type UpdaterPort,
} from '../services/index.ts';

export function createAppUpdater(isPackaged: boolean): (policy: UpdatePolicy, log: Logger) => UpdaterPort {
  return (policy, log) => {
    const kind = installKind({
      isPackaged,
      platform: process.platform,
      resourcesPath: process.resourcesPath,
      env: process.env,
    });
    // Run from a clone (or an unknown Linux package): there is nothing to update in place.
    if (kind === 'none') return noUpdater(APP_VERSION);
    const updater = electronUpdater.autoUpdater;
    if (policy.kind === 'set' && policy.feedUrl) updater.setFeedURL({ provider: 'generic', url: policy.feedUrl });
    return electronUpdaterPort({
      updater,
      kind,
      currentVersion: APP_VERSION,
      warn: (message) => log.warn('updater', { message }),
    });
  };
}
