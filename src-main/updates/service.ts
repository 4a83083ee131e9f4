/**
 * Main process / plain Node. The update policy: when to check (shortly after start, then every
 * few hours), how to back off while the feed is down (one sentence, ever longer pauses, never a
 * burst of retries), downloading in the background, and installing only when nothing would be
 * interrupted: while uploads, a folder push or sending run, a ready update waits for them ("Update
 * ready — restarts when your uploads finish"), or for "Restart now", which pauses them safely first.
 * Electron is behind the ports (ports.ts); this file runs as it is under plain Node.
 */
import type { BusyWork, UpdateState, UpdateStatus } from '../../src-shared/updates.ts';
import { updateMessages } from './messages.ts';
import type { SettingsStore, UpdatePolicy } from './policy.ts';
import { systemTimers, UpdateFailure, type Timers, type UpdaterPort, type WorkPort } from './ports.ts';

const MINUTE = 60_000;
/** The first check waits a little, so it never competes with the app's own start. */
export const FIRST_CHECK_DELAY_MS = 10_000;
export const CHECK_INTERVAL_MS = 4 * 60 * MINUTE;
/** After a failure: 15 min, 30 min, 1 h, 2 h, then the usual interval. */
export const FIRST_RETRY_DELAY_MS = 15 * MINUTE;

export function retryDelay(failures: number): number {
  return Math.min(CHECK_INTERVAL_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, Math.min(failures - 1, 16)));
}

export class UpdateServiceError extends Error {
  readonly code: 'NO_UPDATE' | 'LOCKED_BY_POLICY' | 'CANNOT_CHECK';
  constructor(code: UpdateServiceError['code'], message: string) {
    super(message);
    this.code = code;
    this.name = 'UpdateServiceError';
  }
}

type Log = { info(m: string, f?: Record<string, unknown>): void; warn(m: string, f?: Record<string, unknown>): void };

export interface UpdateServiceOptions {
  updater: UpdaterPort;
  work: WorkPort;
  settings: SettingsStore;
  policy: UpdatePolicy;
  log: Log;
  onStatus(status: UpdateStatus): void;
  timers?: Timers;
}

export interface UpdateService {
  status(): UpdateStatus;
  /** Plans the first check (when checks are on). */
  start(): void;
  /** One check (and download) now; a check already running is joined. */
  checkNow(): Promise<UpdateStatus>;
  /** Pauses uploads safely and installs the downloaded update. */
  restartNow(): Promise<UpdateStatus>;
  setAutomatic(automatic: boolean): UpdateStatus;
  /** Uploads, a push or sending started or ended: a waiting update may install now. */
  workChanged(): void;
  close(): void;
}

type Phase = Exclude<UpdateState, 'off' | 'unsupported'>;

