// Tests (plain Node): what a folder push's plan reads of the files, against the sandbox over real
// HTTP with real files. An unchanged re-plan reads no file's bytes (rsync's quick check: a file
// rewritten in place with its size and mtime put back is trusted, as rsync documents); a changed
// file is hashed (when its samples cannot tell) and sent again onto its lesson; a touched file is
// hashed and found unchanged; a trusted file whose lesson was deleted is read to be made again; a
// renamed file is followed by its inode or its bytes; the first plan of a big folder hashes nothing
// and reads a few KiB a file.
import {
  copyFileSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUploadManager, type UploadManager } from '../uploads/index.ts';
import { VIDEO_FIXTURE, makeFile } from '../uploads/test-support/index.ts';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { executePush } from './execute.ts';
import { planIsEmpty, type PushPlan } from './plan.ts';
import { diskReader, preparePush, type ContentReader } from './prepare.ts';
import { PushState } from './push-state.ts';
import { courseAt, courseTree, writeFolder } from './test-support/index.ts';

const PART = 256 * 1024;
const sandbox = useTestSandbox({ seed: 'demo', partSize: PART, processingMs: 50 });
const temp = suiteTempDir('lectern-plan-reads-');

/** The plan's whole-file reads, by path. */
function countingReader(): ContentReader & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    sha256: (path) => (reads.push(path), diskReader.sha256(path)),
    md5Parts: (path, partSize) => (reads.push(path), diskReader.md5Parts(path, partSize)),
  };
}

const lessons = (plan: PushPlan) => plan.sections.flatMap((s) => s.lessons);

