// Main process / tests. Black-box: each fault option does what it says — fail rate (500 envelopes,
// before or after the work, repeatable with a seed), rate limit (429 + Retry-After), latency, storage
// failures (500 or dropped connection), stalls (the server stops reading), expired and tampered URLs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedError, firstId, MESSAGES, startClient } from './test-support/http.ts';
import type { Client } from './test-support/http.ts';
import { bytesOf, createSession, download, putPart, signParts, uploadBytes } from './test-support/uploads.ts';

const PART = 32 * 1024;
let client: Client;
let courseId: string;

beforeAll(async () => {
  client = await startClient({ partSize: PART, randomSeed: 7 });
  courseId = await firstId(client, '/courses');
});
afterAll(() => client.sandbox.close());

const reset = () =>
  client.sandbox.setFaults({
    failRate: 0,
    storageFailRate: 0,
    stallRate: 0,
    latencyMs: 0,
    storageLatencyMs: 0,
    rateLimit: 0,
    urlTtlSeconds: 900,
  });

describe('fail rate', () => {
  it('failRate 1 answers every API request with the 500 envelope', async () => {
    client.sandbox.setFaults({ failRate: 1 });
    try {
      for (const path of ['/categories', '/courses', `/courses/${courseId}`, '/assessments']) {
        const reply = await client.get(path);
        expect(reply.status).toBe(500);
        expect(reply.json).toEqual(expectedError(500, MESSAGES[500]));
      }
    } finally {
      reset();
    }
  });

  it('a failed create either did nothing or its result replays under the same key: one resource per key', async () => {
    const marker = randomUUID();
    const keys = Array.from({ length: 12 }, () => randomUUID());
    const body = (index: number) => ({ course_id: courseId, title: `${marker} #${index}`, description: 'x' });
    client.sandbox.setFaults({ failRate: 1 });
    for (const [index, key] of keys.entries())
      expect((await client.post('/assessments', body(index), { idem: key })).status).toBe(500);
    reset();
    const committedEarly = (await client.get(`/assessments?search=${marker}`)).json.data.paginator.count as number;
    // Some of the 500s came after the work was done (seeded): those exist already.
    expect(committedEarly).toBeGreaterThan(0);
    expect(committedEarly).toBeLessThan(keys.length);
    for (const [index, key] of keys.entries())
      expect((await client.post('/assessments', body(index), { idem: key })).status).toBe(201);
    expect((await client.get(`/assessments?search=${marker}`)).json.data.paginator.count).toBe(keys.length);
  });

  it('with failRate 0.3 a client that retries with the same key succeeds, one resource per create', async () => {
    const marker = randomUUID();
    client.sandbox.setFaults({ failRate: 0.3 });
    let failures = 0;
    try {
      for (let index = 0; index < 15; index += 1) {
        const key = randomUUID();
        let reply = await client.post('/assignments', { title: `${marker} ${index}`, description: 'x' }, { idem: key });
        while (reply.status === 500) {
          failures += 1;
          reply = await client.post('/assignments', { title: `${marker} ${index}`, description: 'x' }, { idem: key });
        }
        expect(reply.status).toBe(201);
      }
    } finally {
      reset();
    }
    expect(failures).toBeGreaterThan(0);
  });

  it('the same random seed gives the same failures', async () => {
    const run = async () => {
      const sandbox = await startClient({ failRate: 0.5, randomSeed: 1234, seed: 'empty' });
      try {
        const statuses: number[] = [];
        for (let index = 0; index < 20; index += 1) statuses.push((await sandbox.get('/categories')).status);
        return statuses;
      } finally {
        await sandbox.sandbox.close();
      }
    };
    const [a, b] = [await run(), await run()];
    expect(a).toEqual(b);
    expect(new Set(a)).toEqual(new Set([200, 500]));
  });
});

