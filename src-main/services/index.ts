/**
 * Main process / plain Node. The composition root: builds every main-process service once and
 * hands them to a transport (Electron shell or bridge host). Nothing here imports Electron.
 *
 * Start-up: data folder → log → built-in sandbox server (in-process, loopback, random port,
 * persisted under the data folder) → workspaces (SQLite + OS keychain) → the Sandbox profile →
 * a session for the active profile. Switching profile closes that session and opens another.
 */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppInfo, Diagnostics, EventPayload, Health } from '../../src-shared/index.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { keyText } from '../api/index.ts';
import { createSystemKeyStore, type KeyStore } from '../keychain/index.ts';
import { startSandbox, type RunningSandbox } from '../sandbox/index.ts';
import { WorkspaceService } from '../workspaces/index.ts';
import { forgetWriteRefusalsOf } from '../sync/index.ts';
import type { VideoPollTime } from '../uploads/index.ts';
import {
  DiagnosticsRecorder,
  buildDiagnostics,
  folderSize,
  mergeDeviations,
  requestErrors,
  requestRows,
} from '../diagnostics/index.ts';
import {
  createFileHandles,
  createFolderBrowser,
  createFolderHandles,
  createLogger,
  describeError,
  type FileDialog,
  type FileHandles,
  type FolderBrowser,
  type FolderHandles,
  type Logger,
} from '../platform/index.ts';
import { createLanguageService, systemLocalesFromEnvironment, t, type LanguageService } from '../i18n/index.ts';
import { createEvents, type AppEvents } from './app-events.ts';
import { openProfileSession, profileDataDir, type ProfileSession } from './profile-session.ts';
import { noUpdater, type UpdatePolicy, type UpdaterPort, type UpdateService } from '../updates/index.ts';
import { createAppUpdates } from './updates.ts';

export type { AppEvents } from './app-events.ts';
// What the transports need to build their updater (the shell: electron-updater's autoUpdater; the
// bridge host: electron-updater under plain Node, loaded only when given a feed).
export {
  electronUpdaterPort,
  installKind,
  loadNodeFeed,
  noUpdater,
  type UpdatePolicy,
  type UpdaterPort,
} from '../updates/index.ts';

export interface AppEnvironment {
  /** Electron's userData in the app; a temp or chosen folder under the bridge host. */
  dataDir: string;
  transport: AppInfo['transport'];
  electronVersion?: string | null;
  chromeVersion?: string | null;
  echoLog?: boolean;
  /** Native dialog in Electron; queued answers in the bridge host. */
  dialog: FileDialog;
  /** Default: the OS keychain through keytar. */
  keyStore?: KeyStore;
  /** The built-in Sandbox workspace's server; `false` starts none (tests of other parts). */
  sandbox?: false | { seed?: 'demo' | 'large' | 'empty'; port?: number };
  /**
   * With `sandbox: false`: a sandbox server already running elsewhere (a benchmark's, so the app's
   * memory is measured apart from the fake server's). Its key is handed to the Sandbox workspace
   * before that workspace's session opens, as the built-in sandbox's is.
   */
  sandboxAt?: { baseUrl: string; apiKey: string };
  /** The system's languages, most preferred first (Electron asks the OS; plain Node reads LANG). */
  systemLocales?: readonly string[];
  /** Time of the uploads' processing polls: the system's by default (end-to-end tests run it faster). */
  videoPollTime?: VideoPollTime;
  /** How this transport updates the app (Electron: electron-updater); by default it does not. */
  updater?: (policy: UpdatePolicy, log: Logger) => UpdaterPort;
  /** The administrator's update policy file (default: the platform's place, src-main/updates/policy.ts). */
  updatePolicyFile?: string;
}

export interface AppServices {
  readonly env: AppEnvironment;
  readonly log: Logger;
  readonly events: AppEvents;
  readonly workspaces: WorkspaceService;
  readonly fileHandles: FileHandles;
  /** Folders chosen or dropped to push as a whole course. */
  readonly folderHandles: FolderHandles;
  /** Lectern's own file and folder browser, where the transport has no native dialog. */
  readonly folderBrowser: FolderBrowser;
  readonly dialog: FileDialog;
  /** The app's own updates (src-main/updates). */
  readonly updates: UpdateService;
  /** The language setting and the locale it picks (src-main/i18n). */
  readonly language: LanguageService;
  /** The in-process sandbox server behind the Sandbox workspace (null when not started). */
  sandbox(): RunningSandbox | null;
  /** Stops and starts the in-process sandbox on the same port and data (tests: "the server went away"). */
  setSandboxRunning(running: boolean): Promise<void>;
  /** Everything that depends on the active workspace; throws NO_WORKSPACE when there is none. */
  session(): ProfileSession;
  info(): AppInfo;
  health(): Promise<Health>;
  /** Everything support needs, scrubbed of the key (the Diagnostics screen). */
  diagnostics(): Promise<Diagnostics>;
  close(): Promise<void>;
}

