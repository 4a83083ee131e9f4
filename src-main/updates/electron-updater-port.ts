/**
 * Main process / plain Node. The thin adapter between electron-updater's updater and the update
 * policy's port: the policy decides when to check, download and install; electron-updater reads
 * the feed (latest*.yml), compares versions, downloads and verifies (sha512 always; on Windows the
 * installer's Authenticode publisher, on macOS Squirrel's code-signature check), and installs.
 * Only types come from electron-updater here, so this file loads under plain Node: the Electron
 * shell hands in `autoUpdater`, the bridge host and the tests a Node-side updater (node-feed.ts).
 */
import type { AppUpdater, ProgressInfo } from 'electron-updater';
import { UpdateFailure, type InstallKind, type UpdaterPort } from './ports.ts';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
]);

/** electron-updater's errors (codes of builder-util-runtime, Electron's net:: errors) → what the user is told. */
export function classifyUpdaterError(error: unknown): UpdateFailure {
  if (error instanceof UpdateFailure) return error;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  const first = message.split('\n')[0] ?? message;
  if (code === 'ERR_CHECKSUM_MISMATCH') return new UpdateFailure('integrity', first, { cause: error });
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE' || /code signature|not signed|signature verification/i.test(message))
    return new UpdateFailure('signature', first, { cause: error });
  if (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
    typeof statusCode === 'number' ||
    /net::ERR_|socket hang up|timeout/i.test(message)
  ) {
    return new UpdateFailure('unreachable', first, { cause: error });
  }
  return new UpdateFailure('other', first, { cause: error });
}

export interface ElectronUpdaterPortOptions {
  updater: AppUpdater;
  kind: InstallKind;
  currentVersion: string;
  /** Where the updater's own warnings go (its info lines are left out: every check writes some). */
  warn: (message: string) => void;
  /** Replaces `quitAndInstall` where no Electron app is there to quit (bridge host, tests). */
  install?: () => void;
}

export function electronUpdaterPort(options: ElectronUpdaterPortOptions): UpdaterPort {
  const { updater, kind, currentVersion } = options;
  // The policy decides when to download and when to install.
  updater.autoDownload = false;
  // Quitting the app interrupts nothing the user did not end: a downloaded update installs then too.
  updater.autoInstallOnAppQuit = kind === 'self';
  updater.allowDowngrade = false;
  updater.logger = {
    info: () => undefined,
    warn: (message?: unknown) => options.warn(String(message)),
    // Failures reach the policy as rejections and are logged there once.
    error: () => undefined,
  };

  return {
    kind,
    currentVersion,
    check: async () => {
      let result: Awaited<ReturnType<AppUpdater['checkForUpdates']>>;
      try {
        result = await updater.checkForUpdates();
      } catch (error) {
        throw classifyUpdaterError(error);
      }
      // null: electron-updater thinks this copy is not installed (unpackaged), so it never checked.
      if (!result) throw new UpdateFailure('other', 'this copy is not an installed Lectern');
      return result.isUpdateAvailable ? { version: result.updateInfo.version } : null;
    },
    download: async (onProgress) => {
      const listener = (progress: ProgressInfo) =>
        onProgress({ percent: progress.percent, transferred: progress.transferred, total: progress.total });
      updater.on('download-progress', listener);
      try {
        await updater.downloadUpdate();
      } catch (error) {
        throw classifyUpdaterError(error);
      } finally {
        updater.off('download-progress', listener);
      }
    },
    install: () => {
      if (options.install) {
        options.install();
        return;
      }
      // electron-updater reports an install it could not start as an `error` event, not a throw.
      let failed: unknown = null;
      const onError = (error: Error) => (failed = error);
      updater.on('error', onError);
      try {
        // Silent: the NSIS installer runs without its wizard (the app was installed once already), then starts Lectern.
        updater.quitAndInstall(true, true);
      } finally {
        updater.off('error', onError);
      }
      if (failed) throw classifyUpdaterError(failed);
    },
  };
}