describe('rate limit', () => {
  it('beyond the bucket → 429 envelope with Retry-After; per key; refills', async () => {
    client.sandbox.setFaults({ rateLimit: 3 });
    try {
      const statuses: number[] = [];
      let limited: Awaited<ReturnType<Client['get']>> | undefined;
      for (let index = 0; index < 6; index += 1) {
        const reply = await client.get('/categories');
        statuses.push(reply.status);
        if (reply.status === 429) limited ??= reply;
      }
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(limited?.json).toEqual(expectedError(429, MESSAGES[429]));
      const retryAfter = Number(limited?.headers['retry-after']);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      expect((await client.get('/categories', { key: client.sandbox.keys.tenantViewer })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      expect((await client.get('/categories')).status).toBe(200);
    } finally {
      reset();
    }
  });
});

describe('latency', () => {
  it('delays every API request by at least latencyMs', async () => {
    client.sandbox.setFaults({ latencyMs: 150 });
    try {
      const started = Date.now();
      expect((await client.get('/categories')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      reset();
    }
  });
});

describe('storage latency', () => {
  it('delays the answer of every part PUT by at least storageLatencyMs, and the part is stored', async () => {
    const session = await createSession(client, PART);
    const urls = await signParts(client, session.id, [1]);
    client.sandbox.setFaults({ storageLatencyMs: 150 });
    try {
      const started = Date.now();
      expect((await putPart(urls.get(1) ?? '', bytesOf(PART))).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(145);
    } finally {
      reset();
    }
    expect((await client.get(`/uploads/${session.id}/parts`)).json.data.parts).toHaveLength(1);
  });
});

/**
 * How undici reports a connection the server destroyed mid-request: its SocketError ("other side
 * closed"); a reset that lands while the body is still going out surfaces as the socket's ECONNRESET.
 */
const DROPPED_CONNECTION = /^(UND_ERR_SOCKET|ECONNRESET)$/;

describe('storage faults', () => {
  it('storageFailRate 1: every PUT fails with a 500 or a dropped connection, and nothing is stored', async () => {
    const session = await createSession(client, PART);
    const urls = await signParts(client, session.id, [1]);
    client.sandbox.setFaults({ storageFailRate: 1 });
    const outcomes = new Set<string>();
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        // Only the request may fail, and only as a connection the server closed mid-request.
        const put = await putPart(urls.get(1) ?? '', bytesOf(PART)).catch((reason: unknown) => reason as Error);
        if (put instanceof Error) {
          expect(put).toMatchObject({ code: expect.stringMatching(DROPPED_CONNECTION) });
          outcomes.add('dropped');
          continue;
        }
        expect(put.status).toBe(500);
        expect(put.text).toContain('<Code>InternalError</Code>');
        outcomes.add('500');
      }
    } finally {
      reset();
    }
    expect(outcomes).toEqual(new Set(['500', 'dropped']));
    expect((await client.get(`/uploads/${session.id}/parts`)).json.data.parts).toEqual([]);
    expect((await putPart(urls.get(1) ?? '', bytesOf(PART))).status).toBe(200);
  });

  it('stallRate 1: the server stops reading mid-body; the client times out; the server keeps serving', async () => {
    const size = 4 * 1024 * 1024;
    const big = await startClient({ partSize: size, seed: 'empty', stallRate: 1, randomSeed: 3 });
    try {
      const session = await createSession(big, size);
      const urls = await signParts(big, session.id, [1]);
      const body = bytesOf(size);
      const error = await putPart(urls.get(1) ?? '', body, { timeoutMs: 800 }).then(
        () => null,
        (reason: unknown) => reason as { code?: string },
      );
      // The body never finished sending and no answer came: the client's own timeout ended it.
      expect(error?.code).toMatch(/^UND_ERR_(HEADERS|BODY)_TIMEOUT$/);
      expect((await big.get(`/uploads/${session.id}/parts`)).json.data.parts).toEqual([]);
      big.sandbox.setFaults({ stallRate: 0 });
      expect((await putPart(urls.get(1) ?? '', bytesOf(size))).status).toBe(200);
    } finally {
      await big.sandbox.close();
    }
  });
});

describe('presigned URLs', () => {
  it('expired part and asset URLs → 403 (not an envelope); signing again works', async () => {
    try {
      // Uploaded with the usual lifetime (a 1 s URL can expire before its PUT on a busy machine);
      // the asset URL read again once URLs live 1 s is the one that must expire.
      const { session } = await uploadBytes(client, bytesOf(100));
      client.sandbox.setFaults({ urlTtlSeconds: 1 });
      const expiring = (await client.get(`/uploads/${session.id}`)).json.data.asset_url as string;
      const other = await createSession(client, PART);
      const urls = await signParts(client, other.id, [1]);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const put = await putPart(urls.get(1) ?? '', bytesOf(PART));
      expect(put.status).toBe(403);
      expect(put.text).toContain('<Code>AccessDenied</Code>');
      expect((await download(expiring)).status).toBe(403);
      client.sandbox.setFaults({ urlTtlSeconds: 900 });
      const fresh = await signParts(client, other.id, [1]);
      expect((await putPart(fresh.get(1) ?? '', bytesOf(PART))).status).toBe(200);
      const asset = (await client.get(`/uploads/${session.id}`)).json.data.asset_url as string;
      expect((await download(asset)).status).toBe(200);
    } finally {
      reset();
    }
  });

  it('tampered URLs → 403 SignatureDoesNotMatch', async () => {
    const session = await createSession(client, 2 * PART);
    const url = new URL((await signParts(client, session.id, [1])).get(1) ?? '');
    const signature = url.searchParams.get('signature') ?? '';
    const variants = [
      (u: URL) => u.searchParams.set('signature', `${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`),
      (u: URL) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600)),
      (u: URL) => (u.pathname = u.pathname.replace(/\/1$/, '/2')),
      (u: URL) => u.searchParams.delete('signature'),
      (u: URL) => u.searchParams.delete('expires'),
      (u: URL) => u.searchParams.set('signature', 'not-hex'),
    ];
    for (const tamper of variants) {
      const copy = new URL(url);
      tamper(copy);
      const put = await putPart(copy.toString(), bytesOf(PART));
      expect(put.status).toBe(403);
      expect(put.text).toContain('SignatureDoesNotMatch');
    }
    const { session: done } = await uploadBytes(client, bytesOf(10));
    const asset = new URL(done.asset_url);
    asset.searchParams.set('expires', String(Number(asset.searchParams.get('expires')) + 1));
    expect((await download(asset.toString())).status).toBe(403);
  });

  it('a part URL cannot be used to read, nor an asset URL to write', async () => {
    const { session } = await uploadBytes(client, bytesOf(10));
    expect((await putPart(session.asset_url, bytesOf(10))).status).toBe(404);
  });
});

describe('setFaults', () => {
  it('rejects impossible values', () => {
    expect(() => client.sandbox.setFaults({ failRate: 2 })).toThrow(/between 0 and 1/);
    expect(() => client.sandbox.setFaults({ urlTtlSeconds: 0 })).toThrow();
    expect(() => client.sandbox.setFaults({ latencyMs: -1 })).toThrow();
  });
});
