// Main process / plain Node. Connection state, learned from the API client's own results (every
// HTTP attempt, so a failure counts before the client's retries are over) plus a gentle probe, and
// pushed to listeners.
//
// Probing: while online, a probe runs only when nothing has shown the server answering for a while
// (a heartbeat while the app is in use, rare otherwise); while disconnected, probes back off from
// 1 s to a cap (3 s in use, so a returning server is noticed within 5 s). One probe at a time.
import { errorKind, isKeyUnavailable, toSyncError, type SyncError } from './errors.ts';
import type { ConnectivityState } from '../../src-shared/index.ts';
import { connectionFailureMessage, withTechnical } from '../../src-shared/connection-words.ts';
import { backoffDelay } from '../../src-shared/retry.ts';

export type { ConnectivityState };

export interface ConnectivityStatus {
  state: ConnectivityState;
  /** When the state last changed (ISO). */
  since: string;
  /** The failure that put us in this state (null when online). */
  lastError: SyncError | null;
  /** Last time any request or probe told us something (ISO), null before the first. */
  lastCheckedAt: string | null;
}

/** One HTTP attempt as the API client's request log records it (no headers, bodies or keys). */
export interface AttemptOutcome {
  /** `ok`, or the kind of error the attempt ended with (`Network`, `Timeout`, `ServerError`, …). */
  outcome: string;
  status: number | null;
  method?: string;
  path?: string;
}

export interface Connectivity {
  status(): ConnectivityStatus;
  isOnline(): boolean;
  /** Feed every client outcome here: `null` for success, the thrown error otherwise. */
  report(error: unknown): void;
  /** Feed every HTTP attempt here (the client's `onRequest`): failures count before retries end. */
  reportAttempt(attempt: AttemptOutcome): void;
  /** The operating system's view (e.g. Electron `net.isOnline()`); false forces `offline`. */
  setNetworkHint(online: boolean): void;
  /** Whether someone is using the app (a visible window, not idle): probes are quicker then. */
  setInUse(inUse: boolean): void;
  /** Probes now (joining a probe in flight) and returns the resulting state. */
  checkNow(): Promise<ConnectivityStatus>;
  onChange(listener: (status: ConnectivityStatus) => void): () => void;
  start(): void;
  stop(): void;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectivityOptions {
  /** A cheap authenticated request, e.g. the first page of categories. */
  probe: () => Promise<unknown>;
  /** Online and not in use: probe after this long without news from the server (default 120 s). */
  onlineProbeMs?: number;
  /** Disconnected and not in use: the longest wait between probes (default 15 s). */
  offlineProbeMs?: number;
  /** Online and in use: probe after this long without news from the server (default 3 s). */
  activeProbeMs?: number;
  /** Disconnected and in use: the longest wait between probes (default 3 s: seen back within 5 s). */
  activeRetryMaxMs?: number;
  /** Disconnected: the first back-off step, doubled after each failed probe, full jitter (default 1 s). */
  retryMinMs?: number;
  /** Start assuming this (default `online`, so the first real request decides). */
  initial?: ConnectivityState;
  /** Start in use (default true: a desktop app that is open is being used until told otherwise). */
  inUse?: boolean;
  now?: () => number;
  timers?: Timers;
  /** The probes' jitter source, in [0, 1) (default Math.random). */
  random?: () => number;
}

// "(ENOTFOUND)" or, since the messages carry a sentence first, "(ENOTFOUND: GET /x)".
const NO_NETWORK = /\((ENOTFOUND|EAI_AGAIN|ENETUNREACH|ENETDOWN|EHOSTUNREACH|EADDRNOTAVAIL)[):]/;

/** What an outcome says about connectivity; null = nothing (the server answered something). */
export function stateFromOutcome(error: unknown): ConnectivityState | null {
  if (error === null || error === undefined) return 'online';
  if (isKeyUnavailable(error)) return 'key-unavailable';
  switch (errorKind(error)) {
    case 'Network': {
      const message = (error as { message?: unknown }).message;
      return typeof message === 'string' && NO_NETWORK.test(message) ? 'offline' : 'unreachable';
    }
    case 'Timeout':
      return 'unreachable';
    case 'Unauthorized':
      return 'key-rejected';
    case 'Cancelled':
      return null;
    default:
      // 4xx/5xx/contract: a server answered, so the connection itself works.
      return 'online';
  }
}

/** What one HTTP attempt says: a response of any kind means the server is there. */
export function stateFromAttempt(attempt: AttemptOutcome): ConnectivityState | null {
  if (attempt.outcome === 'Cancelled') return null;
  if (attempt.outcome === 'Network' || attempt.outcome === 'Timeout') return 'unreachable';
  if (attempt.outcome === 'Unauthorized' || attempt.status === 401) return 'key-rejected';
  return 'online';
}

const SYSTEM_TIMERS: Timers = {
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const onlineProbeMs = options.onlineProbeMs ?? 120_000;
  const offlineProbeMs = options.offlineProbeMs ?? 15_000;
  const activeProbeMs = Math.min(options.activeProbeMs ?? 3_000, onlineProbeMs);
  const activeRetryMaxMs = Math.min(options.activeRetryMaxMs ?? 3_000, offlineProbeMs);
  const retryMinMs = options.retryMinMs ?? 1_000;
  const random = options.random ?? Math.random;
  const listeners = new Set<(status: ConnectivityStatus) => void>();
  let current: ConnectivityStatus = {
    state: options.initial ?? 'online',
    since: new Date(now()).toISOString(),
    lastError: null,
    lastCheckedAt: null,
  };
  let networkHint = true;
  let inUse = options.inUse ?? true;
  let timer: unknown = null;
  let started = false;
  let probing: Promise<ConnectivityStatus> | null = null;
  /** Last time the server was seen answering (request or probe). */
  let lastAnswerAt = now();
  /** Failed probes since we last were online: the backoff's exponent. */
  let failedProbes = 0;

  const set = (state: ConnectivityState, error: unknown) => {
    const at = new Date(now()).toISOString();
    const changed = state !== current.state;
    if (state === 'online') {
      lastAnswerAt = now();
      failedProbes = 0;
    }
    current = {
      state,
      since: changed ? at : current.since,
      lastError: state === 'online' ? null : error ? toSyncError(error) : current.lastError,
      lastCheckedAt: at,
    };
    if (changed) {
      reschedule();
      for (const listener of listeners) listener(current);
    }
  };

  /** How long to wait before the next probe, from the state as it is now. */
  const nextDelay = (): number => {
    if (current.state === 'online') {
      const quietFor = now() - lastAnswerAt;
      return Math.max(0, (inUse ? activeProbeMs : onlineProbeMs) - quietFor);
    }
    const cap = inUse ? activeRetryMaxMs : offlineProbeMs;
    return backoffDelay(failedProbes + 1, { baseMs: Math.min(retryMinMs, cap), capMs: cap, random });
  };

  const reschedule = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (!started || probing) return; // the probe in flight reschedules when it settles
    timer = timers.setTimeout(onTimer, nextDelay());
  };

