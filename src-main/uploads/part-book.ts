// Main process / plain Node. One file's parts while it uploads: which are done (as the journal
// says), waiting for a slot, in flight, signed, backed off, and how much of their retry budget
// they spent. Read through ReadonlyMaps; changed only through the methods named for each step.

export interface DonePart {
  size: number;
  etag: string | null;
  md5: string | null;
}

export interface InFlightPart {
  controller: AbortController;
  resend: boolean;
}

export interface SignedUrl {
  url: string;
  signedAt: number;
  expiresAt: number;
}

export class PartBook {
  readonly #done = new Map<number, DonePart>();
  /** Part numbers waiting for a slot, ascending. */
  #pending: number[] = [];
  readonly #inflight = new Map<number, InFlightPart>();
  readonly #urls = new Map<number, SignedUrl>();
  /** Backed-off parts: not sent before this performance.now() time. */
  readonly #notBefore = new Map<number, number>();
  readonly #attempts = new Map<number, number>();
  readonly #freeResigns = new Map<number, number>();

  constructor(done: Iterable<[number, DonePart]> = []) {
    for (const [n, part] of done) this.#done.set(n, part);
  }

  get done(): ReadonlyMap<number, DonePart> {
    return this.#done;
  }
  get pending(): readonly number[] {
    return this.#pending;
  }
  get inflight(): ReadonlyMap<number, InFlightPart> {
    return this.#inflight;
  }
  get urls(): ReadonlyMap<number, SignedUrl> {
    return this.#urls;
  }
  get notBefore(): ReadonlyMap<number, number> {
    return this.#notBefore;
  }

  confirmedBytes(): number {
    let sum = 0;
    for (const p of this.#done.values()) sum += p.size;
    return sum;
  }

  /** Rebuilds the pending queue: every part of 1..totalParts neither done nor in flight. */
  rebuildPending(totalParts: number): void {
    this.#pending = [];
    for (let n = 1; n <= totalParts; n++) {
      if (!this.#done.has(n) && !this.#inflight.has(n)) this.#pending.push(n);
    }
  }

  /** Back into the queue (kept ascending), unless done or in flight. */
  requeue(part: number): void {
    if (this.#done.has(part) || this.#inflight.has(part)) return;
    let lo = 0;
    let hi = this.#pending.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#pending[mid]! < part) lo = mid + 1;
      else hi = mid;
    }
    if (this.#pending[lo] !== part) this.#pending.splice(lo, 0, part);
  }

  takePending(part: number): void {
    const i = this.#pending.indexOf(part);
    if (i >= 0) this.#pending.splice(i, 1);
  }

  /** Not sent again before `until` (performance.now clock). */
  backOff(part: number, until: number): void {
    this.#notBefore.set(part, until);
  }

  storeSignedUrl(part: number, signed: SignedUrl): void {
    this.#urls.set(part, signed);
  }

  /** Storage refused `signed`: forget it unless a newer URL replaced it meanwhile. */
  dropSignedUrl(part: number, signed: SignedUrl): void {
    if (this.#urls.get(part) === signed) this.#urls.delete(part);
  }

  /** Forgets every signed URL (they may have died while the machine slept). */
  forgetSignedUrls(): void {
    this.#urls.clear();
  }

  /** Spends one of the part's free re-signs; false once `limit` were spent in a row. */
  takeFreeResign(part: number, limit: number): boolean {
    const used = this.#freeResigns.get(part) ?? 0;
    if (used >= limit) return false;
    this.#freeResigns.set(part, used + 1);
    return true;
  }

  /** Counts one failure of the part on a reachable server; returns the count so far. */
  countFailure(part: number): number {
    const failures = (this.#attempts.get(part) ?? 0) + 1;
    this.#attempts.set(part, failures);
    return failures;
  }

  /** Fresh budgets for every part (a retried file). */
  resetBudgets(): void {
    this.#attempts.clear();
    this.#freeResigns.clear();
    this.#notBefore.clear();
  }

  beginAttempt(part: number, attempt: InFlightPart): void {
    this.#inflight.set(part, attempt);
  }

  endAttempt(part: number): void {
    this.#inflight.delete(part);
  }

  /** Aborts every PUT in flight (they come back as failed attempts). */
  abortInFlight(reason: string): void {
    for (const f of this.#inflight.values()) f.controller.abort(new Error(reason));
  }

  /** Done (unless it already was); its URL and budgets are forgotten. Returns true when new. */
  markDone(part: number, sent: DonePart): boolean {
    this.#inflight.delete(part);
    const fresh = !this.#done.has(part);
    if (fresh) this.#done.set(part, sent);
    this.#urls.delete(part);
    this.#attempts.delete(part);
    this.#freeResigns.delete(part);
    this.#notBefore.delete(part);
    return fresh;
  }

  /** A part the server holds that the journal missed, checked against the local bytes. */
  adopt(part: number, sent: DonePart): void {
    this.#done.set(part, sent);
  }

  /** Parts the server does not hold as recorded: they are sent again. */
  undo(parts: readonly number[]): void {
    for (const n of parts) this.#done.delete(n);
  }

  /** ETags learned from list-parts for parts recorded without one. */
  setEtags(etags: ReadonlyMap<number, string>): void {
    for (const [n, etag] of etags) this.#done.get(n)!.etag = etag;
  }

  /** A new session: nothing is done, queued or signed, every budget is whole. */
  clear(): void {
    this.#done.clear();
    this.#pending = [];
    this.#urls.clear();
    this.#notBefore.clear();
    this.#attempts.clear();
    this.#freeResigns.clear();
  }
}
