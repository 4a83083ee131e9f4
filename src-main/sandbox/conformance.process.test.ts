// Main process / tests. The sandbox as a process: persistence across a restart with dataDir, the CLI's
// first stdout line and clean exit on SIGTERM/SIGINT, bad options (exit 2), loopback-only binding, and
// the large seed's size and speed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { SandboxOptionError, startSandbox } from './index.ts';
import { BIG_COURSE } from './seed.ts';
import { clientFor, firstId, send } from './test-support/http.ts';
import { bytesOf, download, sha256, uploadBytes } from './test-support/uploads.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('persistence with dataDir', () => {
  it('keys, data, uploaded bytes and idempotency records survive a restart; the seed is applied once', async () => {
    const dataDir = tempDir('sandbox-test-');
    const first = clientFor(await startSandbox({ dataDir, partSize: 16 * 1024, quiet: true }));
    const courseId = await firstId(first, '/courses');
    const created = await first.post(
      '/assessments',
      { course_id: courseId, title: 'Persisted', description: 'x' },
      { idem: 'persist-key' },
    );
    const bytes = bytesOf(40 * 1024, 9);
    const { session } = await uploadBytes(first, bytes);
    const courseCount = (await first.get('/courses')).json.data.paginator.count as number;
    const keys = first.sandbox.keys;
    await first.sandbox.close();

    const second = clientFor(await startSandbox({ dataDir, seed: 'large', quiet: true }));
    try {
      expect(second.sandbox.keys).toEqual(keys);
      expect((await second.get(`/assessments/${created.json.data.id}`)).json.data.title).toBe('Persisted');
      expect((await second.get('/courses')).json.data.paginator.count).toBe(courseCount);
      const replay = await second.post(
        '/assessments',
        { course_id: courseId, title: 'Persisted', description: 'x' },
        { idem: 'persist-key' },
      );
      expect(replay.json.data.id).toBe(created.json.data.id);
      // The signing secret is persisted too: a URL issued before the restart still works.
      expect(
        sha256(
          (await download(session.asset_url.replace(/:\d+\//, `:${new URL(second.sandbox.baseUrl).port}/`))).bytes,
        ),
      ).toBe(sha256(bytes));
      const fresh = (await second.get(`/uploads/${session.id}`)).json.data.asset_url as string;
      expect(sha256((await download(fresh)).bytes)).toBe(sha256(bytes));
    } finally {
      await second.sandbox.close();
    }
  });

  it('without dataDir nothing is kept and new keys are made', async () => {
    const a = await startSandbox({ seed: 'empty' });
    const keys = a.keys;
    await a.close();
    const b = await startSandbox({ seed: 'empty' });
    expect(b.keys.tenantAdmin).not.toBe(keys.tenantAdmin);
    await b.close();
  });
});

describe('binding', () => {
  it('refuses a non-loopback host unless allowRemote', async () => {
    await expect(startSandbox({ host: '0.0.0.0' })).rejects.toBeInstanceOf(SandboxOptionError);
    const remote = await startSandbox({ host: '0.0.0.0', allowRemote: true, seed: 'empty' });
    expect(remote.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await remote.close();
  });

  it('close() is idempotent and frees the port', async () => {
    const sandbox = await startSandbox({ seed: 'empty' });
    await Promise.all([sandbox.close(), sandbox.close()]);
    await expect(send(`${sandbox.baseUrl}/v1/external/learning/categories`, 'GET', {})).rejects.toThrow();
  });
});

interface Child {
  firstLine: Promise<string>;
  exit: Promise<{ code: number | null; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

function runCli(args: string[]): Child {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  const exit = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stderr })),
  );
  return { firstLine, exit, kill: (signal) => child.kill(signal) };
}

describe('CLI (main.ts)', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'prints the listening line first, serves, and exits 0 on %s',
    async (signal) => {
      const child = runCli(['--port', '0', '--seed', 'empty', '--quiet']);
      const line = JSON.parse(await child.firstLine) as {
        event: string;
        baseUrl: string;
        keys: Record<string, string>;
      };
      expect(Object.keys(line)).toEqual(['event', 'baseUrl', 'keys']);
      expect(line.event).toBe('listening');
      expect(line.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(Object.keys(line.keys).sort()).toEqual([
        'moduleDisabled',
        'serviceProvider',
        'tenantAdmin',
        'tenantViewer',
      ]);
      const reply = await send(`${line.baseUrl}/v1/external/learning/categories`, 'GET', {
        authorization: `Bearer ${line.keys.tenantAdmin}`,
      });
      expect(reply.status).toBe(200);
      child.kill(signal);
      expect((await child.exit).code).toBe(0);
    },
  );

  it('logs requests to stderr without the key', async () => {
    const child = runCli(['--seed', 'empty']);
    const line = JSON.parse(await child.firstLine) as { baseUrl: string; keys: Record<string, string> };
    await send(`${line.baseUrl}/v1/external/learning/categories`, 'GET', {
      authorization: `Bearer ${line.keys.tenantAdmin}`,
    });
    child.kill('SIGTERM');
    const { code, stderr } = await child.exit;
    expect(code).toBe(0);
    expect(stderr).toContain('GET /v1/external/learning/categories 200');
    expect(stderr).not.toContain(line.keys.tenantAdmin);
  });

  it('bad options → a message on stderr and exit 2', async () => {
    const cases = [
      ['--port', 'abc'],
      ['--port', '70000'],
      ['--seed', 'huge'],
      ['--fail-rate', '1.5'],
      ['--host', '0.0.0.0'],
      ['--bogus'],
      ['--part-size'],
    ];
    const results = await Promise.all(cases.map((args) => runCli(args).exit));
    results.forEach(({ code, stderr }, index) => {
      expect(code, JSON.stringify(cases[index])).toBe(2);
      expect(stderr).toMatch(/^sandbox: .+/);
    });
  });

  it('--help prints the options and exits 0', async () => {
    const child = runCli(['--help']);
    const line = await child.firstLine;
    expect(line).toMatch(/^Usage/);
    expect((await child.exit).code).toBe(0);
  });
});

describe('large seed', () => {
  it('has at least 200 courses, 5,000 lessons, 2,000 quizzes, 1,000 assessments, a course of 60 sections and 1,500 lessons, and answers its last page', async () => {
    const started = Date.now();
    const client = clientFor(await startSandbox({ seed: 'large' }));
    const elapsed = Date.now() - started;
    try {
      const count = async (path: string) => (await client.get(path)).json.data.paginator.count as number;
      expect(await count('/courses')).toBeGreaterThanOrEqual(200);
      const quizzes = await count('/quizzes');
      expect(quizzes).toBeGreaterThanOrEqual(5000); // one quiz per lesson, so also ≥ 5,000 lessons
      expect(await count('/assessments')).toBeGreaterThanOrEqual(1000);
      const lastPage = await client.get('/quizzes?page=last&page_size=100');
      expect(lastPage.status).toBe(200);
      // One course of real size: 60 sections of 25 lessons.
      const big = await client.get(`/courses?search=${encodeURIComponent(BIG_COURSE.name)}`);
      const bigId = big.json.data.results[0].id as string;
      const sections = await client.get(`/courses/${bigId}/sections?page_size=100`);
      const results = sections.json.data.results as { lessons: unknown[] }[];
      expect(results).toHaveLength(BIG_COURSE.sections);
      expect(results.reduce((sum, section) => sum + section.lessons.length, 0)).toBe(1500);
      console.log(`sandbox: the large seed started in ${elapsed} ms`); // its speed: not a test's bound
    } finally {
      await client.sandbox.close();
    }
  });
});
