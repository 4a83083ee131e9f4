// Tests (plain Node): the client against scripted stub servers over real HTTP on 127.0.0.1, for
// the failures a well-behaved sandbox never produces: malformed envelopes, hangs, bare 404/405.
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from './index.ts';
import type { ApiClient, ApiClientOptions } from './index.ts';
import {
  ApiError,
  CancelledError,
  ConflictError,
  ContractError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnsupportedOperationError,
  ValidationError,
} from './errors.ts';
import * as fx from './test-support/index.ts';
import type { Stub, StubReply, StubRequest } from './test-support/index.ts';

const KEY = 'sk_test_SECRET_stub_key_0123456789';
const fast = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20, deadlineMs: 10_000 };

let stub: Stub | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  await client?.close();
  await stub?.close();
  client = undefined;
  stub = undefined;
});

async function setup(
  handler: (req: StubRequest, i: number) => StubReply | Promise<StubReply>,
  extra: Partial<ApiClientOptions> = {},
): Promise<{ stub: Stub; client: ApiClient }> {
  stub = await fx.startStub(handler);
  client = createApiClient({ baseUrl: stub.baseUrl, apiKey: KEY, retry: fast, ...extra });
  return { stub, client };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a rejection');
}

describe('requests', () => {
  it('sends the documented headers, the prefix, and a body only when there is one', async () => {
    const { stub, client } = await setup((req) =>
      req.method === 'PATCH'
        ? { status: 200, json: fx.ok(fx.assessment()) }
        : { status: 200, json: fx.ok(fx.page([])) },
    );
    await client.courses.list({ search: 'a b', pageSize: 5, category: 'c1' });
    await client.assessments.update('a1', { title: 'T' });
    const [get, patch] = stub.requests;
    expect(get!.url).toBe('/v1/external/learning/courses?search=a+b&page_size=5&category=c1');
    expect(get!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(get!.headers.accept).toBe('application/json');
    expect(get!.headers['user-agent']).toMatch(/^Lectern\/\d+\.\d+\.\d+/);
    expect(get!.headers['content-type']).toBeUndefined();
    expect(patch!.url).toBe('/v1/external/learning/assessments/a1');
    expect(patch!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(patch!.body)).toEqual({ title: 'T' });
  });

  it('appends the API prefix to a base URL with a path and accepts a pasted API root', async () => {
    const { stub } = await setup(() => ({ status: 200, json: fx.ok(fx.page([])) }));
    const a = createApiClient({ baseUrl: `${stub.origin}/tenant/`, apiKey: KEY });
    const b = createApiClient({ baseUrl: `${stub.origin}/v1/external/learning`, apiKey: KEY });
    await a.quizzes.list();
    await b.quizzes.list();
    await a.close();
    await b.close();
    expect(stub.requests.map((r) => r.url)).toEqual([
      '/tenant/v1/external/learning/quizzes',
      '/v1/external/learning/quizzes',
    ]);
  });

  it('asks an async key getter on every call', async () => {
    let calls = 0;
    const { stub } = await setup(() => ({ status: 200, json: fx.ok(fx.page([])) }), {
      apiKey: async () => `${KEY}-${++calls}`,
    });
    await client!.categories.list();
    await client!.categories.list();
    expect(stub.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}-1`, `Bearer ${KEY}-2`]);
  });

  it('accepts 204 and 200-with-null-data on deletes', async () => {
    const { client } = await setup((_r, i) => (i === 0 ? { status: 204 } : { status: 200, json: fx.ok(null) }));
    await expect(client.assessments.delete('x')).resolves.toBeUndefined();
    await expect(client.lessons.delete('c', 's', 'l')).resolves.toBeUndefined();
  });
});

describe('contract violations', () => {
  it('a bad enum inside a page is a deviation: the data comes back and the path is recorded', async () => {
    const results = [fx.course(), fx.course(), { ...fx.course(), status: 'LIVE' }, { ...fx.course(), status: 'LIVE' }];
    const seen: unknown[] = [];
    const { client } = await setup(() => ({ status: 200, json: fx.ok(fx.page(results)) }), {
      onDeviation: (record, isNew) => seen.push({ path: record.jsonPath, isNew }),
    });
    const page = await client.courses.list();
    expect(page.results.map((c) => c.status)).toEqual(['PUBLISHED', 'PUBLISHED', 'LIVE', 'LIVE']);
    await client.courses.list();
    expect(seen).toEqual([
      { path: 'data.results[*].status', isNew: true },
      { path: 'data.results[*].status', isNew: false },
    ]);
    expect(client.deviations()).toEqual([
      expect.objectContaining({
        operation: 'courses.list',
        jsonPath: 'data.results[*].status',
        expected: 'one of "DRAFT" | "PUBLISHED" | "ARCHIVED"',
        received: 'string "LIVE"',
        count: 4,
      }),
    ]);
  });

  it('with strict reading, names the JSON path of a bad enum inside a page', async () => {
    const results = [fx.course(), fx.course(), fx.course(), { ...fx.course(), status: 'LIVE' }];
    const { client } = await setup(() => ({ status: 200, json: fx.ok(fx.page(results)) }), { strict: true });
    const err = await caught(client.courses.list());
    expect(err).toBeInstanceOf(ContractError);
    const c = err as ContractError;
    expect(c.jsonPath).toBe('data.results[3].status');
    expect(c.expected).toBe('one of "DRAFT" | "PUBLISHED" | "ARCHIVED"');
    expect(c.received).toBe('string "LIVE"');
    expect(c.toJSON()).toMatchObject({ kind: 'ContractError', jsonPath: 'data.results[3].status', status: 200 });
  });

  it.each<[string, () => unknown, string, string, boolean?]>([
    ['missing envelope field', () => ({ ...fx.ok(fx.page([])), errors: undefined }), 'errors', 'array'],
    ['success false on a 200', () => ({ ...fx.ok(fx.page([])), success: false }), 'success', 'true'],
    [
      'paginator field of the wrong type',
      () => fx.ok(fx.page([], null, { count: '3' })),
      'data.paginator.count',
      'number',
    ],
    [
      'bad uuid in a nested list',
      () => fx.ok(fx.page([{ ...fx.course(), categories: [{ ...fx.category(), id: 'x' }] }])),
      'data.results[0].categories[0].id',
      'string in uuid format',
    ],
    [
      'non-integer',
      () => fx.ok(fx.page([{ ...fx.course(), quizzes_count: 1.5 }])),
      'data.results[0].quizzes_count',
      'integer',
      true,
    ],
    [
      'bad date-time',
      () => fx.ok(fx.page([{ ...fx.course(), updated_datetime: 'yesterday' }])),
      'data.results[0].updated_datetime',
      'string in date-time format',
      true,
    ],
    ['not an object', () => [1, 2], '$', 'object'],
  ])('%s', async (_name, body, path, expected, strict) => {
    const { client } = await setup(() => ({ status: 200, json: body() }), { strict: strict ?? false });
    const err = (await caught(client.courses.list())) as ContractError;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.jsonPath).toBe(path);
    expect(err.expected).toBe(expected);
  });

  it('a body that is not JSON, and a 204 where an envelope is due', async () => {
    const { client } = await setup((_r, i) => (i === 0 ? { status: 200, text: '<html>' } : { status: 204 }));
    const a = (await caught(client.categories.list())) as ContractError;
    expect(a).toBeInstanceOf(ContractError);
    expect(a.jsonPath).toBe('$');
    const b = (await caught(client.courses.get('c'))) as ContractError;
    expect(b).toBeInstanceOf(ContractError);
    expect(b.received).toContain('empty 204');
  });

  it('a malformed error envelope on a documented operation', async () => {
    const { client } = await setup(() => ({ status: 400, json: { ...fx.fail(400), errors: [{ field: 'x' }] } }));
    const err = (await caught(client.assessments.get('a'))) as ContractError;
    expect(err).toBeInstanceOf(ContractError);
    expect(err.jsonPath).toBe('errors[0].code');
    expect(err.status).toBe(400);
  });

  it('a next link to another origin is refused, never followed', async () => {
    const { stub, client } = await setup(() => ({
      status: 200,
      json: fx.ok(fx.page([fx.category()], 'http://evil.example/v1/external/learning/categories?page=2')),
    }));
    const seen: unknown[] = [];
    const err = await caught(
      (async () => {
        for await (const c of client.categories.iterate()) seen.push(c);
      })(),
    );
    expect(err).toBeInstanceOf(ContractError);
    expect((err as ContractError).jsonPath).toBe('data.paginator.next');
    expect(seen).toHaveLength(1);
    expect(stub.requests).toHaveLength(1);
  });
});

describe('unsupported assumed operations', () => {
  it('404 or 405 without an envelope on an assumed operation is UnsupportedOperation', async () => {
    const { client } = await setup((req) =>
      req.method === 'DELETE'
        ? { status: 405, text: 'Method Not Allowed' }
        : { status: 404, text: '<h1>Not Found</h1>' },
    );
    const a = await caught(client.courses.list());
    expect(a).toBeInstanceOf(UnsupportedOperationError);
    expect(a.toIpcError()).toMatchObject({
      code: 'API_UNSUPPORTED_OPERATION',
      details: { status: 404, operation: 'courses.list' },
    });
    expect(a.message).toMatch(/not available on this server/i);
    expect(await caught(client.uploads.abort('u'))).toBeInstanceOf(UnsupportedOperationError);
  });

  it('any 404 on an assumed route without ids is UnsupportedOperation, except a page past the end', async () => {
    const { client } = await setup(() => ({ status: 404, json: fx.fail(404, 'REQUEST_FAILED', 'Not found.') }));
    for (const call of [
      client.courses.list(),
      client.assessments.list(),
      client.uploads.create(
        { upload_type: 'VIDEO', file_name: 'a.mp4', content_type: 'video/mp4', file_size: 1 },
        { idempotencyKey: 'k' },
      ),
    ]) {
      const error = await caught(call);
      expect(error).toBeInstanceOf(UnsupportedOperationError);
      expect(error.message).toMatch(/not available on this server/i);
    }
    expect(await caught(client.courses.list({ page: 1 }))).toBeInstanceOf(UnsupportedOperationError);
    expect(await caught(client.courses.list({ page: 3 }))).toBeInstanceOf(NotFoundError);
    expect(await caught(client.courses.get('c'))).toBeInstanceOf(NotFoundError);
  });

  it('a 404 with an envelope is a real NotFound; a documented operation never becomes Unsupported', async () => {
    const { client } = await setup((req) =>
      req.url.includes('/courses/')
        ? { status: 404, json: fx.fail(404, 'REQUEST_FAILED', 'Resource not found.') }
        : { status: 404, text: 'nope' },
    );
    expect(await caught(client.courses.get('c'))).toBeInstanceOf(NotFoundError);
    expect(await caught(client.quizzes.list())).toBeInstanceOf(ContractError);
  });
});

describe('retries', () => {
  it('retries 5xx and network drops on GET, then succeeds', async () => {
    const { stub, client } = await setup((_r, i) =>
      i === 0
        ? { status: 500, json: fx.fail(500) }
        : i === 1
          ? { destroy: true }
          : i === 2
            ? { status: 502, text: 'bad gateway' }
            : { status: 200, json: fx.ok(fx.page([])) },
    );
    await expect(client.quizzes.list()).resolves.toMatchObject({ results: [] });
    expect(stub.requests).toHaveLength(4);
    expect(client.requestLog().map((e) => [e.attempt, e.status, e.outcome])).toEqual([
      [1, 500, 'ServerError'],
      [2, null, 'Network'],
      [3, 502, 'ServerError'],
      [4, 200, 'ok'],
    ]);
  });

  it('gives up after maxAttempts with the last typed error', async () => {
    const { stub, client } = await setup(() => ({ status: 503, json: fx.fail(503) }));
    const err = await caught(client.quizzes.list());
    expect(err).toBeInstanceOf(ServerError);
    expect(err.attempts).toBe(4);
    expect(stub.requests).toHaveLength(4);
  });

  it('does not retry client errors', async () => {
    const { stub, client } = await setup(() => ({
      status: 422,
      json: fx.fail(422, 'VALIDATION_ERROR', 'Some fields contain invalid values.', [
        { field: 'title', code: 'max_length', message: 'Too long.' },
      ]),
    }));
    const err = (await caught(client.assessments.update('a', { title: 'x'.repeat(300) }))) as ValidationError;
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.fieldErrors).toEqual([{ field: 'title', code: 'max_length', message: 'Too long.' }]);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(stub.requests).toHaveLength(1);
  });

  it('retries a create with the same Idempotency-Key on every attempt', async () => {
    const { stub, client } = await setup((_r, i) =>
      i < 2 ? { destroy: true } : { status: 201, json: fx.ok(fx.assessment(), 201) },
    );
    await client.assessments.create({ course_id: fx.id(), title: 'T', description: 'D' }, { idempotencyKey: 'key-1' });
    expect(stub.requests.map((r) => r.headers['idempotency-key'])).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('retries a 409 on a create a bounded number of times, then raises Conflict', async () => {
    const { stub, client } = await setup(() => ({ status: 409, json: fx.fail(409) }), {
      retry: { ...fast, maxAttempts: 10 },
    });
    const err = await caught(client.assignments.create({ title: 'T', description: 'D' }, { idempotencyKey: 'k' }));
    expect(err).toBeInstanceOf(ConflictError);
    expect(stub.requests).toHaveLength(1 + 4);
  });

  it('a 409 "in progress" that resolves returns the replayed resource', async () => {
    const made = fx.uploadSession();
    const { client } = await setup((_r, i) =>
      i === 0 ? { status: 409, json: fx.fail(409) } : { status: 201, json: fx.ok(made, 201) },
    );
    const s = await client.uploads.create(
      { upload_type: 'VIDEO', file_name: 'a.mp4', content_type: 'video/mp4', file_size: 1 },
      { idempotencyKey: 'k' },
    );
    expect(s.id).toBe(made.id);
  });

  it('does not retry 409 on a PATCH', async () => {
    const { stub, client } = await setup(() => ({ status: 409, json: fx.fail(409) }));
    expect(await caught(client.assessments.update('a', {}))).toBeInstanceOf(ConflictError);
    expect(stub.requests).toHaveLength(1);
  });

  it('waits at least Retry-After on 429', async () => {
    // The client's own wait, on a clock of the test's: no second of real time goes by.
    const waits: number[] = [];
    const { client, stub } = await setup(
      (_r, i) =>
        i === 0
          ? { status: 429, json: fx.fail(429), headers: { 'retry-after': '1' } }
          : { status: 200, json: fx.ok(fx.page([])) },
      { sleep: async (ms) => void waits.push(ms) },
    );
    await client.categories.list();
    expect(stub.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);
    const [first, second] = client.requestLog();
    expect(first!.status).toBe(429);
    expect(second!.status).toBe(200);
  });

  it('raises RateLimited with retryAfterSeconds when the wait would pass the deadline', async () => {
    const { client } = await setup(() => ({ status: 429, json: fx.fail(429), headers: { 'retry-after': '120' } }));
    const err = (await caught(client.categories.list())) as RateLimitedError;
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.retryAfterSeconds).toBe(120);
    expect(err.toJSON().retryAfterSeconds).toBe(120);
  });

  it('a delete retried after an ambiguous failure treats 404 as done', async () => {
    const { client } = await setup((_r, i) =>
      i === 0 ? { status: 500, json: fx.fail(500) } : { status: 404, json: fx.fail(404) },
    );
    await expect(client.assessments.delete('a')).resolves.toBeUndefined();
  });

  it('a complete retried after an ambiguous failure confirms by retrieving the session', async () => {
    const done: Record<string, unknown> = { ...fx.uploadSession(), status: 'COMPLETED' };
    const { client } = await setup((req, i) =>
      req.method === 'GET'
        ? { status: 200, json: fx.ok(done) }
        : i === 0
          ? { destroy: true }
          : { status: 409, json: fx.fail(409) },
    );
    await expect(client.uploads.complete(String(done.id), [{ part_number: 1, etag: '"e"' }])).resolves.toMatchObject({
      status: 'COMPLETED',
    });
  });
});

describe('timeouts and cancellation', () => {
  it('a headers timeout fires and is retried, then raised as Timeout', async () => {
    const { stub, client } = await setup(() => ({ hang: true }), {
      timeouts: { headersMs: 150 },
      retry: { ...fast, maxAttempts: 2 },
    });
    const err = (await caught(client.categories.list())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.phase).toBe('headers');
    expect(stub.requests).toHaveLength(2);
  });

  it('a stalled body fires the body timeout', async () => {
    const { client } = await setup(() => ({ status: 200, stallBody: true }), {
      timeouts: { bodyMs: 150 },
      retry: { ...fast, maxAttempts: 1 },
    });
    const err = (await caught(client.categories.list())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.phase).toBe('body');
  });

  it('the overall deadline stops the retries', async () => {
    const { stub, client } = await setup(() => ({ hang: true }), {
      retry: { ...fast, maxAttempts: 50, deadlineMs: 300 },
    });
    const err = (await caught(client.categories.list())) as TimeoutError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err.phase).toBe('deadline');
    // The deadline, not the attempt budget, ended it: far fewer than 50 attempts went out.
    expect(stub.requests.length).toBeLessThan(50);
  });

  it('an AbortSignal cancels a hanging request without retrying', async () => {
    const ac = new AbortController();
    // Aborted once the request is at the server (which never answers), however slow the machine.
    const { stub, client } = await setup(() => {
      setImmediate(() => ac.abort());
      return { hang: true };
    });
    const err = await caught(client.courses.get('c', { signal: ac.signal }));
    expect(err).toBeInstanceOf(CancelledError);
    expect(stub.requests).toHaveLength(1);
    expect(await caught(client.courses.get('c', { signal: AbortSignal.abort() }))).toBeInstanceOf(CancelledError);
  });

  it('an unreachable server is a Network error after the bounded retries', async () => {
    const { stub } = await setup(() => ({ status: 200 }));
    const base = stub.baseUrl;
    await stub.close();
    const c = createApiClient({ baseUrl: base, apiKey: KEY, retry: fast });
    const err = (await caught(c.categories.list())) as NetworkError;
    await c.close();
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.notSent).toBe(true);
    expect(err.attempts).toBe(4);
  });
});

describe('pagination', () => {
  it('follows next links verbatim and stops on a repeated link', async () => {
    const { stub, client } = await setup((req) => {
      const u = `${stub.origin}/v1/external/learning/quizzes`;
      if (req.url.endsWith('/quizzes?page_size=2'))
        return { status: 200, json: fx.ok(fx.page([fx.quiz()], `${u}?cursor=opaque%2Fz&x=1`)) };
      if (req.url.includes('cursor=opaque%2Fz'))
        return { status: 200, json: fx.ok(fx.page([fx.quiz()], `${u}?cursor=second`)) };
      return { status: 200, json: fx.ok(fx.page([fx.quiz()], `${u}?cursor=opaque%2Fz&x=1`)) };
    });
    const got = [];
    for await (const q of client.quizzes.iterate({ pageSize: 2 })) got.push(q);
    expect(got).toHaveLength(3);
    expect(stub.requests.map((r) => r.url)).toEqual([
      '/v1/external/learning/quizzes?page_size=2',
      '/v1/external/learning/quizzes?cursor=opaque%2Fz&x=1',
      '/v1/external/learning/quizzes?cursor=second',
    ]);
  });

  it('stops fetching when the consumer breaks', async () => {
    const { stub, client } = await setup((req) => ({
      status: 200,
      json: fx.ok(
        fx.page(
          [fx.section(), fx.section()],
          `${stub.origin}${req.url.split('?')[0]}?page=${stub.requests.length + 1}`,
        ),
      ),
    }));
    let seen = 0;
    for await (const _s of client.sections.iterate('c1')) {
      if (++seen === 3) break;
    }
    expect(stub.requests).toHaveLength(2);
  });
});

describe('secrecy', () => {
  it('the key appears in no error, log entry or serialised object, even when the server echoes it', async () => {
    const logged: unknown[] = [];
    const { client } = await setup(
      (req, i) => {
        if (i === 0) return { status: 401, json: fx.fail(401, 'AUTHENTICATION_FAILED', `Bad key ${KEY}`, []) };
        if (i === 1)
          return {
            status: 422,
            json: fx.fail(422, 'VALIDATION_ERROR', 'x', [{ field: 'f', code: 'invalid', message: KEY }]),
          };
        if (i === 2)
          return {
            status: 200,
            // A clipped description must not keep a piece of the key either.
            json: fx.ok(fx.page([{ ...fx.course(), status: KEY, name: 7, level: `${'x'.repeat(40)}${KEY}` }])),
          };
        if (i === 3) return { status: 200, json: fx.ok(fx.page([{ ...fx.course(), id: KEY }])) };
        return { destroy: true };
      },
      { onRequest: (e) => logged.push(e), retry: { ...fast, maxAttempts: 2 } },
    );
    const errors = [
      await caught(client.assessments.get('a')),
      await caught(client.assessments.update('a', {})),
      // A shown field echoing the key is tolerated: only its redacted description is recorded.
      await client.courses.list({ search: KEY }).then(() => caught(client.courses.list({ search: KEY }))),
      await caught(client.courses.get(KEY)),
    ];
    const { inspect } = await import('node:util');
    for (const e of errors) {
      for (const text of [
        JSON.stringify(e),
        JSON.stringify(e.toIpcError()),
        inspect(e, { depth: 10, showHidden: true }),
        e.stack ?? '',
        String(e),
      ]) {
        expect(text).not.toContain(KEY);
      }
    }
    expect(JSON.stringify(logged)).not.toContain(KEY);
    expect(JSON.stringify(client.requestLog())).not.toContain(KEY);
    expect(client.deviations().map((d) => d.jsonPath)).toEqual([
      'data.results[*].name',
      'data.results[*].level',
      'data.results[*].status',
    ]);
    const kept = JSON.stringify(client.deviations());
    for (let i = 0; i + 8 <= KEY.length; i++) expect(kept).not.toContain(KEY.slice(i, i + 8));
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(KEY);
    expect(JSON.stringify(client)).not.toContain(KEY);
  });

  it('the request log is a bounded ring buffer of method, path, status and timing', async () => {
    const { client } = await setup(() => ({ status: 200, json: fx.ok(fx.page([])) }), { logCapacity: 3 });
    for (let i = 0; i < 5; i++) await client.categories.list({ page: i + 1, search: 'secret' });
    const log = client.requestLog();
    expect(log.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(Object.keys(log[0]!).sort()).toEqual([
      'attempt',
      'durationMs',
      'method',
      'operation',
      'outcome',
      'path',
      'seq',
      'status',
      'timestamp',
    ]);
    expect(log[0]!.path).toBe('/v1/external/learning/categories');
  });
});
