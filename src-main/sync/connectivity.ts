// Main process / plain Node. Connection state, learned from the API client's own results
// (network errors, timeouts, 401) plus a light periodic probe, and pushed to listeners.
import { errorKind, toSyncError, type SyncError } from './errors.ts';

export type ConnectivityState = 'online' | 'offline' | 'unreachable' | 'key-rejected';

export interface ConnectivityStatus {
  state: ConnectivityState;
  /** When the state last changed (ISO). */
  since: string;
  /** The failure that put us in this state (null when online). */
  lastError: SyncError | null;
  /** Last time any request or probe told us something (ISO), null before the first. */
  lastCheckedAt: string | null;
}

export interface Connectivity {
  status(): ConnectivityStatus;
  isOnline(): boolean;
  /** Feed every client outcome here: `null` for success, the thrown error otherwise. */
  report(error: unknown): void;
  /** The operating system's view (e.g. Electron `net.isOnline()`); false forces `offline`. */
  setNetworkHint(online: boolean): void;
  /** Probes now and returns the resulting state. */
  checkNow(): Promise<ConnectivityStatus>;
  onChange(listener: (status: ConnectivityStatus) => void): () => void;
  start(): void;
  stop(): void;
}

export interface ConnectivityOptions {
  /** A cheap authenticated request, e.g. the first page of categories. */
  probe: () => Promise<unknown>;
  /** Probe interval while online (default 120 s) and while not (default 15 s). */
  onlineProbeMs?: number;
  offlineProbeMs?: number;
  /** Start assuming this (default `online`, so the first real request decides). */
  initial?: ConnectivityState;
  now?: () => number;
}

const NO_NETWORK = /\((ENOTFOUND|EAI_AGAIN|ENETUNREACH|ENETDOWN|EHOSTUNREACH|EADDRNOTAVAIL)\)/;

/** What an outcome says about connectivity; null = nothing (the server answered something). */
export function stateFromOutcome(error: unknown): ConnectivityState | null {
  if (error === null || error === undefined) return 'online';
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

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const now = options.now ?? Date.now;
  const onlineProbeMs = options.onlineProbeMs ?? 120_000;
  const offlineProbeMs = options.offlineProbeMs ?? 15_000;
  const listeners = new Set<(status: ConnectivityStatus) => void>();
  let current: ConnectivityStatus = {
    state: options.initial ?? 'online',
    since: new Date(now()).toISOString(),
    lastError: null,
    lastCheckedAt: null,
  };
  let networkHint = true;
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let probing: Promise<ConnectivityStatus> | null = null;

  const set = (state: ConnectivityState, error: unknown) => {
    const at = new Date(now()).toISOString();
    const changed = state !== current.state;
    current = {
      state,
      since: changed ? at : current.since,
      lastError: state === 'online' ? null : error ? toSyncError(error) : current.lastError,
      lastCheckedAt: at,
    };
    if (changed) {
      for (const listener of listeners) listener(current);
      reschedule(); // probe faster while disconnected
    }
  };

  const reschedule = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!started) return;
    timer = setTimeout(() => void checkNow(), current.state === 'online' ? onlineProbeMs : offlineProbeMs);
    timer.unref();
  };

  const report = (error: unknown) => {
    const state = stateFromOutcome(error);
    if (state === null) return;
    if (!networkHint && state === 'online') return; // the OS says there is no network: trust it
    set(state, error);
  };

  const checkNow = (): Promise<ConnectivityStatus> => {
    if (probing) return probing;
    probing = (async () => {
      try {
        await options.probe();
        report(null);
      } catch (error) {
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
    setNetworkHint(online) {
      networkHint = online;
      if (!online) set('offline', null);
      else void checkNow();
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
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
