// Tests (plain Node, root): a full disk for real. The CLI's data folder sits on a 512 KiB tmpfs
// filled to leave a little room, so the journal runs out of space at different points of
// `lectern upload a b c --section C/S` (opening it, recording a session, a part, a lesson). Each
// time the command must say "the disk holding … is full" in one sentence, exit 6 with no stack
// trace; once space is freed the very same command finishes, with exactly one upload session and
// one lesson per file on the server.
import { readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../test-support/index.ts';
import type { DiskFullError } from '../platform/index.ts';
import { createUploadManager } from './manager.ts';
import { crashTextIn, mountTmpfs, runLectern, summaryOf } from './test-support/machine.ts';
import { lessonsTitled, makeFile, sessionsNamed, startHarness, type Harness } from './test-support/index.ts';

const PART = 256 * 1024;
const root = makeTempDir('lectern-disk-full-');
const disk = join(root, 'disk');
const tmpfs = mountTmpfs(disk, '512k');
if (tmpfs.skipReason) console.warn(`skipped: disk-full tests: ${tmpfs.skipReason}`);

/** Room left on the disk before each run: from "cannot even open the journal" to "mid-upload". */
const ROOM_LEFT_KIB = [8, 72, 212];

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
});
// Each test starts on an empty disk, so one that fails half-way (its filler still there) cannot
// fail the next one too.
afterEach(() => {
  if (tmpfs.skipReason !== null) return;
  for (const name of readdirSync(disk)) rmSync(join(disk, name), { recursive: true, force: true });
});
afterAll(async () => {
  tmpfs.unmount();
  removeDir(root);
  await h?.close();
});

function fillLeaving(kib: number): string {
  const filler = join(disk, 'filler');
  const s = statfsSync(disk);
  const free = Number(s.bavail) * Number(s.bsize);
  writeFileSync(filler, Buffer.alloc(Math.max(0, free - kib * 1024)));
  return filler;
}

describe.skipIf(tmpfs.skipReason !== null)('a full disk under `lectern upload`', () => {
  it.each(ROOM_LEFT_KIB)(
    'with %i KiB left: one sentence, exit 6, then the same command finishes without duplicates',
    { timeout: 120_000 },
    async (kib) => {
      const names = ['a', 'b', 'c'].map((n) => `full${kib}-${n}`);
      const files = await Promise.all(
        names.map(async (n, i) => {
          const path = join(h.dir, `${n}.mp4`);
          await makeFile(path, 3 * PART - 1000 * i, kib + i);
          return path;
        }),
      );
      const dataDir = join(disk, `lectern-${kib}`);
      const args = ['upload', ...files, '--section', `${h.courseId}/${h.sectionId}`, '--json', '--data-dir', dataDir];

      const filler = fillLeaving(kib);
      const full = await runLectern(h, args);
      expect(full.code, full.stderr).toBe(6);
      const line = full.stderr.trim().split('\n').at(-1) ?? '';
      expect(JSON.parse(line)).toMatchObject({
        code: 'DISK_FULL',
        details: { folder: expect.stringContaining(dataDir) },
      });
      expect(line).toMatch(/The disk holding .+ is full\. Free some space on it, then run the same command again/);
      expect(crashTextIn(full.stderr), full.stderr).toBeNull();

      // Still full: the same again without --json, the plain sentence for a person.
      const plain = await runLectern(
        h,
        args.filter((a) => a !== '--json'),
      );
      expect(plain.code, plain.stderr).toBe(6);
      expect(plain.stderr).toMatch(/^lectern: The disk holding .+ is full\. Free some space on it/m);
      expect(crashTextIn(plain.stderr), plain.stderr).toBeNull();

      rmSync(filler);
      const again = await runLectern(h, args);
      expect(again.code, again.stderr).toBe(0);
      expect(summaryOf(again).uploads.map((u) => u.status)).toEqual(['done', 'done', 'done']);
      const sandboxData = h.sandbox.dataDir!;
      for (const n of names) {
        expect(sessionsNamed(sandboxData, `${n}.mp4`), n).toBe(1);
        expect(lessonsTitled(sandboxData, h.sectionId, n), n).toBe(1);
      }
      rmSync(dataDir, { recursive: true });
    },
  );
});

describe.skipIf(tmpfs.skipReason !== null)('a full disk under the app’s upload engine', () => {
  it(
    'pauses every upload with the sentence, refuses to resume while full, then finishes once there is room',
    { timeout: 120_000 },
    async () => {
      const names = ['a', 'b'].map((n) => `engine-${n}`);
      const files = await Promise.all(
        names.map(async (n, i) => {
          const path = join(h.dir, `${n}.mp4`);
          await makeFile(path, 4 * PART + 77 * i, 900 + i);
          return path;
        }),
      );
      const journalPath = join(disk, 'engine', 'uploads.db');
      const faults: DiskFullError[] = [];
      const manager = createUploadManager({
        journalPath,
        api: h.client,
        md5Workers: 0,
        onLocalFault: (fault) => faults.push(fault),
      });
      try {
        const filler = fillLeaving(72);
        const rows = await manager.add(
          files.map((path) => ({
            path,
            lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' },
          })),
        );
        manager.start(rows.map((r) => r.id));
        await manager.whenIdle();
        expect(faults).toHaveLength(1);
        expect(faults[0]!.message).toMatch(
          /^The disk holding .+engine is full\. Free some space on it, then try again/,
        );
        expect(manager.localFault()).toBe(faults[0]);
        const paused = manager.list();
        expect(paused.map((r) => r.state)).toEqual(['paused', 'paused']);
        for (const r of paused) expect(r.notice).toMatchObject({ code: 'DISK_FULL' });

        // Still full: resuming says so instead of pretending.
        expect(() => manager.resume()).toThrow(expect.objectContaining({ code: 'DISK_FULL' }));

        rmSync(filler);
        manager.resume();
        await manager.whenIdle();
        expect(manager.localFault()).toBeNull();
        expect(manager.list().map((r) => r.state)).toEqual(['done', 'done']);
        const sandboxData = h.sandbox.dataDir!;
        for (const n of names) {
          expect(sessionsNamed(sandboxData, `${n}.mp4`), n).toBe(1);
          expect(lessonsTitled(sandboxData, h.sectionId, n), n).toBe(1);
        }
      } finally {
        await manager.close();
        rmSync(join(disk, 'engine'), { recursive: true, force: true });
      }
    },
  );
});
