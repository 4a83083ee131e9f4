// Tests (plain Node): the pure pieces of the upload engine — rate limiter, progress accounting,
// throttle, retry policy, URL expiry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { FileProgress, SpeedMeter, Throttle } from './progress.ts';
import { backoffDelay, classify, parseRetryAfter, withRetries } from './retry-policy.ts';
import { AbortedError, TokenBucket } from './token-bucket.ts';
import { UrlLifetime, parseExpiry } from './url-signing.ts';
import { bareEtag, etagIsMd5 } from './storage-put.ts';
import { Md5Pool } from './md5-pool.ts';
import { createHash, randomBytes } from 'node:crypto';

describe('TokenBucket', () => {
  // Fake timers, and the bucket reads the same fake clock: elapsed time is exact, not measured.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a no-op without a rate', async () => {
    const bucket = new TokenBucket(null, () => Date.now());
    const t0 = Date.now();
    for (let i = 0; i < 1000; i++) await bucket.take(1 << 20);
    expect(Date.now() - t0).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('holds the average rate across concurrent takers', async () => {
    const rate = 400_000; // 400 kB/s
    const bucket = new TokenBucket(rate, () => Date.now());
    const t0 = Date.now();
    let sent = 0;
    let lastGrantAt = t0;
    // 4 "slots" sending 16 KiB chunks, about half a second of budget beyond the burst.
    const slots = Promise.all(
      [0, 1, 2, 3].map(async () => {
        for (let i = 0; i < 5; i++) {
          await bucket.take(16_384);
          sent += 16_384;
          lastGrantAt = Date.now();
        }
      }),
    );
    let finished = false;
    void slots.then(() => (finished = true));
    // A millisecond at a time, so every grant happens at its own due time on the fake clock.
    while (!finished) await vi.advanceTimersByTimeAsync(1);
    const elapsed = (lastGrantAt - t0) / 1000;
    const burst = rate / 4;
    // Everything past the initial burst waited for tokens (the last take may overdraw by one
    // chunk), and no longer than that: each wait is rounded up to a whole millisecond at most.
    expect(elapsed).toBeGreaterThanOrEqual((sent - burst - 16_384) / rate);
    expect(elapsed).toBeLessThanOrEqual((sent - burst) / rate + 0.02);
  });

  it('rejects a waiting take when its signal aborts, and releases waiters when the cap is lifted', async () => {
    const bucket = new TokenBucket(1000);
    await bucket.take(40_000); // deep debt (burst is 16 KiB): the next take waits ~24 s
    const controller = new AbortController();
    const waiting = bucket.take(1000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortedError);
    const freed = bucket.take(1000);
    bucket.setRate(null);
    await expect(freed).resolves.toBeUndefined();
  });
});

describe('FileProgress', () => {
  it('never moves back and never passes the total, whatever happens to parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom('begin', 'bytes', 'drop', 'confirm'), fc.nat(9), fc.nat(200)), {
          maxLength: 200,
        }),
        (_, ops) => {
          const partSize = 100;
          const total = 10 * partSize - 37;
          const p = new FileProgress(total);
          const sentInAttempt = new Map<number, number>();
          const confirmed = new Set<number>();
          let last = 0;
          for (const [op, idx, n] of ops) {
            const part = idx + 1;
            const size = Math.min(partSize, total - idx * partSize);
            if (confirmed.has(part)) continue;
            if (op === 'begin') {
              p.beginPart(part);
              sentInAttempt.set(part, 0);
            } else if (op === 'bytes' && sentInAttempt.has(part)) {
              const add = Math.min(n, size - sentInAttempt.get(part)!);
              sentInAttempt.set(part, sentInAttempt.get(part)! + add);
              p.addInFlight(part, add);
            } else if (op === 'drop') {
              p.dropPart(part);
              sentInAttempt.delete(part);
            } else if (op === 'confirm' && sentInAttempt.get(part) === size) {
              p.confirmPart(part, size);
              confirmed.add(part);
              sentInAttempt.delete(part);
            }
            const s = p.snapshot();
            const shown = s.bytesConfirmed + s.bytesInFlight;
            expect(shown).toBeGreaterThanOrEqual(last);
            expect(shown).toBeLessThanOrEqual(total);
            expect(s.bytesInFlight).toBeGreaterThanOrEqual(0);
            last = shown;
          }
        },
      ),
    );
  });

  it('ends exactly at the total with nothing in flight', () => {
    const p = new FileProgress(250);
    for (const [part, size] of [
      [1, 100],
      [2, 100],
      [3, 50],
    ] as const) {
      p.beginPart(part);
      p.addInFlight(part, size);
      p.addInFlight(part, 0);
      p.confirmPart(part, size);
    }
    expect(p.snapshot()).toMatchObject({ bytesConfirmed: 250, bytesInFlight: 0, etaSeconds: 0 });
  });

  it('counts a re-sent part once (the Uppy #4897 trap)', () => {
    const p = new FileProgress(100);
    p.beginPart(1);
    p.addInFlight(1, 90);
    p.dropPart(1); // failed at 90 %
    p.beginPart(1);
    p.addInFlight(1, 100);
    expect(p.snapshot().bytesConfirmed + p.snapshot().bytesInFlight).toBe(100);
    p.confirmPart(1, 100);
    expect(p.snapshot()).toMatchObject({ bytesConfirmed: 100, bytesInFlight: 0 });
  });
});

