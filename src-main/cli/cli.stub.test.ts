// Tests (plain Node): the `lectern` CLI as a child process, for usage errors and the failures only
// a stub server produces (contract violations, unreachable servers, hangs).
import { afterEach, describe, expect, it } from 'vitest';
import * as fx from '../api/test-support/index.ts';
import type { Stub } from '../api/test-support/index.ts';
import { runLectern, stderrJson } from './test-support/index.ts';

const KEY = 'sk_cli_SECRET_0123456789abcdef';
let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('usage (exit 2)', () => {
  it.each([
    [[], {}],
    [['frobnicate'], { LECTERN_API_KEY: KEY }],
    [['courses', '--bogus'], { LECTERN_API_KEY: KEY }],
    [['course'], { LECTERN_API_KEY: KEY }],
    [['assessment', 'explode', 'x'], { LECTERN_API_KEY: KEY }],
    [['assessment', 'create', '--base-url', 'http://127.0.0.1:9'], { LECTERN_API_KEY: KEY }],
    [
      ['assessment', 'update', 'x', '--base-url', 'http://127.0.0.1:9', '--body-file', '/nonexistent.json'],
      { LECTERN_API_KEY: KEY },
    ],
    [['courses', '--base-url', 'http://127.0.0.1:9'], {}],
    [['courses', '--base-url', 'not a url'], { LECTERN_API_KEY: KEY }],
    [['courses', '--page', '0', '--base-url', 'http://127.0.0.1:9'], { LECTERN_API_KEY: KEY }],
  ])('lectern %j', async (args, env) => {
    const r = await runLectern(args, env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.length).toBeGreaterThan(0);
  });

  it('plain http:// to another computer is refused, saying why (loopback: every other test here)', async () => {
    for (const base of ['http://api.example.com', 'http://10.0.0.8:8000', 'http://127.0.0.1.example.com']) {
      const r = await runLectern(['courses', '--base-url', base], { LECTERN_API_KEY: KEY });
      expect(r.code, base).toBe(2);
      expect(r.stderr).toMatch(/Refusing to send the API key over plain http:\/\/ to .*Use https:\/\//);
      expect(r.stderr).not.toContain(KEY);
    }
  });

  it('a body file that is not JSON', async () => {
    const r = await runLectern(
      ['assignment', 'create', '--body-file', '-', '--base-url', 'http://127.0.0.1:9'],
      { LECTERN_API_KEY: KEY },
      '{"title": ',
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not valid JSON/);
  });

  it('--help prints usage on stdout and exits 0', async () => {
    const r = await runLectern(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/lesson create COURSE_ID SECTION_ID --body-file F/);
  });
});

describe('failures', () => {
  it('a contract violation exits 5 with the JSON path on stderr', async () => {
    stub = await fx.startStub(() => ({
      status: 200,
      json: fx.ok(fx.page([fx.course(), { ...fx.course(), id: 'not-a-uuid' }])),
    }));
    const r = await runLectern(['courses', '--base-url', stub.baseUrl], { LECTERN_API_KEY: KEY });
    expect(r.code).toBe(5);
    const e = stderrJson(r);
    expect(e).toMatchObject({ kind: 'ContractError', jsonPath: 'data.results[1].id', status: 200 });
    expect(r.stderr + r.stdout).not.toContain(KEY);
  });

  it('a deviation on a shown field: exit 0 with one warning naming the path; --strict exits 5', async () => {
    stub = await fx.startStub(() => ({
      status: 200,
      json: fx.ok(fx.page([fx.course(), { ...fx.course(), level: 'guru' }, { ...fx.course(), level: 'guru' }])),
    }));
    const r = await runLectern(['courses', '--base-url', stub.baseUrl], { LECTERN_API_KEY: KEY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('guru');
    expect(r.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^lectern: warning: contract deviation in courses\.list at data\.results\[\*\]\.level: .*got string "guru"/,
      ),
    ]);
    const strict = await runLectern(['courses', '--strict', '--base-url', stub.baseUrl], { LECTERN_API_KEY: KEY });
    expect(strict.code).toBe(5);
    expect(stderrJson(strict)).toMatchObject({ kind: 'ContractError', jsonPath: 'data.results[1].level' });
    expect(r.stderr + r.stdout + strict.stderr).not.toContain(KEY);
  });

  it('an unreachable server exits 4', async () => {
    stub = await fx.startStub(() => ({ status: 200 }));
    const base = stub.baseUrl;
    await stub.close();
    stub = undefined;
    const r = await runLectern(['categories', '--base-url', base], { LECTERN_API_KEY: KEY });
    expect(r.code).toBe(4);
    expect(stderrJson(r)).toMatchObject({ kind: 'Network', status: null, errors: [] });
  }, 30_000);

  it('an assumed operation the server lacks exits 3 as UnsupportedOperation', async () => {
    stub = await fx.startStub(() => ({ status: 404, text: 'Not Found' }));
    const r = await runLectern(['course', fx.id(), '--base-url', stub.baseUrl], { LECTERN_API_KEY: KEY });
    expect(r.code).toBe(3);
    expect(stderrJson(r)).toMatchObject({ kind: 'UnsupportedOperation', status: 404, code: 'UNSUPPORTED_OPERATION' });
  });

  it('a create without --idempotency-key announces the generated key and reuses it on retries', async () => {
    stub = await fx.startStub((_r, i) =>
      i < 2 ? { status: 500, json: fx.fail(500) } : { status: 201, json: fx.ok(fx.assessment(), 201) },
    );
    const r = await runLectern(
      ['assessment', 'create', '--body-file', '-', '--base-url', stub.baseUrl, '--json'],
      { LECTERN_API_KEY: KEY },
      JSON.stringify({ course_id: fx.id(), title: 'T', description: 'D' }),
    );
    expect(r.code).toBe(0);
    const announced = /Idempotency-Key: ([0-9a-f-]{36})/.exec(r.stderr)?.[1];
    expect(announced).toBeDefined();
    expect(stub.requests.map((q) => q.headers['idempotency-key'])).toEqual([announced, announced, announced]);
    expect(JSON.parse(r.stdout)).toHaveProperty('title', 'Final');
  });
});
