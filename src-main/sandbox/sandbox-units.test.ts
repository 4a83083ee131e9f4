// Main process / tests. The few rules that a black-box test cannot reach in reasonable time (the 24 h
// idempotency window, token-bucket arithmetic) plus the pure helpers, tested directly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../store/index.ts';
import { parseBearer } from './auth.ts';
import { RateLimiter, seededRandom } from './faults.ts';
import { IDEMPOTENCY_WINDOW_MS, IdempotencyStore, requestFingerprint } from './idempotency.ts';
import { parseCliArgs, SandboxOptionError } from './options.ts';
import { assessmentUpdateBody } from './request-schemas.ts';
import { SANDBOX_MIGRATIONS } from './migrations/index.ts';
import { UrlSigner } from './signing.ts';
import { createSql } from './sql.ts';
import { choosePartSize, normalizeEtag } from './uploads-repo.ts';
import { parseBody } from './validation.ts';
import { ApiError } from './envelope.ts';

describe('idempotency store', () => {
  const store = () =>
    new IdempotencyStore(createSql(openDatabase({ path: ':memory:', migrations: SANDBOX_MIGRATIONS })));

  it('replays within 24 hours and forgets after', () => {
    const s = store();
    const t0 = 1_000_000_000_000;
    const first = s.begin('tenantAdmin', 'k', 'f1', t0);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    first.claim.complete(201, '{"a":1}');
    first.claim.release();
    expect(s.begin('tenantAdmin', 'k', 'f1', t0 + IDEMPOTENCY_WINDOW_MS - 1)).toEqual({
      kind: 'replay',
      status: 201,
      body: '{"a":1}',
    });
    expect(s.begin('tenantAdmin', 'k', 'f2', t0 + 1000)).toEqual({ kind: 'conflict' });
    expect(s.begin('tenantAdmin', 'k', 'f2', t0 + IDEMPOTENCY_WINDOW_MS).kind).toBe('claimed');
  });

  it('a claim in progress conflicts until released; a released claim without result is forgotten', () => {
    const s = store();
    const first = s.begin('p', 'k', 'f', 1);
    expect(s.begin('p', 'k', 'f', 2)).toEqual({ kind: 'conflict' });
    if (first.kind === 'claimed') first.claim.release();
    expect(s.begin('p', 'k', 'f', 3).kind).toBe('claimed');
  });

  it('fingerprints ignore key order but not values, method or path', () => {
    expect(requestFingerprint('POST', '/a', { x: 1, y: [1, { b: 2, a: 1 }] })).toBe(
      requestFingerprint('POST', '/a', { y: [1, { a: 1, b: 2 }], x: 1 }),
    );
    expect(requestFingerprint('POST', '/a', { x: 1 })).not.toBe(requestFingerprint('POST', '/a', { x: 2 }));
    expect(requestFingerprint('POST', '/a', {})).not.toBe(requestFingerprint('POST', '/b', {}));
  });
});

describe('token bucket', () => {
  it('allows a burst of `rate`, then one request per 1/rate seconds, with Retry-After rounded up', () => {
    const limiter = new RateLimiter();
    const t = 5_000;
    for (let index = 0; index < 4; index += 1) expect(limiter.take('k', 4, t).ok).toBe(true);
    expect(limiter.take('k', 4, t)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('k', 4, t + 250).ok).toBe(true);
    expect(limiter.take('other', 4, t).ok).toBe(true);
    const slow = new RateLimiter();
    expect(slow.take('k', 0.25, 0).ok).toBe(true);
    expect(slow.take('k', 0.25, 0)).toEqual({ ok: false, retryAfterSeconds: 4 });
    expect(slow.take('k', 0.25, 4000).ok).toBe(true);
  });
});

describe('helpers', () => {
  it('parseBearer accepts exactly "Bearer <token68>"', () => {
    expect(parseBearer('Bearer abc.DEF-_~+/=')).toBe('abc.DEF-_~+/=');
    for (const bad of [
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'bearer abc',
      'Bearer  abc',
      'Bearer a b',
      ' Bearer abc',
      'Bearer abc ',
    ]) {
      expect(parseBearer(bad)).toBeNull();
    }
  });

  it('signed URLs verify until they expire and not after any change', () => {
    const signer = new UrlSigner(Buffer.alloc(32, 1));
    const url = new URL(signer.sign('http://h', 'PUT', '/storage/uploads/x/parts/1', 2000));
    const expires = url.searchParams.get('expires') ?? undefined;
    const signature = url.searchParams.get('signature') ?? undefined;
    expect(signer.verify('PUT', url.pathname, expires, signature, 1_999_999)).toBe('ok');
    expect(signer.verify('PUT', url.pathname, expires, signature, 2_000_000)).toBe('expired');
    expect(signer.verify('GET', url.pathname, expires, signature, 0)).toBe('invalid');
    expect(signer.verify('PUT', `${url.pathname}0`, expires, signature, 0)).toBe('invalid');
    expect(signer.verify('PUT', url.pathname, '2001', signature, 0)).toBe('invalid');
  });

  it('part size grows so no file needs more than 10,000 parts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 * 1024 ** 4 }),
        fc.integer({ min: 1, max: 64 * 1024 * 1024 }),
        (size, configured) => {
          const part = choosePartSize(size, configured, 10_000);
          expect(Math.ceil(size / part)).toBeLessThanOrEqual(10_000);
          expect(part).toBeGreaterThanOrEqual(configured);
        },
      ),
    );
  });

  it('ETags compare without quotes, W/ or case', () => {
    expect(normalizeEtag('"ABCdef"')).toBe('abcdef');
    expect(normalizeEtag('W/"abc"')).toBe('abc');
    expect(normalizeEtag(' abc ')).toBe('abc');
  });

  it('titles of any length are accepted exactly when 1..255 characters (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (title) => {
        const length = [...title].length;
        let accepted = true;
        try {
          parseBody(assessmentUpdateBody, { title });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          accepted = false;
          expect(error.errors[0]?.code).toBe(length === 0 ? 'min_length' : 'max_length');
        }
        expect(accepted).toBe(length >= 1 && length <= 255);
      }),
    );
  });

  it('seeded random sources repeat', () => {
    const a = seededRandom(9);
    const b = seededRandom(9);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('CLI options: numbers, flags and refusals', () => {
    expect(
      parseCliArgs(['--port', '8080', '--fail-rate', '0.25', '--allow-remote', '--host', '0.0.0.0']).options,
    ).toMatchObject({
      port: 8080,
      failRate: 0.25,
      allowRemote: true,
      host: '0.0.0.0',
    });
    expect(() => parseCliArgs(['--latency', '-5'])).toThrow(SandboxOptionError);
    expect(() => parseCliArgs(['--seed', 'big'])).toThrow(SandboxOptionError);
    expect(() => parseCliArgs(['extra'])).toThrow(SandboxOptionError);
    expect(parseCliArgs(['--help']).help).toBe(true);
  });
});

describe('--no-structure', () => {
  it('parses to noStructure (off by default)', () => {
    expect(parseCliArgs(['--no-structure']).options.noStructure).toBe(true);
    expect(parseCliArgs([]).options.noStructure).toBe(false);
  });
});