describe('SpeedMeter and Throttle', () => {
  it('averages over the window and forgets old samples', () => {
    const m = new SpeedMeter(1000);
    for (let t = 0; t <= 1000; t += 100) m.add(10_000, t);
    expect(m.rate(1000)).toBeGreaterThan(90_000);
    expect(m.rate(1000)).toBeLessThan(120_000);
    expect(m.rate(5000)).toBe(0);
  });

  it('emits at most once per interval and always delivers the last value', () => {
    vi.useFakeTimers();
    try {
      const throttle = new Throttle(100);
      const seen: { value: number; at: number }[] = [];
      let value = 0;
      // A value every 2 ms for 450 ms, on the fake clock the throttle's timers and `now` share.
      for (let at = 0; at < 450; at += 2) {
        value++;
        throttle.run('a', () => seen.push({ value, at: performance.now() }), performance.now());
        vi.advanceTimersByTime(2);
      }
      vi.advanceTimersByTime(150);
      const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
      expect(gaps.every((gap) => gap >= 100)).toBe(true);
      expect(seen).toHaveLength(6); // at 0, 100, 200, 300, 400, and the trailing one at 500
      expect(seen.at(-1)!.value).toBe(value);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets the keys of uploads that went quiet (one key per upload, thousands in a day)', () => {
    const throttle = new Throttle(100);
    let calls = 0;
    // Each upload's last progress a second after the one before: none of them throttles another.
    for (let upload = 0; upload < 2000; upload++) throttle.run(`upload-${upload}`, () => calls++, upload * 1000);
    expect(calls).toBe(2000);
    expect(throttle.remembered).toBeLessThanOrEqual(2);
    // A key still within its interval stays held back across a generation change.
    throttle.run('busy', () => calls++, 2_000_000);
    throttle.run('other', () => calls++, 2_000_090);
    throttle.run('busy', () => calls++, 2_000_095);
    expect(calls).toBe(2002);
    throttle.clear();
  });
});

describe('retry policy', () => {
  it('classifies storage and API failures', () => {
    expect(classify({ status: 503 }).kind).toBe('retry');
    expect(classify({ status: 429, retryAfterSeconds: 3 })).toMatchObject({ kind: 'retry', retryAfterMs: 3000 });
    expect(classify({ status: 408 }).kind).toBe('retry');
    expect(classify({ status: 422, code: 'VALIDATION_ERROR' })).toMatchObject({
      kind: 'fatal',
      code: 'VALIDATION_ERROR',
    });
    expect(classify({ status: null, kind: 'Network', transient: true }).kind).toBe('unreachable');
    expect(classify({ status: null, kind: 'Cancelled' }).kind).toBe('aborted');
    expect(classify(Object.assign(new Error('x'), { code: 'ECONNRESET' })).kind).toBe('unreachable');
    expect(classify(new AbortedError()).kind).toBe('aborted');
    expect(classify(new Error('boom')).kind).toBe('fatal');
  });

  it('backs off exponentially with full jitter, capped, and never below Retry-After', () => {
    const o = { baseMs: 100, capMs: 1000 };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (attempt, r) => {
        const d = backoffDelay(attempt, { ...o, random: () => r });
        const step = Math.min(1000, 100 * 2 ** (attempt - 1));
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThan(step);
        expect(d).toBe(Math.floor(r * step));
      }),
    );
    expect(backoffDelay(1, { ...o, random: () => 0 }, 5000)).toBe(5000);
    expect(parseRetryAfter('2')).toBe(2000);
    // An HTTP date is read against the clock it is given (whole seconds, as the header carries).
    const now = Date.UTC(2026, 4, 1, 9, 30, 0);
    expect(parseRetryAfter(new Date(now + 3000).toUTCString(), now)).toBe(3000);
    expect(parseRetryAfter(new Date(now - 3000).toUTCString(), now)).toBe(0);
  });

  it('retries transient failures and gives up on others', async () => {
    let calls = 0;
    const value = await withRetries(
      async () => {
        calls++;
        if (calls < 3) throw Object.assign(new Error('down'), { status: 502 });
        return 'ok';
      },
      { baseMs: 1, capMs: 5, maxAttempts: 5 },
    );
    expect([value, calls]).toEqual(['ok', 3]);
    calls = 0;
    await expect(
      withRetries(
        async () => {
          calls++;
          throw Object.assign(new Error('nope'), { status: 404 });
        },
        { baseMs: 1, capMs: 5, maxAttempts: 5 },
      ),
    ).rejects.toThrow('nope');
    expect(calls).toBe(1);
  });
});

