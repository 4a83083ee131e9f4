// Test support (plain Node, used only by crash-*.test.ts): `lectern upload` of 3 files in a child
// process (the real CLI under the same Node 24), SIGKILLed at seeded random points, then run again
// with the same arguments. Every file must land byte-identical, once, and each kill may cost at
// most concurrency × part_size re-sent. The 20 seeded runs are one plan, split over four test
// files so vitest runs them side by side and each stays well inside its timeout under load.
import { testChildEntry } from '../../test-support/children.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/index.ts';
import { uploadJournalPath } from '../journal-path.ts';
import { assetSha256, assetOf, fileMd5, lessonVideo, makeFile, startHarness, type Harness } from './index.ts';

const MAIN = testChildEntry('lectern');
const PART = 256 * 1024;
const CONCURRENCY = 4;
export const CRASH_RUNS = 20;
const SIZES = [5 * PART + 1234, 4 * PART, 3 * PART - 99];
const TOTAL_PARTS = SIZES.reduce((n, s) => n + Math.ceil(s / PART), 0);

interface Kill {
  /** Killed once this many parts are journalled… */
  parts: number;
  /** …plus this many ms. */
  extraMs: number;
}

/** Every run's kill points, drawn from one seeded sequence whatever slice of it a file runs. */
function crashPlan(): Kill[][] {
  const random = seededRandom(20260501);
  return Array.from({ length: CRASH_RUNS }, (_, run) =>
    // Every fourth run is killed twice; anywhere from before the first part to after the last
    // (complete / lesson calls).
    Array.from({ length: run % 4 === 3 ? 2 : 1 }, () => ({
      parts: Math.floor(random() * (TOTAL_PARTS + 1)),
      extraMs: Math.floor(random() * 60),
    })),
  );
}

interface Source {
  path: string;
  sha: string;
  md5: string;
}

interface Summary {
  uploads: {
    file: string;
    uploadId: string;
    status: string;
    bytesTotal: number;
    bytesResent: number;
    lessonId: string;
  }[];
}

function spawnUpload(
  h: Harness,
  files: readonly Source[],
  dataDir: string,
): {
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
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

/** Finished parts in the child's journal (0 while it does not exist yet). */
function journalParts(journalPath: string, db: { current?: DatabaseSync }): number {
  if (!db.current) {
    if (!existsSync(journalPath)) return 0;
    db.current = new DatabaseSync(journalPath);
  }
  try {
    return Number(
      (db.current.prepare('SELECT count(*) AS n FROM upload_parts WHERE done = 1').get() as { n: number }).n,
    );
  } catch {
    return 0; // still migrating
  }
}

/** Kills the child once `kill.parts` parts are journalled (plus `kill.extraMs`), or when it exits. */
async function killAt(journalPath: string, kill: Kill, run: ReturnType<typeof spawnUpload>): Promise<boolean> {
  const db: { current?: DatabaseSync } = {};
  let exited = false;
  void run.done.then(() => (exited = true));
  try {
    while (!exited && journalParts(journalPath, db) < kill.parts) await new Promise((r) => setTimeout(r, 3));
    if (exited) return false;
    await new Promise((r) => setTimeout(r, kill.extraMs));
    if (exited) return false;
    run.child.kill('SIGKILL');
    await run.done;
    return true;
  } finally {
    db.current?.close();
  }
}

/** Runs `runs` (indexes into the seeded plan) against a sandbox of its own. */
export function describeCrashRuns(runs: readonly number[]): void {
  let h: Harness;
  let files: Source[];

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

  const plan = crashPlan();
  describe('crash and resume of `lectern upload`', () => {
    it(`survives SIGKILL at random points (seeded runs ${runs.join(', ')})`, { timeout: 150_000 }, async () => {
      let totalKills = 0;
      for (const run of runs) {
        const dataDir = join(h.dir, `run-${run}`);
        mkdirSync(dataDir);
        const journalPath = uploadJournalPath({
          dataDir,
          baseUrl: h.sandbox.baseUrl,
          apiKey: h.sandbox.keys.tenantAdmin,
        });
        let killed = 0;
        for (const kill of plan[run] ?? []) {
          if (await killAt(journalPath, kill, spawnUpload(h, files, dataDir))) killed++;
        }
        totalKills += killed;
        const final = await spawnUpload(h, files, dataDir).done;
        const context = `run ${run} (${killed} kills): ${final.stderr.slice(-500)}`;
        expect(final.code, context).toBe(0);
        const summary = JSON.parse(final.stdout.trim().split('\n').at(-1) ?? '') as Summary;
        expect(summary.uploads.map((u) => u.status)).toEqual(['done', 'done', 'done']);
        const resent = summary.uploads.reduce((n, u) => n + u.bytesResent, 0);
        expect(resent, context).toBeLessThanOrEqual(killed * CONCURRENCY * PART);
        for (const [i, u] of summary.uploads.entries()) {
          const source = files[i];
          expect(u.file).toBe(source?.path);
          expect(u.bytesTotal).toBe(SIZES[i]);
          expect(await assetSha256(h.client, u.uploadId), context).toBe(source?.sha);
          const target = { courseId: h.courseId, sectionId: h.sectionId, lessonId: u.lessonId };
          const video = await lessonVideo(h.client, target);
          expect(video.videoAsset, context).toBe(await assetOf(h.client, u.uploadId));
          expect(video.md5, context).toBe(source?.md5);
        }
      }
      // On average at least one kill per run really happened (a kill point after the last part
      // may find the child already finished).
      expect(totalKills).toBeGreaterThanOrEqual(runs.length);
    });
  });
}