  const onTimer = () => {
    timer = null;
    // Online and the server answered a request meanwhile: no probe needed yet.
    if (current.state === 'online' && nextDelay() > 0) reschedule();
    else void checkNow();
  };

  const apply = (state: ConnectivityState | null, error: unknown) => {
    if (state === null) return;
    if (!networkHint && state === 'online') return; // the OS says there is no network: trust it
    set(state, error);
  };

  const report = (error: unknown) => apply(stateFromOutcome(error), error);

  const reportAttempt = (attempt: AttemptOutcome) => {
    const state = stateFromAttempt(attempt);
    if (state === 'online' || state === null) {
      apply(state, null);
      return;
    }
    // The request is still being retried; say what failed so far (the final error refines it), as
    // the client writes that kind of failure, since a screen shows it as why it is offline: a
    // connection failure as a sentence with the request behind "Details", a timeout in engineer's
    // words (the screen's reading words every timeout itself: cache/cached-read.ts).
    const where = attempt.method && attempt.path ? `: ${attempt.method} ${attempt.path}` : '';
    const message =
      state === 'key-rejected'
        ? withTechnical('The server refused the key.', `UNAUTHORIZED${where}`)
        : attempt.outcome === 'Timeout'
          ? `The server did not answer${where}`
          : connectionFailureMessage(null, `NETWORK${where}`);
    apply(state, {
      kind: state === 'key-rejected' ? 'Unauthorized' : attempt.outcome,
      status: attempt.status,
      message,
    });
  };

  const checkNow = (): Promise<ConnectivityStatus> => {
    if (probing) return probing;
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    probing = (async () => {
      try {
        await options.probe();
        report(null);
      } catch (error) {
        if (stateFromOutcome(error) !== 'online') failedProbes++;
        report(error);
      }
      return current;
    })().finally(() => {
      // A later microtask, so `probing` is cleared only after it was set.
      probing = null;
      reschedule();
    });
    return probing;
  };

  return {
    status: () => current,
    isOnline: () => current.state === 'online',
    report,
    reportAttempt,
    setNetworkHint(online) {
      networkHint = online;
      if (!online) set('offline', null);
      else void checkNow();
    },
    setInUse(value) {
      if (value === inUse) return;
      inUse = value;
      // Coming back to the app: find out now rather than at the end of a long idle wait.
      if (value && started && current.state !== 'online') void checkNow();
      else reschedule();
    },
    checkNow,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      started = true;
      reschedule();
    },
    stop() {
      started = false;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
