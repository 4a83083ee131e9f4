// Test support (plain Node, used only by push-crash-*.test.ts): `lectern course push` in a child
// process, SIGKILLed at seeded points (once the sandbox holds so many of the push's sections,
// lessons and stored parts, plus a few ms), then run again: 8 kill points per push, 48 over the
// six runs, walking each push from before its first section to after its last video. The course must end exactly as the
// folder says: each section and lesson once, in order, each video's bytes, and one upload session
// per video (a create re-sent after a kill carries its stored Idempotency-Key). The seeded runs are
// one plan, split over two files so they run side by side.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN } from '../../cli/test-support/index.ts';
import { seededRandom } from '../../sandbox/index.ts';
import { startTestSandbox, makeTempDir, removeDir, type TestSandbox } from '../../test-support/index.ts';
import { fileMd5, lessonVideo, sandboxCount } from '../../uploads/test-support/index.ts';
import { courseAt, courseTree, writeFolder, type FolderSpec } from './index.ts';

const PART = 256 * 1024;
export const PUSH_CRASH_RUNS = 6;
const FOLDER: FolderSpec = {
  '1 - First/1 - Alpha.mp4': { video: 3 * PART - 7, seed: 11 },
  '1 - First/2 - Beta.md': 'Beta text',
  '1 - First/3 - Gamma.mp4': { video: 2 * PART, seed: 12 },
  '2 - Second/1 - Delta.txt': 'Delta text',
  '2 - Second/2 - Epsilon.mp4': { video: PART + 3, seed: 13 },
};
const EXPECTED = [
  ['First', ['Alpha', 'Beta', 'Gamma']],
  ['Second', ['Delta', 'Epsilon']],
];
const VIDEOS = 3;
/** Sections + lessons + parts the push makes: the scale its kill points are drawn on. */
const UNITS = 2 + 5 + 3 + 2 + 2;

/** Kill points per seeded run: one push's life (one course, one data folder) killed again and again. */
const KILLS_PER_RUN = 8;

/**
 * Each run: KILLS_PER_RUN thresholds drawn over the push's whole life and sorted, so the same push
 * is killed early, re-run, killed further on, and so on (many kill points per push, few starts).
 */
function killPlan(): { units: number; extraMs: number }[][] {
  const random = seededRandom(20261126);
  return Array.from({ length: PUSH_CRASH_RUNS }, () =>
    Array.from({ length: KILLS_PER_RUN }, () => ({
      units: Math.floor(random() * (UNITS + 1)),
      extraMs: Math.floor(random() * 80),
    })).sort((a, b) => a.units - b.units),
  );
}

export function describePushCrashRuns(runs: readonly number[]): void {
  let sandbox: TestSandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ seed: 'demo', restartable: true, partSize: PART, processingMs: 50 });
    dir = makeTempDir('lectern-push-crash-');
    await writeFolder(join(dir, 'course'), FOLDER);
  });
  afterAll(async () => {
    await sandbox?.close();
    if (dir) removeDir(dir);
  });

  const count = (sql: string, ...params: string[]) => sandboxCount(sandbox.dataDir!, sql, ...params);
  /** What the sandbox holds of this course's push so far (parts: of every upload; the caller takes the difference). */
  const progress = (courseId: string, before: { sections: number; lessons: number }) =>
    count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId) -
    before.sections +
    count('SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId) -
    before.lessons +
    count('SELECT count(*) AS n FROM upload_parts');

  function spawnPush(courseId: string, dataDir: string) {
    const child = spawn(
      process.execPath,
      [MAIN, 'course', 'push', join(dir, 'course'), '--course', courseId, '--yes', '--json'],
      {
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          LECTERN_API_KEY: sandbox.keys.tenantAdmin,
          LECTERN_BASE_URL: sandbox.baseUrl,
          LECTERN_DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const done = new Promise<{ code: number | null; stderr: string }>((resolve) =>
      child.on('close', (code) => resolve({ code, stderr })),
    );
    return { child, done };
  }

  const plan = killPlan();
  describe('SIGKILL and re-run of `lectern course push`', () => {
    it(
      `finishes the course exactly as the folder says (seeded runs ${runs.join(', ')})`,
      { timeout: 900_000 },
      async () => {
        let kills = 0;
        for (const run of runs) {
          const courseId = await courseAt(sandbox.client(), run);
          const dataDir = join(dir, `data-${run}`);
          const before = {
            sections: count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId),
            lessons: count('SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId),
            sessions: count('SELECT count(*) AS n FROM uploads'),
          };
          const partsBefore = progress(courseId, before);
          for (const kill of plan[run] ?? []) {
            const push = spawnPush(courseId, dataDir);
            let exited = false;
            void push.done.then(() => (exited = true));
            while (!exited && progress(courseId, before) - partsBefore < kill.units)
              await new Promise((r) => setTimeout(r, 5));
            await new Promise((r) => setTimeout(r, kill.extraMs));
            if (!exited) {
              push.child.kill('SIGKILL');
              kills++;
            }
            await push.done;
          }
          const final = await spawnPush(courseId, dataDir).done;
          const context = `run ${run}: ${final.stderr.slice(-800)}`;
          expect(final.code, context).toBe(0);
          const tree = (await courseTree(sandbox.client(), courseId)).filter(
            (s) => s.title === 'First' || s.title === 'Second',
          );
          expect(
            tree.map((s) => [s.title, s.lessons.map((l) => l.title)]),
            context,
          ).toEqual(EXPECTED);
          expect(count('SELECT count(*) AS n FROM sections WHERE course_id = ?', courseId), context).toBe(
            before.sections + 2,
          );
          expect(count('SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId), context).toBe(
            before.lessons + 5,
          );
          expect(count('SELECT count(*) AS n FROM uploads'), context).toBe(before.sessions + VIDEOS);
          for (const [s, l, file] of [
            [0, 0, '1 - First/1 - Alpha.mp4'],
            [0, 2, '1 - First/3 - Gamma.mp4'],
            [1, 1, '2 - Second/2 - Epsilon.mp4'],
          ] as const) {
            const section = tree[s]!;
            const video = await lessonVideo(sandbox.client(), {
              courseId,
              sectionId: section.id,
              lessonId: section.lessons[l]!.id,
            });
            expect(video.md5, context).toBe(await fileMd5(join(dir, 'course', file)));
          }
          expect(tree[0]!.lessons[1]!.text).toBe('Beta text');
        }
        // Most kill points land while the push runs (a point past its end finds it finished).
        expect(kills).toBeGreaterThanOrEqual(runs.length * 4);
      },
    );
  });
}
