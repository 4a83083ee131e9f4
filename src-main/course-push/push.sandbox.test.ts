// Tests (plain Node): `lectern course push` as a user runs it — the real CLI in a child process
// against the sandbox over real HTTP: layout rules, natural order, plan first, re-run, changed
// video, changed text, new files, skipped files, --delete, a server without section writes, and a
// server that goes away mid-push (a wait, not a failure).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { MAIN } from '../cli/test-support/index.ts';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { fileMd5, lessonVideo, makeFile, sandboxCount } from '../uploads/test-support/index.ts';
import { courseAt, courseTree, push, writeFolder } from './test-support/index.ts';

const PART = 256 * 1024;
const sandbox = useTestSandbox({ seed: 'demo', restartable: true, partSize: PART, processingMs: 50 });
const temp = suiteTempDir('lectern-push-');

const sessions = () => sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM uploads');
const lessonsIn = (courseId: string) =>
  sandboxCount(sandbox.dataDir!, 'SELECT count(*) AS n FROM lessons WHERE course_id = ?', courseId);

describe('lectern course push', () => {
  it(
    'plans first, pushes sections and lessons in natural order, and a re-run creates nothing',
    { timeout: 300_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 0);
      const root = join(temp.path, 'Forklift course');
      const dataDir = join(temp.path, 'data-layout');
      await writeFolder(root, {
        '10 - Wrap up/1 - Recap.md': '# Recap\nWell done.',
        '2 - Driving/10 - Parking.mp4': { video: 2 * PART + 10, seed: 3 },
        '2 - Driving/2_Turning.txt': 'Turn slowly.',
        '2 - Driving/1. Checks.mp4': { video: PART - 5, seed: 4 },
        '1 - Basics/01 - Welcome.md': 'Hello',
        '1 - Basics/notes.pdf': '%PDF-1.7\n1 0 obj\n',
        '1 - Basics/3 Fake.mp4': 'only words',
        'stray.txt': 'beside the sections',
      });
      const before = await courseTree(client, courseId);
      const sessionsBefore = sessions();

      const dry = await push(sandbox, root, courseId, dataDir, ['--dry-run', '--json']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.json?.dryRun).toBe(true);
      expect(dry.json?.plan.sections.map((s) => [s.title, s.action])).toEqual([
        ['Basics', 'create'],
        ['Driving', 'create'],
        ['Wrap up', 'create'],
      ]);
      expect(dry.json?.plan.sections[1]!.lessons.map((l) => l.title)).toEqual(['Checks', 'Turning', 'Parking']);
      expect(dry.json?.plan.skipped.map((s) => s.key)).toEqual([
        '1 - Basics/3 Fake.mp4',
        '1 - Basics/notes.pdf',
        'stray.txt',
      ]);
      expect(dry.json?.plan.totals).toMatchObject({ sectionsToCreate: 3, lessonsToCreate: 5, uploads: 2 });
      // A dry run sends no write.
      expect(await courseTree(client, courseId)).toEqual(before);
      expect(sessions()).toBe(sessionsBefore);

      // Without --yes and without a terminal: refused, nothing written.
      const unconfirmed = await push(sandbox, root, courseId, dataDir, []);
      expect(unconfirmed.code).toBe(2);
      expect(unconfirmed.stderr).toMatch(/--yes/);
      expect(unconfirmed.stdout).toMatch(/\+ Section “Basics”/);
      expect(await courseTree(client, courseId)).toEqual(before);

      const first = await push(sandbox, root, courseId, dataDir);
      expect(first.code, first.stderr).toBe(0);
      expect(first.json?.outcome).toMatchObject({
        sectionsCreated: 3,
        lessonsCreated: 5,
        videosUploaded: 2,
        failed: [],
      });
      const after = await courseTree(client, courseId);
      expect(after.slice(0, before.length).map((s) => s.id)).toEqual(before.map((s) => s.id));
      const ours = after.slice(before.length);
      expect(ours.map((s) => s.title)).toEqual(['Basics', 'Driving', 'Wrap up']);
      expect(ours.map((s) => s.lessons.map((l) => l.title))).toEqual([
        ['Welcome'],
        ['Checks', 'Turning', 'Parking'],
        ['Recap'],
      ]);
      expect(ours[0]!.lessons[0]!.text).toBe('Hello');
      expect(ours[2]!.lessons[0]!.text).toBe('# Recap\nWell done.');
      expect(ours[1]!.lessons.map((l) => l.video)).toEqual([true, false, true]);
      const parking = ours[1]!.lessons[2]!;
      const video = await lessonVideo(client, { courseId, sectionId: ours[1]!.id, lessonId: parking.id });
      expect(video.md5).toBe(await fileMd5(join(root, '2 - Driving/10 - Parking.mp4')));
      expect(sessions()).toBe(sessionsBefore + 2);

      const again = await push(sandbox, root, courseId, dataDir);
      expect(again.code, again.stderr).toBe(0);
      expect(again.json?.plan.totals).toMatchObject({
        sectionsToCreate: 0,
        lessonsToCreate: 0,
        lessonsToUpdate: 0,
        uploads: 0,
      });
      expect(again.json?.plan.sections.flatMap((s) => s.lessons.map((l) => l.action))).toEqual(Array(5).fill('keep'));
      expect(await courseTree(client, courseId)).toEqual(after);
      expect(sessions()).toBe(sessionsBefore + 2);

      // A new local state (another computer): matched by title, still nothing created.
      const elsewhere = await push(sandbox, root, courseId, join(temp.path, 'data-elsewhere'));
      expect(elsewhere.code, elsewhere.stderr).toBe(0);
      expect(elsewhere.json?.plan.totals).toMatchObject({ sectionsToCreate: 0, lessonsToCreate: 0, uploads: 0 });
      expect((await courseTree(client, courseId)).map((s) => s.lessons.length)).toEqual(
        after.map((s) => s.lessons.length),
      );
    },
  );

  it(
    'uploads a changed video onto the same lesson, updates a changed text, and puts a new file in its place',
    { timeout: 240_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 1);
      const root = join(temp.path, 'changes');
      const dataDir = join(temp.path, 'data-changes');
      await writeFolder(root, {
        '1 - Intro.mp4': { video: PART + 1, seed: 7 },
        '3 - Notes.md': 'First version',
        '5 - End.md': 'The end',
      });
      expect((await push(sandbox, root, courseId, dataDir)).code).toBe(0);
      const [section] = (await courseTree(client, courseId)).filter((s) => s.title === 'changes');
      expect(section!.lessons.map((l) => l.title)).toEqual(['Intro', 'Notes', 'End']);
      const sessionsBefore = sessions();
      const lessonsBefore = lessonsIn(courseId);

      await makeFile(join(root, '1 - Intro.mp4'), PART + 999, 8);
      writeFileSync(join(root, '3 - Notes.md'), 'Second version');
      writeFileSync(join(root, '4 - Extra.txt'), 'Inserted');
      const result = await push(sandbox, root, courseId, dataDir);
      expect(result.code, result.stderr).toBe(0);
      expect(result.json?.plan.sections[0]!.lessons.map((l) => [l.title, l.action, l.changes])).toEqual([
        ['Intro', 'update', ['video']],
        ['Notes', 'update', ['text']],
        ['Extra', 'create', []],
        ['End', 'keep', []],
      ]);
      const [now] = (await courseTree(client, courseId)).filter((s) => s.title === 'changes');
      expect(now!.lessons.map((l) => l.title)).toEqual(['Intro', 'Notes', 'Extra', 'End']);
      expect(now!.lessons[0]!.id).toBe(section!.lessons[0]!.id);
      expect(now!.lessons[1]).toMatchObject({ id: section!.lessons[1]!.id, text: 'Second version' });
      expect(lessonsIn(courseId)).toBe(lessonsBefore + 1);
      expect(sessions()).toBe(sessionsBefore + 1);
      const video = await lessonVideo(client, { courseId, sectionId: now!.id, lessonId: now!.lessons[0]!.id });
      expect(video.md5).toBe(
        createHash('md5')
          .update(readFileSync(join(root, '1 - Intro.mp4')))
          .digest('hex'),
      );
    },
  );

  it(
    'leaves lessons that are not in the folder alone, and deletes them only with --delete',
    { timeout: 240_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 2);
      const root = join(temp.path, 'deleting');
      const dataDir = join(temp.path, 'data-deleting');
      await writeFolder(root, { 'A/1 - Keep.md': 'keep', 'A/2 - Drop.md': 'drop' });
      expect((await push(sandbox, root, courseId, dataDir)).code).toBe(0);
      const seeded = (await courseTree(client, courseId)).filter((s) => s.title !== 'A');
      rmSync(join(root, 'A/2 - Drop.md'));

      const left = await push(sandbox, root, courseId, dataDir);
      expect(left.code, left.stderr).toBe(0);
      expect(left.json?.plan.totals).toMatchObject({
        lessonsToDelete: 0,
        lessonsLeftAlone: 1 + seeded.flatMap((s) => s.lessons).length,
      });
      expect((await courseTree(client, courseId)).find((s) => s.title === 'A')!.lessons.map((l) => l.title)).toEqual([
        'Keep',
        'Drop',
      ]);

      const deleted = await push(sandbox, root, courseId, dataDir, ['--yes', '--json', '--delete']);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect(deleted.json?.outcome).toMatchObject({ sectionsDeleted: seeded.length });
      expect((await courseTree(client, courseId)).map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
        ['A', ['Keep']],
      ]);
    },
  );

  it('refuses a folder that is not there with a clear message and exit 2', { timeout: 120_000 }, async () => {
    const result = await push(sandbox, join(temp.path, 'nope'), 'x', join(temp.path, 'data-nope'));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/was not found/);
  });
});