export const APP_VERSION: string = packageJson.version;

export class NoWorkspaceError extends Error {
  readonly code = 'NO_WORKSPACE';
  constructor() {
    super(t({ id: 'services.noWorkspace', defaultMessage: 'No workspace is open. Add one under Workspaces.' }));
  }
}

export async function createAppServices(env: AppEnvironment): Promise<AppServices> {
  mkdirSync(env.dataDir, { recursive: true });
  const log = createLogger(join(env.dataDir, 'logs'), env.echoLog ?? false);
  const events = createEvents();
  const heartbeat = setInterval(() => events.emit('app.heartbeat', { at: new Date().toISOString() }), 15_000);
  heartbeat.unref();
  // Connectivity history and recent errors for Diagnostics, from events the app already emits.
  const recorder = new DiagnosticsRecorder();
  const stopRecording = events.subscribe((event, payload) => {
    if (event === 'sync.status') {
      const status = payload as EventPayload<'sync.status'>;
      recorder.connectivity({ at: status.since, state: status.state, message: status.message });
    } else if (event === 'app.notice') {
      const notice = payload as EventPayload<'app.notice'>;
      if (notice.level !== 'info')
        recorder.error({ at: new Date().toISOString(), source: 'app', message: notice.message });
    }
  });

  const sandboxDir = join(env.dataDir, 'sandbox');
  let sandbox: RunningSandbox | null = null;
  let sandboxPort = env.sandbox ? (env.sandbox.port ?? 0) : 0;
  const startBuiltInSandbox = async () => {
    if (env.sandbox === false) return;
    sandbox = await startSandbox({
      dataDir: sandboxDir,
      seed: env.sandbox?.seed ?? 'demo',
      port: sandboxPort,
      quiet: true,
    });
    sandboxPort = Number(new URL(sandbox.baseUrl).port);
  };
  await startBuiltInSandbox();

  let session: ProfileSession | null = null;
  const workspaces = new WorkspaceService({
    dataDir: env.dataDir,
    keyStore: env.keyStore ?? createSystemKeyStore(),
    onProfileRemoved: async (profileId) => {
      if (session?.profileId === profileId) {
        await session.close();
        session = null;
      }
      await rm(profileDataDir(env.dataDir, profileId), { recursive: true, force: true });
    },
    onKeyReplaced: (profileId) => {
      // What the old key was refused says nothing about the new one, for every workspace:
      // the open one through its session (the status bar hears of it), any other in its own file.
      try {
        if (session?.profileId === profileId) session.sync.forgetWriteRefusals();
        else forgetWriteRefusalsOf(env.dataDir, profileId);
      } catch (error) {
        // The key is saved; a refusal left over only disables actions until "Check again".
        log.error('forgetting the old key’s write refusals failed', describeError(error));
      }
    },
    onCorrupt: (error) => events.emit('app.notice', { level: 'warning', message: error.message }),
    onListenerError: (error) => log.error('switching workspace failed', describeError(error)),
  });

  async function openSessionFor(profileId: string | null): Promise<void> {
    const previous = session;
    session = null;
    await previous?.close();
    if (profileId) {
      session = openProfileSession({
        dataDir: env.dataDir,
        connection: workspaces.getConnection(profileId),
        events,
        log,
        videoPollTime: env.videoPollTime,
      });
    }
    events.emit('workspaces.changed', { activeId: profileId });
    if (session) events.emit('sync.status', session.syncStatus());
  }
  workspaces.onActiveProfileChanged((change) => openSessionFor(change.profile?.id ?? null));

  if (sandbox) {
    const running: RunningSandbox = sandbox;
    await workspaces.ensureSandboxProfile({ baseUrl: running.baseUrl, apiKey: running.keys.tenantAdmin });
  } else if (env.sandboxAt) {
    await workspaces.ensureSandboxProfile(env.sandboxAt);
  }
  const active = workspaces.getActiveProfile() ?? workspaces.list()[0] ?? null;
  if (active && workspaces.activeProfileId() !== active.id) await workspaces.setActiveProfile(active.id);
  else await openSessionFor(active?.id ?? null);

  log.info('services started', { transport: env.transport, sandbox: sandbox !== null });

  const language = await createLanguageService({
    dataDir: env.dataDir,
    systemLocales: env.systemLocales ?? systemLocalesFromEnvironment(),
  });
  const updates = createAppUpdates({
    dataDir: env.dataDir,
    events,
    log,
    updater: env.updater ?? (() => noUpdater(APP_VERSION)),
    policyFile: env.updatePolicyFile,
    session: () => session,
    // Before an install: the session closes (uploads stop at their last commit, to go on at the next start).
    pauseSession: async () => {
      const open = session;
      session = null;
      await open?.close();
      return () => openSessionFor(workspaces.activeProfileId());
    },
  });
  const fileHandles = createFileHandles();
  const folderHandles = createFolderHandles();
  const folderBrowser = createFolderBrowser();
  const info = () => appInfo(env);
  const diagnostics = () => readDiagnostics({ env, workspaces, session: () => session, recorder, info });
  return {
    env,
    log,
    events,
    workspaces,
    fileHandles,
    folderHandles,
    folderBrowser,
    dialog: env.dialog,
    updates: updates.service,
    language,
    sandbox: () => sandbox,
    setSandboxRunning: async (running) => {
      if (!running && sandbox) {
        await sandbox.close();
        sandbox = null;
      } else if (running && !sandbox) {
        await startBuiltInSandbox();
      }
    },
    session: () => {
      if (!session) throw new NoWorkspaceError();
      return session;
    },
    info,
    diagnostics,
    health: async () => healthOf(env, sandbox, session),
    close: async () => {
      clearInterval(heartbeat);
      updates.stop();
      stopRecording();
      await session?.close();
      session = null;
      workspaces.close();
      await sandbox?.close();
      sandbox = null;
      log.info('services stopped');
    },
  };
}

