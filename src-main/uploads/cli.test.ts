// Tests (plain Node): the `lectern upload` / `lectern uploads` commands as a user runs them — the
// real CLI in a child process against the sandbox: usage errors, list, resume, cancel.
import { testChildEntry } from '../test-support/children.ts';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetSha256, makeFile, startHarness, type Harness } from './test-support/index.ts';

const MAIN = testChildEntry('lectern');
const PART = 256 * 1024;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ partSize: PART });
});
afterAll(async () => {
  await h?.close();
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  json: { uploads: Record<string, unknown>[] } | null;
}

function lectern(
  args: string[],
  options: { killWhen?: (stderr: string) => boolean; killDelayMs?: number } = {},
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args, '--base-url', h.sandbox.baseUrl], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (options.killWhen?.(stderr)) {
        options.killWhen = undefined;
        setTimeout(() => child.kill('SIGKILL'), options.killDelayMs ?? 0);
      }
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      let json: Result['json'];
      try {
        json = JSON.parse(last) as Result['json'];
      } catch {
        json = null;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}

describe('lectern upload / uploads', () => {
  it('refuses bad usage with exit code 2', async () => {
    const dataDir = join(h.dir, 'usage');
    expect((await lectern(['upload', '--data-dir', dataDir])).code).toBe(2);
    expect((await lectern(['upload', 'x.mp4', '--data-dir', dataDir])).code).toBe(2);
    const both = await lectern(['upload', 'x.mp4', '--section', 'a/b', '--lesson', 'a/b/c', '--data-dir', dataDir]);
    expect(both.code).toBe(2);
    const missing = await lectern([
      'upload',
      join(h.dir, 'nope.mp4'),
      '--section',
      `${h.courseId}/${h.sectionId}`,
      '--data-dir',
      dataDir,
    ]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/not found/)]);
  });

  it('lists, resumes and cancels uploads from the journal', async () => {
    const dataDir = join(h.dir, 'journal-cli');
    mkdirSync(dataDir);
    const keep = join(h.dir, 'cli_keep.mp4');
    const drop = join(h.dir, 'cli_drop.mp4');
    const sha = await makeFile(keep, 8 * PART + 5, 31);
    await makeFile(drop, 8 * PART, 32);
    const section = `${h.courseId}/${h.sectionId}`;

    // Killed once both files are under way (the human progress goes to stderr). The rate keeps
    // either file many seconds from its end, so a starved test process still kills it mid-file.
    const killed = await lectern(
      ['upload', keep, drop, '--section', section, '--limit-rate', '128K', '--data-dir', dataDir],
      {
        killWhen: (stderr) => /cli_drop\.mp4: uploading/.test(stderr),
        killDelayMs: 800,
      },
    );
    expect(killed.code).toBeNull();

    const listed = await lectern(['uploads', 'list', '--json', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.json!.uploads.map((u) => [u.file, u.status])).toEqual([
      [keep, 'queued'],
      [drop, 'queued'],
    ]);
    const dropId = String(listed.json!.uploads[1]!.id);
    const dropUpload = String(listed.json!.uploads[1]!.uploadId);

    const cancelled = await lectern(['uploads', 'cancel', dropId, '--data-dir', dataDir]);
    expect(cancelled.code).toBe(0);
    expect((await h.client.uploads.get(dropUpload)).status).toBe('ABORTED');

    const resumed = await lectern(['uploads', 'resume', '--json', '--data-dir', dataDir]);
    expect(resumed.code).toBe(0);
    const [row] = resumed.json!.uploads;
    expect(row).toMatchObject({ file: keep, status: 'done', bytesTotal: 8 * PART + 5 });
    expect(await assetSha256(h.client, String(row!.uploadId))).toBe(sha);

    // Running the same upload again finds it done: no second lesson.
    const again = await lectern(['upload', keep, '--section', section, '--json', '--data-dir', dataDir]);
    expect(again.code).toBe(0);
    expect(again.json!.uploads[0]).toMatchObject({ lessonId: row!.lessonId, uploadId: row!.uploadId, status: 'done' });
    expect(again.stderr).toMatch(/already uploaded/);

    const table = await lectern(['uploads', 'list', '--data-dir', dataDir]);
    expect(table.stdout).toMatch(/cli_keep\.mp4\s+done\s+100%/);
    expect((await lectern(['uploads', 'cancel', 'no-such-id', '--data-dir', dataDir])).code).toBe(2);
  });
});
