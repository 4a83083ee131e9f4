// Test support (plain Node, used only by kill-points-*.test.ts): seeded kill points over the whole
// life of a bulk upload — before the first session, between parts, around complete and the lesson
// create — each a real SIGKILL of the engine's process (kill-child.ts) at the n-th engine event,
// followed by a restart from the journal. Rounds go on until the planned number of kills really
// happened; after each round: every file done, one session and one lesson per file, the exact
// bytes on the server. The timeout is only a ceiling for a stuck run: on a machine shared by
// many jobs a child's start alone can take seconds.
import { testChildEntry } from '../../test-support/children.ts';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../sandbox/index.ts';
import { assetSha256, lessonsTitled, makeFile, sessionsNamed, startHarness, type Harness } from './index.ts';

const CHILD = testChildEntry('upload-kill-child');
const PART = 64 * 1024;
/** Engine events of one run are about 12–25 (states of 3 files, progress): kill inside that span. */
const MAX_KILL_EVENT = 14;
const KILLS_PER_ROUND = 12;

interface ChildRun {
  code: number | null;
  killed: boolean;
  summary: { state: string; uploadId: string; lessonId: string }[] | null;
  stderr: string;
}

function runChild(h: Harness, config: object, killAt: { event: number; extraMs: number } | null): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD], {
      env: {
        PATH: process.env.PATH,
        LECTERN_KILL_CONFIG: JSON.stringify(config),
        LECTERN_KILL_KEY: h.sandbox.keys.tenantAdmin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let events = -1; // 'started' counts as event 0
    let killed = false;
    child.stdout.on('data', (d: Buffer) => {
      const text = d.toString();
      stdout += text;
      if (!killAt || killed) return;
      events += (text.match(/^(started|event) /gm) ?? []).length;
      if (events >= killAt.event) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), killAt.extraMs);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = stdout.split('\n').find((l) => l.startsWith('summary '));
      resolve({
        code,
        killed: signal === 'SIGKILL',
        summary: line ? (JSON.parse(line.slice('summary '.length)) as ChildRun['summary']) : null,
        stderr,
      });
    });
  });
}

/** Runs rounds of seeded kills until `kills` really happened; `seed` makes the plan repeatable. */
export function describeKillPoints(seed: number, kills: number): void {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ partSize: PART, restartable: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('kill points over the life of a bulk upload', () => {
    it(
      `${kills} seeded SIGKILLs (seed ${seed}), each followed by a restart: nothing lost or duplicated`,
      { timeout: 1_200_000 },
      async () => {
        const random = seededRandom(seed);
        let killed = 0;
        let round = 0;
        let spawned = 0;
        while (killed < kills) {
          expect(spawned, 'too many runs for the planned kills').toBeLessThan(kills * 3);
          const names = [0, 1, 2].map((i) => `k${seed}-${round}-${i}`);
          const sources = await Promise.all(
            names.map(async (n, i) => {
              const path = join(h.dir, `${n}.mp4`);
              const size = (2 + Math.floor(random() * 4)) * PART - Math.floor(random() * 1000) * i;
              return { path, sha: await makeFile(path, size, seed + round * 10 + i) };
            }),
          );
          const dataDir = join(h.dir, `data-${seed}-${round}`);
          mkdirSync(dataDir);
          const config = {
            journalPath: join(dataDir, 'uploads.db'),
            baseUrl: h.sandbox.baseUrl,
            courseId: h.courseId,
            sectionId: h.sectionId,
            files: sources.map((s) => s.path),
          };
          for (let k = 0; k < KILLS_PER_ROUND && killed < kills; k++) {
            const killAt = { event: Math.floor(random() * (MAX_KILL_EVENT + 1)), extraMs: Math.floor(random() * 15) };
            const run = await runChild(h, config, killAt);
            spawned++;
            if (!run.killed) {
              expect(run.code, run.stderr).toBe(0);
              break; // finished before its kill point: this round's upload is over
            }
            killed++;
          }
          const final = await runChild(h, config, null);
          spawned++;
          const context = `seed ${seed} round ${round}: ${final.stderr.slice(-400)}`;
          expect(final.code, context).toBe(0);
          expect(
            final.summary?.map((r) => r.state),
            context,
          ).toEqual(['done', 'done', 'done']);
          for (const [i, n] of names.entries()) {
            expect(sessionsNamed(h.sandbox.dataDir!, `${n}.mp4`), `${context} ${n}`).toBe(1);
            expect(lessonsTitled(h.sandbox.dataDir!, h.sectionId, n), `${context} ${n}`).toBe(1);
            expect(await assetSha256(h.client, final.summary![i]!.uploadId), `${context} ${n}`).toBe(sources[i]!.sha);
          }
          round++;
        }
        expect(killed).toBe(kills);
      },
    );
  });
}
