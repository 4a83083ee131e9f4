/**
 * Main process / plain Node. The app's own updates: the policy (service.ts), who may turn checks
 * off (policy.ts), the adapter around electron-updater (electron-updater-port.ts) and how this
 * copy is installed (install-kind.ts). The Node-side updater (node-feed.ts) is loaded on its own,
 * by the bridge host, only when it is given a feed.
 */
export { classifyUpdaterError, electronUpdaterPort } from './electron-updater-port.ts';
export { installKind } from './install-kind.ts';
export { updateMessages } from './messages.ts';
export { createSettingsStore, policyFilePath, readUpdatePolicy, type UpdatePolicy } from './policy.ts';
export {
  noUpdater,
  systemTimers,
  UpdateFailure,
  type InstallKind,
  type Timers,
  type UpdaterPort,
  type WorkPort,
} from './ports.ts';
export {
  CHECK_INTERVAL_MS,
  createUpdateService,
  FIRST_CHECK_DELAY_MS,
  retryDelay,
  UpdateServiceError,
  type UpdateService,
} from './service.ts';

/** electron-updater under plain Node (node-feed.ts), loaded only when needed: it brings electron-updater along. */
export const loadNodeFeed = () => import('./node-feed.ts');
