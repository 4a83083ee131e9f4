// Tests (plain Node): a command stopped by Ctrl-C (SIGINT), SIGTERM or SIGHUP says one sentence on
// stderr and exits 130 — never a raw JSON error — and the same command run again finishes with
// nothing made twice. Real CLI processes against the sandbox over real HTTP, slowed so each signal
// lands while requests and part uploads are in flight. And on a machine whose `node` is older than
// 24, the launcher's Node 24 child dies with a launcher killed outright.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { STOPPED_SENTENCE } from './exit-codes.ts';
import { MAIN, runLectern } from './test-support/index.ts';
import { startTestSandbox, makeTempDir, removeDir, type TestSandbox } from '../test-support/index.ts';
import { makeFile, sandboxCount } from '../uploads/test-support/index.ts';
import { courseAt, writeFolder } from '../course-push/test-support/index.ts';

const PART = 256 * 1024;
const LAUNCHER = new URL('../../bin/lectern.js', import.meta.url).pathname;

describe('a stopped command', () => {
  let sandbox: TestSandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ seed: 'demo', restartable: true, partSize: PART, storageLatencyMs: 300 });
    dir = makeTempDir('lectern-interrupt-');
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) removeDir(dir);
  });

  const env = (dataDir: string) => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LECTERN_API_KEY: sandbox.keys.tenantAdmin,
    LECTERN_BASE_URL: sandbox.baseUrl,
    LECTERN_DATA_DIR: dataDir,
  });

  /** Runs `args`, sends `signal` once the sandbox holds `partsBefore + 1` parts, resolves at exit. */
  function stopMidUpload(args: string[], dataDir: string, signal: NodeJS.Signals) {
    const partsBefore = sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM upload_parts');
    const child = spawn(process.execPath, [MAIN, ...args], { env: env(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const watch = setInterval(() => {
      if (sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM upload_parts') > partsBefore) {
        clearInterval(watch);
        child.kill(signal);
      }
    }, 5);
    return new Promise<{ code: number | null; stderr: string }>((resolve) =>
      child.on('close', (code) => {
        clearInterval(watch);
        resolve({ code, stderr });
      }),
    );
  }

  const expectOneSentence = (stderr: string) => {
    expect(stderr.trim().split('\n').at(-1)).toBe(STOPPED_SENTENCE);
    expect(stderr).not.toMatch(/^\{/m);
    expect(stderr).not.toContain('CancelledError');
  };

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '`upload` stopped by %s mid-file: the sentence, exit 130; run again, it finishes with one session',
    { timeout: 120_000 },
    async (signal) => {
      const courseId = await courseAt(sandbox.client(), 2);
      const sectionId = (await sandbox.client().sections.list(courseId)).results[0]!.id;
      const file = join(dir, `${signal}.mp4`);
      await makeFile(file, 8 * PART + 5, signal.length);
      const dataDir = join(dir, `data-${signal}`);
      mkdirSync(dataDir, { recursive: true });
      const args = ['upload', file, '--section', `${courseId}/${sectionId}`];
      const sessionsBefore = sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM uploads');
      const stopped = await stopMidUpload(args, dataDir, signal);
      expect(stopped.code, stopped.stderr).toBe(130);
      expectOneSentence(stopped.stderr);
      const again = await runLectern(args, env(dataDir));
      expect(again.code, again.stderr).toBe(0);
      expect(sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM uploads')).toBe(sessionsBefore + 1);
    },
  );

  it(
    '`course push` stopped by SIGINT while it uploads: the sentence, exit 130; run again, it finishes',
    {
      timeout: 120_000,
    },
    async () => {
      const courseId = await courseAt(sandbox.client(), 3);
      const root = join(dir, 'course');
      await writeFolder(root, {
        '1 - Basics/1 - Clip.mp4': { video: 6 * PART, seed: 3 },
        '1 - Basics/2 - Notes.md': 'N',
      });
      const dataDir = join(dir, 'data-push');
      const args = ['course', 'push', root, '--course', courseId, '--yes'];
      const stopped = await stopMidUpload(args, dataDir, 'SIGINT');
      expect(stopped.code, stopped.stderr).toBe(130);
      expectOneSentence(stopped.stderr);
      const again = await runLectern(args, env(dataDir));
      expect(again.code, again.stderr).toBe(0);
    },
  );

  it('a read stopped by SIGINT while its request is out: the sentence, exit 130', { timeout: 60_000 }, async () => {
    // A server that takes the request and never answers: the signal goes once the request is there.
    let arrived!: () => void;
    const requestOut = new Promise<void>((resolve) => (arrived = resolve));
    const silent = createServer(() => arrived());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}${new URL(sandbox.baseUrl).pathname}`;
      const child = spawn(process.execPath, [MAIN, 'courses'], {
        env: { ...env(join(dir, 'data-read')), LECTERN_BASE_URL: baseUrl },
        stdio: 'pipe',
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdout.resume();
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      await requestOut;
      child.kill('SIGINT');
      const code = await closed;
      expect(code, stderr).toBe(130);
      expectOneSentence(stderr);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

/** A `node` on PATH older than 24 (the machine's own), else null. */
function olderNode(): string | null {
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(folder, 'node');
    if (folder.includes('node_modules') || !existsSync(candidate)) continue;
    try {
      const version = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
      if (Number(version.split('.')[0]) < 24) return candidate;
    } catch {
      // not runnable: look further
    }
  }
  return null;
}

const OLD_NODE = olderNode();
if (!OLD_NODE) console.log('launcher test skipped: no node older than 24 on PATH, so bin/lectern.js runs in-process');

describe.runIf(process.platform === 'linux' && OLD_NODE !== null)('the launcher on an older Node', () => {
  it('takes its Node 24 child with it when killed outright', { timeout: 60_000 }, async () => {
    // An upload to a server that does not answer waits for it (and so runs until stopped).
    const dir = makeTempDir('lectern-launcher-');
    const file = join(dir, 'clip.mp4');
    await makeFile(file, PART, 4);
    const args = [LAUNCHER, '--base-url', 'http://127.0.0.1:9', 'upload', file, '--section', 'c/s'];
    const launcher = spawn(OLD_NODE!, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: 'k', LECTERN_DATA_DIR: dir },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    onTestFinished(() => removeDir(dir));
    // The child: the process whose parent is the launcher.
    let child = 0;
    for (let i = 0; i < 500 && child === 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      let out = '';
      try {
        out = execFileSync('ps', ['-o', 'pid=', '--ppid', String(launcher.pid)], { encoding: 'utf8' }).trim();
      } catch {
        // ps exits 1 while the launcher has no child yet
      }
      child = Number(out.split('\n')[0] || 0);
    }
    expect(child).toBeGreaterThan(0);
    launcher.kill('SIGKILL');
    const gone = () => {
      try {
        const stat = readFileSync(`/proc/${child}/stat`, 'utf8');
        return /^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
      } catch {
        return true;
      }
    };
    for (let i = 0; i < 300 && !gone(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(gone()).toBe(true);
  });
});