describe('lectern course push on a server without section writes', () => {
  const bare = useTestSandbox({ seed: 'demo', restartable: true, partSize: PART, noStructure: true });

  it(
    'stops before any upload session or lesson with a sentence naming the capability, non-zero exit',
    { timeout: 120_000 },
    async () => {
      const client = bare.client();
      const courseId = await courseAt(client, 0);
      const root = join(temp.path, 'bare');
      await writeFolder(root, { 'S/1 - Video.mp4': { video: PART, seed: 9 }, 'S/2 - Text.md': 'x' });
      const count = (table: string) => sandboxCount(bare.dataDir!, `SELECT count(*) AS n FROM ${table}`);
      const before = { uploads: count('uploads'), lessons: count('lessons'), sections: count('sections') };
      const result = await push(bare, root, courseId, join(temp.path, 'data-bare'), ['--yes']);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/This server does not let Lectern create sections, so the push stopped/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect({ uploads: count('uploads'), lessons: count('lessons'), sections: count('sections') }).toEqual(before);
    },
  );
});

describe('lectern course push while the server cannot be reached', () => {
  const flaky = useTestSandbox({ seed: 'demo', restartable: true, partSize: PART, processingMs: 50 });

  it('waits for the server and finishes the course by itself', { timeout: 300_000 }, async () => {
    const courseId = await courseAt(flaky.client(), 3);
    const root = join(temp.path, 'offline');
    await writeFolder(root, { 'A/1 - a.md': 'a', 'A/2 - b.mp4': { video: 3 * PART, seed: 21 }, 'B/1 - c.md': 'c' });
    const sections = () =>
      sandboxCount(
        flaky.dataDir!,
        "SELECT count(*) AS n FROM sections WHERE course_id = ? AND title IN ('A', 'B')",
        courseId,
      );
    const child = spawn(process.execPath, [MAIN, 'course', 'push', root, '--course', courseId, '--yes', '--json'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        LECTERN_API_KEY: flaky.keys.tenantAdmin,
        LECTERN_BASE_URL: flaky.baseUrl,
        LECTERN_DATA_DIR: join(temp.path, 'data-offline'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    let exited = false;
    const done = new Promise<number | null>((resolve) =>
      child.on('close', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    await vi.waitFor(() => expect(sections() > 0 || exited).toBe(true), { timeout: 120_000, interval: 5 });
    await flaky.stop();
    await new Promise((r) => setTimeout(r, 15_000));
    const stillRunning = !exited;
    await flaky.restart();
    const code = await done;
    expect(stillRunning, stderr).toBe(true);
    expect(code, stderr).toBe(0);
    const tree = (await courseTree(flaky.client(), courseId)).filter((s) => s.title === 'A' || s.title === 'B');
    expect(tree.map((s) => [s.title, s.lessons.map((l) => l.title)])).toEqual([
      ['A', ['a', 'b']],
      ['B', ['c']],
    ]);
    expect(sandboxCount(flaky.dataDir!, "SELECT count(*) AS n FROM uploads WHERE file_name = '2 - b.mp4'")).toBe(1);
  });
});
