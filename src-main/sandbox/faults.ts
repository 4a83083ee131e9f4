// Main process / plain Node. Runtime knobs of the sandbox (latency, failure rates, rate limit, URL
// ttl), the seeded random source that makes fault injection repeatable, and the per-key token bucket.

export interface FaultSettings {
  /** Share (0..1) of API requests answered 500. */
  failRate: number;
  /** Share (0..1) of storage PUTs failing with 500 or a dropped connection. */
  storageFailRate: number;
  /** Share (0..1) of storage PUTs that stop reading mid-body and never answer. */
  stallRate: number;
  /** Added to every API request (not storage), after the idempotency claim of a create. */
  latencyMs: number;
  /** Added to every storage PUT before it is answered (a far-away storage's round trip). */
  storageLatencyMs: number;
  /** Requests per second per key (token bucket, burst = the same number); 0 = off. */
  rateLimit: number;
  /** Lifetime of presigned part URLs and asset URLs. */
  urlTtlSeconds: number;
  /** Answer as a drifting real server does (drift.ts): tests of tolerant reading. */
  drift: boolean;
  /** A server without the course-structure writes (section create/update/delete, course update):
   * they answer 405 (ASSUMPTIONS.md "Course structure"). */
  noStructure: boolean;
}

export type FaultUpdate = Partial<FaultSettings>;

/** mulberry32: tiny, fast, and good enough to pick which requests fail. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ApiFault = 'none' | 'before' | 'after';
export type StorageFault = 'none' | 'error' | 'drop' | 'stall';

/** Decides, per request, which fault (if any) to inject. API and storage draw from separate streams. */
export class FaultInjector {
  readonly settings: FaultSettings;
  private readonly apiRandom: () => number;
  private readonly storageRandom: () => number;

  constructor(settings: FaultSettings, randomSeed: number | undefined) {
    this.settings = settings;
    const seed = randomSeed ?? Math.floor(Math.random() * 2 ** 32);
    this.apiRandom = seededRandom(seed);
    this.storageRandom = seededRandom(seed ^ 0x5bd1e995);
  }

  /**
   * A failing request fails either before it runs or after it has run (its work committed, the
   * response lost), the case retries with an Idempotency-Key exist for. Reads and deletes only fail
   * before: a lost DELETE response would make an honest retry look like a 404.
   */
  apiFault(method: string): ApiFault {
    const { failRate } = this.settings;
    if (failRate <= 0 || this.apiRandom() >= failRate) return 'none';
    if (method !== 'POST' && method !== 'PATCH') return 'before';
    return this.apiRandom() < 0.5 ? 'before' : 'after';
  }

  storageFault(): StorageFault {
    const { storageFailRate, stallRate } = this.settings;
    if (storageFailRate > 0 && this.storageRandom() < storageFailRate) {
      return this.storageRandom() < 0.5 ? 'error' : 'drop';
    }
    if (stallRate > 0 && this.storageRandom() < stallRate) return 'stall';
    return 'none';
  }

  /** Where in the body a dropped or stalled PUT stops: somewhere in its first half. */
  cutOffPoint(expectedBytes: number): number {
    return Math.floor(this.storageRandom() * Math.max(1, expectedBytes / 2));
  }
}

interface Bucket {
  tokens: number;
  updatedMs: number;
}

/** One bucket per key: `rate` tokens per second, holding at most max(1, rate) tokens (the burst). */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private rate = 0;

  /** Ok, or the whole seconds until the next token (the Retry-After value, at least 1). */
  take(key: string, rate: number, nowMs = Date.now()): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (rate !== this.rate) {
      this.buckets.clear();
      this.rate = rate;
    }
    if (rate <= 0) return { ok: true };
    const capacity = Math.max(1, rate);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, updatedMs: nowMs };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((nowMs - bucket.updatedMs) / 1000) * rate);
    bucket.updatedMs = nowMs;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    const waitSeconds = (1 - bucket.tokens) / rate;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds)) };
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
