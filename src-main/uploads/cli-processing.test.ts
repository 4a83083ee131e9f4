// Tests (plain Node): `lectern uploads list` shows each lesson's video processing — the real CLI in a
// child process against the sandbox: PROCESSING right after the upload, READY with the duration the
// server read once a later `uploads list` asks again (no sooner than 10 s after the last check).
import { testChildEntry } from '../test-support/children.ts';
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHarness, type Harness } from './test-support/index.ts';

const MAIN = testChildEntry('lectern');
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ partSize: 16 * 1024, processingMs: 200 });
});
afterAll(async () => {
  await h?.close();
});

interface Listed {
  uploads: {
    status: string;
    video?: { status: string | null; error: string | null; durationSeconds: number | null };
  }[];
}

function lectern(args: string[]): Promise<{ code: number | null; stdout: string; json: Listed | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args, '--base-url', h.sandbox.baseUrl], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, json: lastJson(stdout) });
    });
  });
}

function lastJson(stdout: string): Listed | null {
  try {
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Listed;
  } catch {
    return null;
  }
}

describe('lectern uploads list', () => {
  it('shows the video processing: PROCESSING after the upload, then READY with its duration', async () => {
    const dataDir = join(h.dir, 'processing-cli');
    const file = join(h.dir, 'three-seconds.mp4');
    copyFileSync(fileURLToPath(new URL('../media/test-fixtures/h264-3s.mp4', import.meta.url)), file);
    const uploaded = await lectern([
      'upload',
      file,
      '--section',
      `${h.courseId}/${h.sectionId}`,
      '--json',
      '--data-dir',
      dataDir,
    ]);
    expect(uploaded.code).toBe(0);
    expect(uploaded.json?.uploads[0]).toMatchObject({ status: 'done', video: { status: 'PROCESSING' } });

    const table = await lectern(['uploads', 'list', '--data-dir', dataDir]);
    expect(table.stdout).toMatch(/VIDEO/);
    expect(table.stdout).toMatch(/three-seconds\.mp4\s.*PROCESSING/);

    await vi.waitFor(
      async () => {
        const listed = await lectern(['uploads', 'list', '--json', '--data-dir', dataDir]);
        expect(listed.json?.uploads[0]?.video).toEqual({ status: 'READY', error: null, durationSeconds: 3 });
      },
      { timeout: 40_000, interval: 3_000 },
    );
    const ready = await lectern(['uploads', 'list', '--data-dir', dataDir]);
    expect(ready.stdout).toMatch(/three-seconds\.mp4\s.*READY 3 s/);
  }, 60_000);
});
