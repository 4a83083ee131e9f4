// Tests (plain Node): `lectern upload` in a child process while the server (API and storage) is
// gone for several probe rounds: it says once on stderr that it waits, says when it continues, and
// exits 0 by itself with one session, the same bytes and one lesson. With --give-up-after it exits
// 4 instead. That the engine waits through a whole minute is proven once, in real time, by
// outage.test.ts (the CLI runs the same engine); a minute here would only wait twice as long.
import { testChildEntry } from '../test-support/children.ts';
import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SETTLES } from '../test-support/index.ts';
import {
  assetSha256,
  assetOf,
  fileMd5,
  lessonVideo,
  lessonsTitled,
  makeFile,
  sessionsNamed,
  startHarness,
  storedParts,
  type Harness,
} from './test-support/index.ts';

const MAIN = testChildEntry('lectern');
const PART = 256 * 1024;
const OUTAGE_MS = 8_000; // several reachability probes (0.5 s apart, doubling to 4 s)
let h: Harness;
let dataDir: string;

beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
  dataDir = h.sandbox.dataDir!;
});
afterAll(async () => {
  await h?.close();
});

function upload(file: string, journalDir: string, extra: string[] = []) {
  const child = spawn(
    process.execPath,
    [
      MAIN,
      'upload',
      file,
      '--section',
      `${h.courseId}/${h.sectionId}`,
      '--json',
      '--base-url',
      h.sandbox.baseUrl,
      '--data-dir',
      journalDir,
      ...extra,
    ],
    {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = { stdout: '', stderr: '', code: undefined as number | null | undefined };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve((out.code = code))));
  const summary = () =>
    JSON.parse(out.stdout.trim().split('\n').at(-1) ?? 'null') as { uploads: Record<string, unknown>[] };
  return { child, out, exited, summary };
}

describe('lectern upload through an outage', () => {
  it(
    'waits, says so once, continues by itself within 5 s of the server returning, and exits 0',
    async () => {
      const path = join(h.dir, 'outage_cli.mp4');
      const sha = await makeFile(path, 40 * PART + 3, 41);
      const run = upload(path, join(h.dir, 'journal-outage'), ['--limit-rate', '1M']);
      await vi.waitUntil(() => storedParts(dataDir, 'outage_cli.mp4') >= 6, { ...UPLOAD_SETTLES, timeout: 30_000 });

      await h.stopServer();
      await vi.waitUntil(() => /Waiting for the server/.test(run.out.stderr), { ...UPLOAD_SETTLES, timeout: 30_000 });
      // Giving up would end the process: wait on its exit through the outage, not a sample every
      // 500 ms; watched for OUTAGE_MS from its first word of waiting, however slow the machine is.
      const outageOver = new AbortController();
      const exitedDuringOutage = await Promise.race([
        run.exited.then(() => true),
        delay(OUTAGE_MS, false, { signal: outageOver.signal }),
      ]);
      outageOver.abort();
      expect(exitedDuringOutage).toBe(false);
      expect(run.out.code).toBeUndefined(); // still running: it did not give up

      await h.restartServer();
      const backAt = performance.now();
      await vi.waitUntil(() => /The server is back/.test(run.out.stderr), { ...UPLOAD_SETTLES, timeout: 10_000 });
      expect(performance.now() - backAt).toBeLessThan(5000);
      expect(await run.exited).toBe(0);
      expect(run.out.stderr.match(/Waiting for the server/g)).toHaveLength(1);

      const [row] = run.summary().uploads;
      expect(row).toMatchObject({ status: 'done', bytesTotal: 40 * PART + 3 });
      expect(row!.error).toBeUndefined();
      expect(sessionsNamed(dataDir, 'outage_cli.mp4')).toBe(1);
      expect(lessonsTitled(dataDir, h.sectionId, 'outage cli')).toBe(1);
      const uploadId = String(row!.uploadId);
      expect(await assetSha256(h.client, uploadId)).toBe(sha);
      const target = { courseId: h.courseId, sectionId: h.sectionId, lessonId: String(row!.lessonId) };
      const video = await lessonVideo(h.client, target);
      expect(video.videoAsset).toBe(await assetOf(h.client, uploadId));
      expect(video.md5).toBe(await fileMd5(path));
    },
    OUTAGE_MS + 60_000,
  );

  it('--give-up-after DURATION exits 4 with the reason once the server was gone that long', async () => {
    const path = join(h.dir, 'outage_cli_give_up.mp4');
    await makeFile(path, 3 * PART, 42);
    const bad = upload(path, join(h.dir, 'journal-bad'), ['--give-up-after', 'soon']);
    expect(await bad.exited).toBe(2);

    await h.stopServer();
    try {
      const run = upload(path, join(h.dir, 'journal-give-up'), ['--give-up-after', '2s']);
      expect(await run.exited).toBe(4);
      expect(run.out.stderr).toMatch(/Waiting for the server/);
      expect(run.summary().uploads[0]).toMatchObject({ status: 'failed', error: { code: 'UNREACHABLE' } });
    } finally {
      await h.restartServer();
    }
  }, 60_000);
});