describe('URL expiry and ETags', () => {
  it('reads the expiry the URL carries', () => {
    expect(parseExpiry('http://h/storage/x?expires=1900000000&signature=ab')).toBe(1_900_000_000_000);
    expect(parseExpiry('https://b.s3/x?X-Amz-Date=20260501T093000Z&X-Amz-Expires=900&X-Amz-Signature=1')).toBe(
      Date.UTC(2026, 4, 1, 9, 45, 0),
    );
    expect(parseExpiry('http://h/x?sig=1')).toBeNull();
  });

  it('learns a shorter lifetime from a refused URL', () => {
    const life = new UrlLifetime();
    expect(life.expiresAt(Infinity, 0)).toBe(600_000);
    life.learnFromRefusal(10_000);
    expect(life.expiresAt(Infinity, 0)).toBe(8_000);
    expect(life.expiresAt(5_000, 0)).toBe(5_000);
    expect(UrlLifetime.marginMs(0, 2_000)).toBe(500);
  });

  it('normalises ETags', () => {
    expect(bareEtag('"ABCDEF0123456789abcdef0123456789"')).toBe('abcdef0123456789abcdef0123456789');
    expect(etagIsMd5('W/"abcdef0123456789abcdef0123456789"')).toBe(true);
    expect(etagIsMd5('"abc-3"')).toBe(false);
  });
});

describe('Md5Pool', () => {
  it('hashes parts on workers exactly like createHash, with bounded batches in flight', async () => {
    const pool = new Md5Pool(2);
    try {
      const parts = [0, 1, 2, 3].map((i) => randomBytes(3 * 1024 * 1024 + i * 4099));
      const digests = await Promise.all(
        parts.map(async (data, i) => {
          const hasher = pool.open();
          for (let at = 0; at < data.length; at += 192 * 1024 + i) {
            const wait = hasher.update(data.subarray(at, at + 192 * 1024 + i));
            if (wait) await wait;
          }
          return hasher.digest();
        }),
      );
      expect(digests).toEqual(parts.map((d) => createHash('md5').update(d).digest('hex')));
      const abandoned = pool.open();
      void abandoned.update(parts[0]!.subarray(0, 1000));
      abandoned.discard();
      const again = pool.open();
      void again.update(Buffer.from('abc'));
      expect(await again.digest()).toBe(createHash('md5').update('abc').digest('hex'));
    } finally {
      await pool.close();
    }
  });
});
