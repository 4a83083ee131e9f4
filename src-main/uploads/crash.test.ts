// Tests (plain Node): `lectern upload` of 3 files in a child process (the real CLI under the same
// Node 24), SIGKILLed at seeded random points, then run again with the same arguments. Every file
// must land byte-identical, once, and each kill may cost at most concurrency × part_size re-sent.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../sandbox/faults.ts';
import { uploadJournalPath } from './journal-path.ts';
import { assetSha256, assetOf, fileMd5, lessonVideo, makeFile, startHarness, type Harness } from './test-support.ts';

const MAIN = fileURLToPath(new URL('../cli/main.ts', import.meta.url));
const PART = 256 * 1024;
const CONCURRENCY = 4;
const RUNS = 20;
const SIZES = [5 * PART + 1234, 4 * PART, 3 * PART - 99];
const TOTAL_PARTS = SIZES.reduce((n, s) => n + Math.ceil(s / PART), 0);

let h: Harness;
let files: { path: string; sha: string; md5: string }[];

beforeAll(async () => {
  h = await startHarness({ partSize: PART });
  files = await Promise.all(
    SIZES.map(async (size, i) => {
      const path = join(h.dir, `crash_${i}.mp4`);
      const sha = await makeFile(path, size, 100 + i);
      return { path, sha, md5: await fileMd5(path) };
    }),
  );
});
afterAll(async () => {
  await h?.close();
});

function spawnUpload(dataDir: string): {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const args = [
    MAIN,
    'upload',
    ...files.map((f) => f.path),
    '--section',
    `${h.courseId}/${h.sectionId}`,
    '--concurrency',
    String(CONCURRENCY),
    '--limit-rate',
    String(6 * 1024 * 1024),
    '--json',
    '--base-url',
    h.sandbox.baseUrl,
    '--data-dir',
    dataDir,
  ];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** Finished parts in the child's journal (0 while it does not exist yet). */
function journalParts(dataDir: string, db: { current?: DatabaseSync }): number {
  const path = uploadJournalPath({ dataDir, baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.tenantAdmin });
  if (!db.current) {
    if (!existsSync(path)) return 0;
    db.current = new DatabaseSync(path);
  }
  try {
    return Number(
      (db.current.prepare('SELECT count(*) AS n FROM upload_parts WHERE done = 1').get() as { n: number }).n,
    );
  } catch {
    return 0; // still migrating
  }
}

/** Kills the child once `parts` parts are journalled (plus a random few ms), or when it exits. */
async function killAt(
  dataDir: string,
  parts: number,
  extraMs: number,
  run: ReturnType<typeof spawnUpload>,
): Promise<boolean> {
  const db: { current?: DatabaseSync } = {};
  let exited = false;
  void run.done.then(() => (exited = true));
  try {
    while (!exited && journalParts(dataDir, db) < parts) await new Promise((r) => setTimeout(r, 3));
    if (exited) return false;
    await new Promise((r) => setTimeout(r, extraMs));
    if (exited) return false;
    run.child.kill('SIGKILL');
    await run.done;
    return true;
  } finally {
    db.current?.close();
  }
}

describe('crash and resume of `lectern upload`', () => {
  it(`survives SIGKILL at random points (${RUNS} seeded runs)`, { timeout: 150_000 }, async () => {
    const random = seededRandom(20260501);
    let totalKills = 0;
    for (let run = 0; run < RUNS; run++) {
      const dataDir = join(h.dir, `run-${run}`);
      mkdirSync(dataDir);
      const kills = run % 4 === 3 ? 2 : 1;
      let killed = 0;
      for (let k = 0; k < kills; k++) {
        // Anywhere from before the first part to after the last (complete / lesson calls).
        const parts = Math.floor(random() * (TOTAL_PARTS + 1));
        const extraMs = Math.floor(random() * 60);
        if (await killAt(dataDir, parts, extraMs, spawnUpload(dataDir))) killed++;
      }
      totalKills += killed;
      const final = await spawnUpload(dataDir).done;
      const context = `run ${run} (${killed} kills): ${final.stderr.slice(-500)}`;
      expect(final.code, context).toBe(0);
      const summary = JSON.parse(final.stdout.trim().split('\n').at(-1)!) as {
        uploads: {
          file: string;
          uploadId: string;
          status: string;
          bytesTotal: number;
          bytesResent: number;
          lessonId: string;
        }[];
      };
      expect(summary.uploads.map((u) => u.status)).toEqual(['done', 'done', 'done']);
      const resent = summary.uploads.reduce((n, u) => n + u.bytesResent, 0);
      expect(resent, context).toBeLessThanOrEqual(killed * CONCURRENCY * PART);
      for (const [i, u] of summary.uploads.entries()) {
        expect(u.file).toBe(files[i]!.path);
        expect(u.bytesTotal).toBe(SIZES[i]);
        expect(await assetSha256(h.client, u.uploadId), context).toBe(files[i]!.sha);
        const target = { courseId: h.courseId, sectionId: h.sectionId, lessonId: u.lessonId };
        const video = await lessonVideo(h.client, target);
        expect(video.videoAsset, context).toBe(await assetOf(h.client, u.uploadId));
        expect(video.md5, context).toBe(files[i]!.md5);
      }
    }
    expect(totalKills).toBeGreaterThanOrEqual(RUNS);
  });
});