describe('what a push plan reads', () => {
  it(
    'an unchanged re-plan reads no file; a changed file is hashed and re-sent; a touched one is found unchanged',
    { timeout: 120_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 2);
      const root = join(temp.path, 'course');
      await writeFolder(root, {
        '1 - Basics/1 - Welcome.mp4': { video: 4 * PART + 3, seed: 11 },
        '1 - Basics/2 - Rules.md': 'Keep left.',
        '2 - Driving/1 - Checks.mp4': { video: 3 * PART, seed: 12 },
        '2 - Driving/2 - Turning.mp4': { video: 2 * PART + 9, seed: 13 },
      });
      // Whole seconds, so that putting an mtime back below is exact (utimes takes no nanoseconds).
      const files = ['1 - Basics/1 - Welcome.mp4', '1 - Basics/2 - Rules.md', '2 - Driving/1 - Checks.mp4'];
      for (const f of files) utimesSync(join(root, f), 1_700_000_000, 1_700_000_000);
      const journalPath = join(temp.path, 'uploads.db');
      const state = new PushState(journalPath);
      const manager: UploadManager = createUploadManager({ journalPath, api: client, md5Workers: 0 });
      const signal = new AbortController().signal;
      const plan = async (reader = countingReader()) => ({
        plan: await preparePush({ dir: root, courseId, deleteOthers: false, api: client, state, signal, reader }),
        reads: reader.reads,
      });
      const run = (p: PushPlan) => executePush(p, { api: client, state, uploads: manager, signal });
      try {
        // First plan: nothing remembered, nothing hashed; it says what it will upload.
        const first = await plan();
        expect(first.reads).toEqual([]);
        expect(first.plan.totals).toMatchObject({ uploads: 3, uploadBytes: 9 * PART + 12, lessonsToCreate: 4 });
        const pushed = await run(first.plan);
        expect(pushed).toMatchObject({ videosUploaded: 3, failed: [] });

        // What the engine hashed on the way out is what the push state keeps, equal to the file's.
        const welcome = join(root, '1 - Basics/1 - Welcome.mp4');
        const entry = state.remembered(courseId).find((r) => r.key === '1 - Basics/1 - Welcome.mp4')!;
        expect(entry.contentMd5Parts).toBe(await diskReader.md5Parts(welcome, PART));
        expect(entry).toMatchObject({ size: 4 * PART + 3, ino: statSync(welcome).ino, dev: statSync(welcome).dev });

        // Unchanged: no file read, nothing to do.
        const again = await plan();
        expect(again.reads).toEqual([]);
        expect(planIsEmpty(again.plan)).toBe(true);
        expect(lessons(again.plan).map((l) => l.action)).toEqual(['keep', 'keep', 'keep', 'keep']);

        // Proof that the bytes are not read: rewritten in place (not even a video, and another text)
        // with size and mtime put back, the files pass the quick check and the plan trusts them.
        const checks = join(root, '2 - Driving/1 - Checks.mp4');
        const rules = join(root, '1 - Basics/2 - Rules.md');
        const saved = [checks, rules].map((path) => ({ path, bytes: readFileSync(path), stat: statSync(path) }));
        writeFileSync(checks, Buffer.alloc(3 * PART, 0x20));
        writeFileSync(rules, 'Keep right');
        for (const s of saved) utimesSync(s.path, s.stat.atime, s.stat.mtime);
        const fooled = await plan();
        expect(fooled.reads).toEqual([]);
        expect(fooled.plan.skipped).toEqual([]);
        expect(planIsEmpty(fooled.plan)).toBe(true);
        for (const s of saved) {
          writeFileSync(s.path, s.bytes);
          utimesSync(s.path, s.stat.atime, s.stat.mtime);
        }

        // Changed where the samples do not look (same size, new mtime): hashed, then sent again.
        const bytes = readFileSync(welcome);
        bytes[100_000] = bytes[100_000]! ^ 0xff;
        writeFileSync(welcome, bytes);
        const changed = await plan();
        expect(changed.reads).toEqual([welcome]);
        const plannedWelcome = lessons(changed.plan).find((l) => l.key === '1 - Basics/1 - Welcome.mp4')!;
        expect(plannedWelcome).toMatchObject({ action: 'update', changes: ['video'], uploadBytes: 4 * PART + 3 });
        expect(lessons(changed.plan).filter((l) => l.action !== 'keep')).toHaveLength(1);
        const lessonId = plannedWelcome.lessonId;
        expect(await run(changed.plan)).toMatchObject({ videosUploaded: 1, lessonsCreated: 0, failed: [] });
        const tree = await courseTree(client, courseId);
        expect(tree.flatMap((s) => s.lessons).filter((l) => l.id === lessonId)).toHaveLength(1);
        expect((await plan()).reads).toEqual([]);

        // Changed where the samples look (a new seed): told apart without a full read.
        await makeFile(join(root, '2 - Driving/2 - Turning.mp4'), 2 * PART + 9, 99);
        const resampled = await plan();
        expect(resampled.reads).toEqual([]);
        expect(lessons(resampled.plan).find((l) => l.key === '2 - Driving/2 - Turning.mp4')).toMatchObject({
          action: 'update',
          changes: ['video'],
        });
        expect(await run(resampled.plan)).toMatchObject({ videosUploaded: 1, failed: [] });

        // Touched (new mtime, same bytes): hashed once and found unchanged; the plan keeps its new
        // stat in the push state (locally), so the next plan trusts it again without a push.
        const later = new Date(Date.now() + 60_000);
        utimesSync(checks, later, later);
        const touched = await plan();
        expect(touched.reads).toEqual([checks]);
        expect(planIsEmpty(touched.plan)).toBe(true);
        expect((await plan()).reads).toEqual([]);

        // Lessons deleted on the server: files trusted by the quick check are read after all (their
        // text, their video's check) to be created again, still without hashing a video.
        const sections = await courseTree(client, courseId);
        const basics = sections.find((s) => s.title === 'Basics')!;
        for (const lesson of basics.lessons) await client.lessons.delete(courseId, basics.id, lesson.id);
        const recreate = await plan();
        expect(recreate.reads).toEqual([]);
        const planned = lessons(recreate.plan).filter((l) => l.action === 'create');
        expect(planned.map((l) => l.key)).toEqual(['1 - Basics/1 - Welcome.mp4', '1 - Basics/2 - Rules.md']);
        expect(planned[0]!.file.kind === 'video' && planned[0]!.file.check.mime).toBe('video/mp4');
        expect(await run(recreate.plan)).toMatchObject({ lessonsCreated: 2, videosUploaded: 1, failed: [] });
        const rebuilt = (await courseTree(client, courseId)).find((s) => s.id === basics.id)!;
        expect(rebuilt.lessons.map((l) => [l.title, l.text, l.video])).toEqual([
          ['Welcome', '', true],
          ['Rules', 'Keep left.', false],
        ]);
        expect((await plan()).reads).toEqual([]);

        // Renamed: followed onto its lesson by its inode (nothing read), or, copied to a new inode,
        // by its bytes (hashed, as its size and samples match the remembered file that is gone).
        renameSync(checks, join(root, '2 - Driving/1 - Pre-checks.mp4'));
        const turning = join(root, '2 - Driving/2 - Turning.mp4');
        copyFileSync(turning, join(root, '2 - Driving/2 - Turns.mp4'));
        rmSync(turning);
        const renamed = await plan();
        expect(renamed.reads).toEqual([join(root, '2 - Driving/2 - Turns.mp4')]);
        expect(
          lessons(renamed.plan)
            .filter((l) => l.key.startsWith('2 - Driving/'))
            .map((l) => [l.title, l.matchedBy, l.changes, l.uploadBytes]),
        ).toEqual([
          ['Pre-checks', 'content', ['title'], 0],
          ['Turns', 'content', ['title'], 0],
        ]);
      } finally {
        await manager.close();
        state.close();
      }
    },
  );

  it(
    'the first plan of a big sparse folder hashes nothing and reads a few KiB of each file',
    { timeout: 60_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 3);
      const root = join(temp.path, 'big');
      const size = 2 * 1024 ** 3;
      await writeFolder(root, {});
      const paths: string[] = [];
      for (const s of ['1 - One', '2 - Two', '3 - Three']) {
        for (const l of ['1 - A.mp4', '2 - B.mp4']) {
          const path = join(root, s, l);
          await writeFolder(join(root, s), {});
          copyFileSync(VIDEO_FIXTURE, path);
          truncateSync(path, size); // a real MP4 head, then a hole
          paths.push(path);
        }
      }
      const state = new PushState(join(temp.path, 'big.db'));
      const reader = countingReader();
      const io = '/proc/self/io';
      const readBytes = () => (existsSync(io) ? Number(/rchar: (\d+)/.exec(readFileSync(io, 'utf8'))![1]) : 0);
      try {
        const before = readBytes();
        const plan = await preparePush({
          dir: root,
          courseId,
          deleteOthers: false,
          api: client,
          state,
          signal: new AbortController().signal,
          reader,
        });
        const read = readBytes() - before;
        expect(reader.reads).toEqual([]);
        expect(plan.totals).toMatchObject({ uploads: 6, uploadBytes: 6 * size });
        // Everything this process read meanwhile (the sandbox's answers included): far below 12 GiB.
        expect(read).toBeLessThan(64 * 1024 ** 2);
      } finally {
        state.close();
      }
    },
  );
});
