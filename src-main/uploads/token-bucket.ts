// Main process / plain Node. One token bucket shared by every upload slot, so a bandwidth cap
// holds for the sum of all parallel PUTs. Waiters are served first come, first served; a take may
// overdraw the bucket (debt) so big chunks never deadlock, and later takers pay the debt back.

export class AbortedError extends Error {
  override readonly name = 'AbortError';
  constructor(reason?: unknown) {
    super('aborted', { cause: reason });
  }
}

interface Waiter {
  bytes: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class TokenBucket {
  private rate: number | null;
  private tokens = 0;
  private last: number;
  private readonly waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(bytesPerSec: number | null, now: () => number = () => performance.now()) {
    this.now = now;
    this.rate = normalise(bytesPerSec);
    this.last = now();
    this.tokens = this.capacity();
  }

  get bytesPerSec(): number | null {
    return this.rate;
  }

  setRate(bytesPerSec: number | null): void {
    this.refill();
    this.rate = normalise(bytesPerSec);
    if (this.rate === null) {
      this.tokens = 0;
      for (const w of this.waiters.splice(0)) this.settle(w);
    } else {
      this.tokens = Math.min(this.tokens, this.capacity());
    }
    this.schedule();
  }

  /** Resolves when `bytes` may be sent. Rejects with AbortedError when the signal fires. */
  take(bytes: number, signal?: AbortSignal): Promise<void> {
    if (this.rate === null) return Promise.resolve();
    if (signal?.aborted) return Promise.reject(new AbortedError(signal.reason));
    this.refill();
    if (this.waiters.length === 0 && this.tokens >= 0) {
      this.tokens -= bytes;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { bytes, resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(new AbortedError(signal.reason));
          this.schedule();
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.schedule();
    });
  }

  /** Burst allowance: a quarter second of traffic, at least 16 KiB. */
  private capacity(): number {
    return this.rate === null ? 0 : Math.max(16 * 1024, this.rate / 4);
  }

  private refill(): void {
    const t = this.now();
    if (this.rate !== null) this.tokens = Math.min(this.capacity(), this.tokens + ((t - this.last) / 1000) * this.rate);
    this.last = t;
  }

  private settle(w: Waiter): void {
    if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
    w.resolve();
  }

  private drain(): void {
    this.timer = undefined;
    this.refill();
    while (this.waiters.length > 0 && (this.rate === null || this.tokens >= 0)) {
      const w = this.waiters.shift()!;
      if (this.rate !== null) this.tokens -= w.bytes;
      this.settle(w);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.waiters.length === 0) return;
    const waitMs = this.rate === null || this.tokens >= 0 ? 0 : (-this.tokens / this.rate) * 1000;
    this.timer = setTimeout(() => this.drain(), Math.ceil(waitMs));
  }
}

function normalise(rate: number | null | undefined): number | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate) || rate <= 0) return null;
  return rate;
}