export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { updater, work, settings, policy, log } = options;
  const timers = options.timers ?? systemTimers;
  const blockedByPolicy = policy.kind === 'unreadable' || (policy.kind === 'set' && !policy.checks);
  let automatic = settings.read().automatic;
  let phase: Phase = 'idle';
  let version: string | null = null;
  let percent: number | null = null;
  let failure: string | null = null;
  let waitingFor: BusyWork | null = null;
  let failures = 0;
  let lastCheckedAt: number | null = null;
  let nextCheckAt: number | null = null;
  let cancelTimer: (() => void) | null = null;
  let cycle: Promise<void> | null = null;
  let closed = false;

  const canCheckAtAll = () => !blockedByPolicy && updater.kind !== 'none';
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

  function shownState(): UpdateState {
    if (blockedByPolicy) return 'off';
    if (updater.kind === 'none') return 'unsupported';
    if (phase === 'idle' && !automatic && lastCheckedAt === null) return 'off';
    return phase;
  }

  function message(state: UpdateState): string {
    const found = version ?? '';
    switch (state) {
      case 'off':
        if (policy.kind === 'unreadable') return updateMessages.policyUnreadable(policy.file);
        return policy.kind === 'set' && !policy.checks
          ? updateMessages.offByPolicy(policy.file)
          : updateMessages.offBySetting;
      case 'unsupported':
        return updateMessages.unsupported;
      case 'idle':
        return lastCheckedAt === null ? updateMessages.notCheckedYet : updateMessages.upToDate(updater.currentVersion);
      case 'checking':
        return updateMessages.checking;
      case 'downloading':
        return updateMessages.downloading(found);
      case 'ready':
        return waitingFor ? updateMessages.readyWaiting(waitingFor) : updateMessages.readyNow(found);
      case 'available':
        return updateMessages.availableDeb(found);
      case 'failed':
        return failure ?? updateMessages.unreachable;
      case 'restarting':
        return updateMessages.restarting(found);
    }
  }

  function status(): UpdateStatus {
    const state = shownState();
    return {
      state,
      currentVersion: updater.currentVersion,
      version: phase === 'idle' || phase === 'checking' ? null : version,
      percent: phase === 'downloading' ? percent : null,
      message: message(state),
      waitingFor: phase === 'ready' ? waitingFor : null,
      automatic,
      lockedByPolicy: blockedByPolicy,
      lastCheckedAt: iso(lastCheckedAt),
      nextCheckAt: iso(nextCheckAt),
      canCheck: canCheckAtAll() && (phase === 'idle' || phase === 'failed' || phase === 'available'),
      canRestart: phase === 'ready',
    };
  }

  const emit = () => {
    if (!closed) options.onStatus(status());
  };

  /** Plans the next automatic check (none while checks are off, or once an update is ready). */
  function schedule(delayMs: number): void {
    cancelTimer?.();
    cancelTimer = null;
    nextCheckAt = null;
    if (closed || !automatic || !canCheckAtAll() || phase === 'ready' || phase === 'restarting') return;
    nextCheckAt = timers.now() + delayMs;
    cancelTimer = timers.after(delayMs, () => {
      cancelTimer = null;
      void runCycle();
    });
  }

  function describeFailure(error: unknown): string {
    if (!(error instanceof UpdateFailure)) return updateMessages.otherFailure(String(error));
    if (error.kind === 'unreachable') return updateMessages.unreachable;
    if (error.kind === 'integrity') return updateMessages.integrity;
    if (error.kind === 'signature') return updateMessages.signature;
    return updateMessages.otherFailure(error.message);
  }

  function runCycle(): Promise<void> {
    cycle ??= (async () => {
      cancelTimer?.();
      cancelTimer = null;
      nextCheckAt = null;
      phase = 'checking';
      emit();
      try {
        const found = await updater.check();
        lastCheckedAt = timers.now();
        if (!found) {
          phase = 'idle';
          version = null;
        } else {
          version = found.version;
          if (updater.kind === 'manual') {
            phase = 'available';
          } else {
            phase = 'downloading';
            percent = 0;
            emit();
            await updater.download((progress) => {
              const rounded = Math.floor(Math.max(0, Math.min(100, progress.percent)));
              if (rounded === percent) return;
              percent = rounded;
              emit();
            });
            phase = 'ready';
          }
        }
        failures = 0;
        failure = null;
        if (closed) return;
        if (phase === 'ready') decideInstall();
        else schedule(CHECK_INTERVAL_MS);
      } catch (error) {
        lastCheckedAt = timers.now();
        failures += 1;
        phase = 'failed';
        failure = describeFailure(error);
        log.warn('update check failed', {
          kind: error instanceof UpdateFailure ? error.kind : 'other',
          reason: error instanceof Error ? error.message : String(error),
          failures,
        });
        schedule(retryDelay(failures));
      } finally {
        percent = null;
        cycle = null;
        emit();
      }
    })();
    return cycle;
  }

  /** Installs now when nothing would be interrupted; otherwise says what it waits for. */
  function decideInstall(): void {
    if (phase !== 'ready' || closed) return;
    const busy = work.busy();
    const changed = JSON.stringify(busy) !== JSON.stringify(waitingFor);
    waitingFor = busy;
    if (busy) {
      if (changed) emit();
      return;
    }
    void restart();
  }

  async function restart(): Promise<void> {
    phase = 'restarting';
    waitingFor = null;
    emit();
    let resume: (() => Promise<void>) | null = null;
    try {
      resume = await work.pauseForRestart();
      log.info('installing update', { from: updater.currentVersion, to: version });
      updater.install();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn('installing the update failed', { reason });
      await resume?.().catch(() => undefined);
      phase = 'failed';
      failures += 1;
      failure = updateMessages.installFailed(version ?? '', reason);
      schedule(retryDelay(failures));
      emit();
    }
  }

  return {
    status,
    start: () => {
      schedule(FIRST_CHECK_DELAY_MS);
      emit();
    },
    checkNow: async () => {
      if (blockedByPolicy) throw new UpdateServiceError('LOCKED_BY_POLICY', message('off'));
      if (updater.kind === 'none') throw new UpdateServiceError('CANNOT_CHECK', updateMessages.cannotCheck);
      if (phase !== 'ready' && phase !== 'restarting') await runCycle();
      return status();
    },
    restartNow: async () => {
      if (phase !== 'ready') throw new UpdateServiceError('NO_UPDATE', updateMessages.noUpdateToInstall);
      await restart();
      return status();
    },
    setAutomatic: (next) => {
      if (next && blockedByPolicy) throw new UpdateServiceError('LOCKED_BY_POLICY', updateMessages.lockedByPolicy);
      settings.write({ automatic: next });
      automatic = next;
      if (!cycle) {
        const since = lastCheckedAt === null ? null : timers.now() - lastCheckedAt;
        const due = phase === 'failed' ? retryDelay(failures) : CHECK_INTERVAL_MS;
        schedule(since === null ? FIRST_CHECK_DELAY_MS : Math.max(0, due - since));
      }
      emit();
      return status();
    },
    workChanged: decideInstall,
    close: () => {
      closed = true;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
