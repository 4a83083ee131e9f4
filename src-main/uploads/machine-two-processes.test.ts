// Tests (plain Node): two real `lectern upload` processes on one data folder. The first drives the
// uploads (held slow by --limit-rate); the second, started once the first is uploading, must not
// drive them too: it says they run in another process and exits 6, with no "database is locked"
// and no stack. The first is then SIGKILLed; a third run takes the orphaned rows over at once (the
// owner is gone) and finishes them: one upload session and one lesson per file on the server.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashTextIn, runLectern, spawnLectern, summaryOf } from './test-support/machine.ts';
import { lessonsTitled, makeFile, sessionsNamed, startHarness, type Harness } from './test-support/index.ts';

const PART = 256 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
});
afterAll(async () => {
  await h?.close();
});

describe('two processes, one data folder', () => {
  it(
    'one drives each upload; the other says it runs elsewhere; a killed owner is taken over',
    { timeout: 180_000 },
    async () => {
      const names = ['two-a', 'two-b'];
      const files = await Promise.all(
        names.map(async (n, i) => {
          const path = join(h.dir, `${n}.mp4`);
          await makeFile(path, 4 * PART + i, 70 + i);
          return path;
        }),
      );
      const dataDir = join(h.dir, 'shared-data');
      const args = ['upload', ...files, '--section', `${h.courseId}/${h.sectionId}`, '--data-dir', dataDir];

      // 32 KiB/s: the first cannot finish 2 MiB for about a minute, whatever the machine's load.
      const first = spawnLectern(h, [...args, '--limit-rate', '32K']);
      await new Promise<void>((resolve, reject) => {
        const check = setInterval(() => {
          if (/two-b\.mp4: uploading/.test(first.stderr())) {
            clearInterval(check);
            resolve();
          }
        }, 20);
        void first.done.then((r) => {
          clearInterval(check);
          reject(new Error(`the first run ended early: ${r.stderr}`));
        });
      });

      const second = await runLectern(h, [...args, '--json']);
      expect(second.code, second.stderr).toBe(6);
      const pid = first.child.pid!;
      for (const n of names) {
        expect(second.stderr).toContain(
          `${n}.mp4 is being uploaded by another Lectern on this computer (process ${pid}); it carries on there.`,
        );
      }
      expect(summaryOf(second).uploads.map((u) => u.status)).not.toContain('done');
      expect(second.stderr).not.toMatch(/database is locked|SQLITE_BUSY/i);
      expect(crashTextIn(second.stderr), second.stderr).toBeNull();

      first.child.kill('SIGKILL');
      await first.done;

      const third = await runLectern(h, [...args, '--json']);
      expect(third.code, third.stderr).toBe(0);
      expect(summaryOf(third).uploads.map((u) => u.status)).toEqual(['done', 'done']);
      expect(crashTextIn(third.stderr), third.stderr).toBeNull();
      for (const n of names) {
        expect(sessionsNamed(h.sandbox.dataDir!, `${n}.mp4`), n).toBe(1);
        expect(lessonsTitled(h.sandbox.dataDir!, h.sectionId, n), n).toBe(1);
      }
    },
  );
});
