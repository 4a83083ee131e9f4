// Main process / plain Node. Whether the server (API and storage) can be reached at all, decided
// by one shared probe rather than by counting failures: while it cannot, the engine waits without
// spending any retry budget, probing with a capped backoff, and continues as soon as a probe gets
// an answer. A failure on a reachable server is an ordinary failure and spends the budget.

import { request } from '../api/index.ts';
import { backoffDelay, classify } from './retry-policy.ts';
import { AbortedError } from './token-bucket.ts';
import { monotonicNow } from '../../src-shared/clock.ts';

export interface ReachabilityOptions {
  /** Resolves when the server answered (any HTTP status); rejects when it could not be reached. */
  probe: (signal: AbortSignal) => Promise<unknown>;
  /** Told when waiting starts (true) and ends (false, with how long it lasted). */
  onChange: (waiting: boolean, waitedMs: number) => void;
  /** Told once when a wait has lasted `giveUpAfterMs` (the wait itself goes on). */
  giveUpAfterMs?: number | null;
  onGiveUp?: () => void;
  /** Probe backoff while waiting (full jitter): first step and cap, ms. Defaults 500 and 4 000. */
  baseMs?: number;
  capMs?: number;
  /** One probe gives up after this long (and counts as unreachable). Default 3 000. */
  probeTimeoutMs?: number;
  now?: () => number;
  /** Jitter source of the probe back-off, in [0, 1) (default Math.random). */
  random?: () => number;
}

export class Reachability {
  private readonly options: ReachabilityOptions;
  private readonly baseMs: number;
  private readonly capMs: number;
  private readonly now: () => number;
  private waitingSince: number | null = null;
  private probing: Promise<boolean> | null = null;
  private probeCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private giveUpTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();
  private closed = false;

  constructor(options: ReachabilityOptions) {
    this.options = options;
    this.baseMs = options.baseMs ?? 500;
    this.capMs = options.capMs ?? 4_000;
    this.now = options.now ?? monotonicNow;
  }

  get waiting(): boolean {
    return this.waitingSince !== null;
  }

  /** How long the current wait has lasted (0 when not waiting). */
  waitedMs(): number {
    return this.waitingSince === null ? 0 : this.now() - this.waitingSince;
  }

  /**
   * After a failure that may mean "no connection": true when the server answers (the failure was
   * the server's, spend the budget), false when it cannot be reached (wait, spend nothing).
   * Many failures at once share one probe; while waiting, no probe is made here at all.
   */
  verify(): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    if (this.waiting) return Promise.resolve(false);
    return this.probeOnce();
  }

  /** Resolves once the server can be reached (at once when it can); rejects when `signal` fires. */
  whenReachable(signal?: AbortSignal): Promise<void> {
    if (!this.waiting || this.closed) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(new AbortedError(signal.reason));
    return new Promise((resolve, reject) => {
      const done = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.waiters.delete(done);
        reject(new AbortedError(signal?.reason));
      };
      this.waiters.add(done);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Probe now instead of at the next backoff step (wake from sleep, the network came back). */
  checkNow(): void {
    if (!this.waiting || this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.probeOnce();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.giveUpTimer);
    this.waitingSince = null;
    for (const resolve of [...this.waiters]) resolve();
    this.waiters.clear();
  }

  private probeOnce(): Promise<boolean> {
    if (this.probing) return this.probing;
    const timeoutMs = this.options.probeTimeoutMs ?? 3_000;
    this.probing = this.options
      .probe(AbortSignal.timeout(timeoutMs))
      .then(
        () => true,
        () => false,
      )
      .then((reachable) => {
        this.probing = null;
        if (this.closed) return true;
        if (reachable) this.reached();
        else this.lost();
        return reachable;
      });
    return this.probing;
  }

  private lost(): void {
    if (!this.waiting) {
      this.waitingSince = this.now();
      this.probeCount = 0;
      const { giveUpAfterMs, onGiveUp } = this.options;
      if (giveUpAfterMs != null && onGiveUp) this.giveUpTimer = setTimeout(onGiveUp, giveUpAfterMs);
      this.options.onChange(true, 0);
    }
    this.probeCount++;
    const delay = backoffDelay(this.probeCount, {
      baseMs: this.baseMs,
      capMs: this.capMs,
      random: this.options.random,
    });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.probeOnce();
    }, delay);
  }

  private reached(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.waiting) return;
    clearTimeout(this.giveUpTimer);
    const waitedMs = this.waitedMs();
    this.waitingSince = null;
    for (const resolve of [...this.waiters]) resolve();
    this.waiters.clear();
    this.options.onChange(false, waitedMs);
  }
}

/**
 * Resolves when `url`'s server answers anything at all (a 404 or 401 is an answer); rejects on a
 * network failure. A fresh connection each time (`reset`), so a socket from before the outage
 * cannot make a live server look dead. Sends no credentials.
 */
export async function serverAnswers(url: string, signal: AbortSignal): Promise<void> {
  const response = await request(url, { method: 'HEAD', reset: true, signal });
  await response.body.dump().catch(() => undefined);
}

/**
 * The engine's one probe: every storage origin that failed to answer, plus the API — the caller's
 * probe when given (an HTTP error from it is still an answer), else any answer from its base URL.
 */
export function engineProbe(input: {
  storageOrigins: ReadonlySet<string>;
  custom?: (signal: AbortSignal) => Promise<unknown>;
  apiBaseUrl?: unknown;
}): (signal: AbortSignal) => Promise<void> {
  return async (signal) => {
    const checks = [...input.storageOrigins].map((origin) => serverAnswers(origin, signal));
    const { custom, apiBaseUrl } = input;
    if (custom) {
      checks.push(
        custom(signal).then(
          () => undefined,
          (error: unknown) => {
            const kind = classify(error).kind;
            if (kind === 'unreachable' || kind === 'aborted') throw error;
          },
        ),
      );
    } else if (typeof apiBaseUrl === 'string') {
      checks.push(serverAnswers(apiBaseUrl, signal));
    }
    await Promise.all(checks);
  };
}
