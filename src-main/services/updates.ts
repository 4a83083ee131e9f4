/**
 * Main process / plain Node. The update service wired into the app: its status goes out as the
 * `updates.status` event, and the work a restart would interrupt is read from the active
 * workspace's session (uploads running, a folder push, changes being sent), looked at again
 * whenever one of them says it changed.
 */
import { join } from 'node:path';
import type { BusyWork } from '../../src-shared/updates.ts';
import type { UploadState } from '../../src-shared/index.ts';
import type { Logger } from '../platform/index.ts';
import {
  createSettingsStore,
  createUpdateService,
  policyFilePath,
  readUpdatePolicy,
  type UpdatePolicy,
  type UpdaterPort,
  type UpdateService,
} from '../updates/index.ts';
import type { AppEvents } from './app-events.ts';
import type { ProfileSession } from './profile-session.ts';

/** Upload states an install would cut short (a paused or finished row loses nothing). */
const RUNNING: ReadonlySet<UploadState> = new Set(['queued', 'uploading', 'completing', 'attaching', 'waiting']);

/** Events after which the running work may have changed. */
const WORK_EVENTS = new Set([
  'uploads.changed',
  'outbox.changed',
  'sync.status',
  'folderPush.finished',
  'workspaces.changed',
]);

export function busyWorkOf(session: ProfileSession | null): BusyWork | null {
  if (!session) return null;
  const uploads = session.uploads.list().filter((row) => RUNNING.has(row.state)).length;
  const pushing = session.folderPush.running() !== null;
  const outbox = session.sync.outboxSummary();
  // Queued changes go as soon as the server answers; offline they wait anyway, and keep waiting
  // across a restart just as well.
  const online = session.sync.connectivity().state === 'online';
  const sending = outbox.sending + (online ? outbox.queued : 0);
  return uploads > 0 || pushing || sending > 0 ? { uploads, pushing, sending } : null;
}

export interface AppUpdatesOptions {
  dataDir: string;
  events: AppEvents;
  log: Logger;
  /** The updater for this transport, given the administrator's policy (it may name a mirror). */
  updater: (policy: UpdatePolicy, log: Logger) => UpdaterPort;
  /** Default: the platform's place (policy.ts). */
  policyFile?: string;
  session(): ProfileSession | null;
  /** Closes the active session (uploads stop at their last commit); answers how to reopen it. */
  pauseSession(): Promise<() => Promise<void>>;
}

/** The running update service and how to let go of it when the app quits. */
export interface AppUpdates {
  service: UpdateService;
  /** Stops listening for work changes and closes the service. */
  stop(): void;
}

export function createAppUpdates(options: AppUpdatesOptions): AppUpdates {
  const policy = readUpdatePolicy(options.policyFile ?? policyFilePath(process.platform, process.env));
  if (policy.kind === 'unreadable') options.log.warn('update policy file unreadable', { ...policy });
  const service = createUpdateService({
    updater: options.updater(policy, options.log),
    policy,
    settings: createSettingsStore(join(options.dataDir, 'updates', 'settings.json')),
    log: options.log,
    work: { busy: () => busyWorkOf(options.session()), pauseForRestart: () => options.pauseSession() },
    onStatus: (status) => options.events.emit('updates.status', status),
  });
  const unsubscribe = options.events.subscribe((event) => {
    if (WORK_EVENTS.has(event)) service.workChanged();
  });
  service.start();
  return {
    service,
    stop: () => {
      unsubscribe();
      service.close();
    },
  };
}