function appInfo(env: AppEnvironment): AppInfo {
  return {
    name: 'Lectern',
    version: APP_VERSION,
    platform: process.platform,
    versions: {
      node: process.versions.node,
      electron: env.electronVersion ?? null,
      chrome: env.chromeVersion ?? null,
    },
    transport: env.transport,
  };
}

/** Everything support needs about the app and the open workspace, scrubbed of its key. */
async function readDiagnostics(deps: {
  env: AppEnvironment;
  workspaces: WorkspaceService;
  session: () => ProfileSession | null;
  recorder: DiagnosticsRecorder;
  info: () => AppInfo;
}): Promise<Diagnostics> {
  const { env, workspaces, recorder } = deps;
  const profile = workspaces.getActiveProfile();
  const open = deps.session();
  const log = open?.client.requestLog() ?? [];
  const recorded = recorder.snapshot();
  // Only to scrub it from the text; an unreadable keychain just means nothing to scrub.
  const key = profile
    ? await Promise.resolve()
        .then(() => keyText(workspaces.getConnection(profile.id).apiKey))
        .catch(() => '')
    : '';
  return buildDiagnostics(
    {
      generatedAt: new Date().toISOString(),
      app: { ...deps.info(), arch: process.arch },
      workspace: profile ? { name: profile.name, environment: profile.environment, baseUrl: profile.baseUrl } : null,
      connectivity: recorded.connectivity,
      requests: requestRows(log),
      deviations: mergeDeviations(open?.deviations() ?? [], open?.client.deviations() ?? []),
      errors: [...recorded.errors, ...requestErrors(log)].sort((a, b) => a.at.localeCompare(b.at)).slice(-50),
      dataFolder: { path: env.dataDir, bytes: await folderSize(env.dataDir) },
    },
    key ? [key] : [],
  );
}

function healthOf(env: AppEnvironment, sandbox: RunningSandbox | null, session: ProfileSession | null): Health {
  const checks = [
    // Where it is shows only in Diagnostics: a full path says who the user is and more.
    { name: 'data folder', ok: true, detail: 'in use' },
    {
      name: 'sandbox server',
      ok: sandbox !== null || env.sandbox === false,
      detail: sandbox ? 'running' : 'stopped',
    },
    { name: 'workspace', ok: session !== null, detail: session ? 'open' : 'none' },
  ];
  return { ok: checks.every((check) => check.ok), checks };
}

/** A workspace's session on its own (tests run the app's push in a child process with it). */
export { openProfileSession } from './profile-session.ts';
