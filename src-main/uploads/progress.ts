// Main process / plain Node. Progress accounting for one file: confirmed bytes, in-flight bytes
// per part (reset when a part is re-sent, so retries never add up past the total, unlike Uppy
// #4897), a high-water mark so the bar never moves back, and a windowed speed / ETA.

export interface ProgressSnapshot {
  bytesConfirmed: number;
  bytesInFlight: number;
  speedBps: number;
  etaSeconds: number | null;
}

export class FileProgress {
  readonly total: number;
  private confirmed = 0;
  private readonly inFlight = new Map<number, number>();
  private inFlightSum = 0;
  /** Highest confirmed + in-flight ever shown in this run. */
  private shown = 0;
  readonly speed: SpeedMeter;

  constructor(total: number, confirmed = 0, windowMs = 5000) {
    this.total = total;
    this.confirmed = Math.min(confirmed, total);
    this.shown = this.confirmed;
    this.speed = new SpeedMeter(windowMs);
  }

  get bytesConfirmed(): number {
    return this.confirmed;
  }

  /** A new attempt of a part begins: its in-flight count restarts at zero. */
  beginPart(part: number): void {
    this.inFlightSum -= this.inFlight.get(part) ?? 0;
    this.inFlight.set(part, 0);
  }

  /** Bytes of a part handed to the socket. */
  addInFlight(part: number, bytes: number, now = performance.now()): void {
    const current = this.inFlight.get(part);
    if (current === undefined) return;
    this.inFlight.set(part, current + bytes);
    this.inFlightSum += bytes;
    this.speed.add(bytes, now);
    this.bump();
  }

  /** The attempt ended without an acknowledgement; its bytes no longer count as in flight. */
  dropPart(part: number): void {
    this.inFlightSum -= this.inFlight.get(part) ?? 0;
    this.inFlight.delete(part);
  }

  /** Storage acknowledged the part (size = the part's real size). */
  confirmPart(part: number, size: number): void {
    this.dropPart(part);
    this.confirmed = Math.min(this.total, this.confirmed + size);
    this.bump();
  }

  /** Reconciliation found fewer confirmed bytes (new session, lost parts): start over honestly. */
  reset(confirmed: number): void {
    this.inFlight.clear();
    this.inFlightSum = 0;
    this.confirmed = Math.min(confirmed, this.total);
    this.shown = this.confirmed;
  }

  snapshot(now = performance.now(), active = true): ProgressSnapshot {
    const shown = Math.min(this.total, Math.max(this.shown, this.confirmed));
    const speedBps = active ? this.speed.rate(now) : 0;
    const remaining = this.total - shown;
    let etaSeconds: number | null = null;
    if (remaining === 0) etaSeconds = 0;
    else if (speedBps > 0) etaSeconds = Math.ceil(remaining / speedBps);
    return { bytesConfirmed: this.confirmed, bytesInFlight: shown - this.confirmed, speedBps, etaSeconds };
  }

  private bump(): void {
    const current = Math.min(this.total, this.confirmed + this.inFlightSum);
    if (current > this.shown) this.shown = current;
  }
}

/** Bytes per second over the last `windowMs`, from bucketed samples (constant memory). */
export class SpeedMeter {
  private readonly windowMs: number;
  private readonly bucketMs: number;
  private readonly buckets: { t: number; bytes: number }[] = [];
  private firstSample: number | null = null;

  constructor(windowMs = 5000) {
    this.windowMs = windowMs;
    this.bucketMs = Math.max(50, windowMs / 20);
  }

  add(bytes: number, now = performance.now()): void {
    if (this.firstSample === null) this.firstSample = now;
    const slot = Math.floor(now / this.bucketMs) * this.bucketMs;
    const last = this.buckets[this.buckets.length - 1];
    if (last && last.t === slot) last.bytes += bytes;
    else this.buckets.push({ t: slot, bytes });
    this.prune(now);
  }

  rate(now = performance.now()): number {
    this.prune(now);
    if (this.buckets.length === 0 || this.firstSample === null) return 0;
    // Divide by the window, or by the time since sending started when that is shorter — but at
    // least a second, so the first burst (socket buffers, the limiter's allowance) is not a rate.
    const span = Math.min(this.windowMs, Math.max(now - this.firstSample, 1000));
    let sum = 0;
    for (const b of this.buckets) sum += b.bytes;
    return Math.round((sum * 1000) / span);
  }

  /** Forget the history (after a pause the old rate says nothing about the next one). */
  clear(): void {
    this.buckets.length = 0;
    this.firstSample = null;
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    while (this.buckets.length > 0 && this.buckets[0]!.t + this.bucketMs <= cutoff) this.buckets.shift();
  }
}

/**
 * Emits at most once per `intervalMs` per key, always delivering the latest value with a
 * trailing call, so the final 100 % is never lost.
 */
export class Throttle {
  private readonly intervalMs: number;
  /**
   * When each key last emitted, in two generations of `intervalMs` each: a time older than that
   * no longer holds anything back, so the older generation is dropped whole. Keys (one per upload)
   * are then forgotten once they go quiet instead of piling up for every upload ever sent.
   */
  private lastAt = new Map<string, number>();
  private previousLastAt = new Map<string, number>();
  private generationFrom = -Infinity;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(intervalMs = 100) {
    this.intervalMs = intervalMs;
  }

  /** Keys it still remembers (bounded by those that emitted within the last two intervals). */
  get remembered(): number {
    return this.lastAt.size + this.previousLastAt.size;
  }

  run(key: string, fn: () => void, now = performance.now()): void {
    if (this.timers.has(key)) return; // a trailing call is already due; it reads fresh state
    const last = this.lastAt.get(key) ?? this.previousLastAt.get(key) ?? -Infinity;
    const wait = last + this.intervalMs - now;
    if (wait <= 0) {
      this.emitted(key, now);
      fn();
      return;
    }
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.emitted(key, performance.now());
        fn();
      }, Math.ceil(wait)),
    );
  }

  private emitted(key: string, now: number): void {
    if (now - this.generationFrom >= this.intervalMs) {
      // Everything in the older generation is at least one interval old: it throttles nothing.
      this.previousLastAt = now - this.generationFrom >= 2 * this.intervalMs ? new Map<string, number>() : this.lastAt;
      this.lastAt = new Map<string, number>();
      this.generationFrom = now;
    }
    this.previousLastAt.delete(key);
    this.lastAt.set(key, now);
  }

  /** Drop a pending trailing call (the caller is about to emit fresh state itself). */
  cancel(key: string): void {
    const t = this.timers.get(key);
    if (t) clearTimeout(t);
    this.timers.delete(key);
  }

  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
