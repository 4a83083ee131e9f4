/**
 * Main process / plain Node. What the update policy (service.ts) needs from the world, as small
 * typed ports: the updater itself (electron-updater behind an adapter), the work an install would
 * interrupt, and time. The policy decides when; the ports do.
 */
import type { BusyWork } from '../../src-shared/updates.ts';

/**
 * How this copy of Lectern is installed, which decides how it updates:
 * - `self`: downloads and installs its own updates (NSIS on Windows, the zip beside the dmg on
 *   macOS, AppImage on Linux);
 * - `manual`: checks, but its package manager installs (a .deb under /opt, owned by root);
 * - `none`: no installer at all (run from a clone, or the bridge host without a feed).
 */
export type InstallKind = 'self' | 'manual' | 'none';

/** Why a check or download failed, as far as the user needs to know. */
export type UpdateFailureKind = 'unreachable' | 'integrity' | 'signature' | 'other';

export class UpdateFailure extends Error {
  readonly kind: UpdateFailureKind;
  constructor(kind: UpdateFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.name = 'UpdateFailure';
  }
}

export interface DownloadProgress {
  percent: number;
  transferred: number;
  total: number;
}

/** The updater: electron-updater's autoUpdater in the app (electron-updater-port.ts). */
export interface UpdaterPort {
  readonly kind: InstallKind;
  readonly currentVersion: string;
  /** Asks the feed; the newer version, or null when this one is the latest. Throws UpdateFailure. */
  check(): Promise<{ version: string } | null>;
  /** Downloads the version `check` found, verified against the feed's sha512 (and, where the
   * platform does, the publisher's signature); nothing unverified is kept. Throws UpdateFailure. */
  download(onProgress: (progress: DownloadProgress) => void): Promise<void>;
  /** Quits and installs the downloaded version (the app starts again in it). Throws UpdateFailure. */
  install(): void;
}

/** The work an install would interrupt, in the active workspace. */
export interface WorkPort {
  /** What runs now, or null when nothing would be interrupted. */
  busy(): BusyWork | null;
  /**
   * Stops uploads and any push at a safe point (each upload at its last journal commit; they
   * continue by themselves after the restart). Answers a function that starts them again, for an
   * install that then fails.
   */
  pauseForRestart(): Promise<() => Promise<void>>;
}

/** Time, so tests move it by hand instead of waiting. */
export interface Timers {
  now(): number;
  /** Runs `run` once after `ms`; the answer cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemTimers: Timers = {
  now: () => Date.now(),
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    // A pending check never keeps the process alive (CLI-free, but the bridge host and tests too).
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** Checks nothing: a copy without an installer (run from a clone, the bridge host without a feed). */
export function noUpdater(currentVersion: string): UpdaterPort {
  return {
    kind: 'none',
    currentVersion,
    check: () => Promise.resolve(null),
    download: () => Promise.resolve(),
    install: () => undefined,
  };
}
