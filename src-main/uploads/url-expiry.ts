// Main process / plain Node. When does a presigned part URL stop working? Read it from the URL
// where it says (S3 v4 X-Amz-Date + X-Amz-Expires, S3 v2 / HMAC `Expires` epochs), otherwise
// assume a lifetime, and learn a shorter one whenever storage refuses a URL we thought valid.

const DEFAULT_TTL_MS = 10 * 60_000;
const MIN_TTL_MS = 1_000;

export class UrlLifetime {
  /** Upper bound learned from 403s: URLs turned out to live at most about this long. */
  private learnedTtlMs = Infinity;

  /**
   * Absolute expiry (Date.now clock) of a URL signed at `signedAt` whose own expiry parsed as
   * `parsed` (Infinity when the URL does not say).
   */
  expiresAt(parsed: number, signedAt: number): number {
    if (parsed === Infinity) return signedAt + Math.min(DEFAULT_TTL_MS, this.learnedTtlMs);
    return Math.min(parsed, signedAt + this.learnedTtlMs);
  }

  /** Storage refused a URL that was `ageMs` old: believe URLs live a bit less than that. */
  learnFromRefusal(ageMs: number): void {
    this.learnedTtlMs = Math.max(MIN_TTL_MS, Math.min(this.learnedTtlMs, ageMs * 0.8));
  }

  /**
   * How long before expiry a URL is no longer handed to a PUT (a quarter of its life, at most a
   * minute), so a part never starts on a URL about to die.
   */
  static marginMs(signedAt: number, expiresAt: number): number {
    return Math.min(60_000, Math.max(250, (expiresAt - signedAt) / 4));
  }
}

export function parseExpiry(url: string): number | null {
  let q: URLSearchParams;
  try {
    q = new URL(url).searchParams;
  } catch {
    return null;
  }
  const amzDate = q.get('X-Amz-Date') ?? q.get('x-amz-date');
  const amzExpires = q.get('X-Amz-Expires') ?? q.get('x-amz-expires');
  if (amzDate && amzExpires) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    const seconds = Number(amzExpires);
    if (m && Number.isFinite(seconds)) {
      const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
      return start + seconds * 1000;
    }
  }
  for (const key of ['Expires', 'expires', 'exp', 'expires_at', 'expiresAt', 'e']) {
    const raw = q.get(key);
    if (raw === null) continue;
    const n = Number(raw);
    if (Number.isFinite(n) && n > 0) {
      if (n > 1e12) return n; // milliseconds
      if (n > 1e9) return n * 1000; // seconds
    }
    const d = Date.parse(raw);
    if (!Number.isNaN(d)) return d;
  }
  return null;
}
