// Tests (plain Node): `lectern course push` choosing what to delete and saying what it did — the
// real CLI in a child process against the sandbox over real HTTP. --delete-only GLOB deletes exactly
// the lessons it matches (SECTION/LESSON narrows to one section), the summary names each section
// and lesson made, deleted, renamed, replaced or put in order with its section (reordering in
// words), and a run with nothing to do says so in one line.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { courseAt, courseTree, push, writeFolder } from './test-support/index.ts';

const sandbox = useTestSandbox({ seed: 'demo', processingMs: 50 });
const temp = suiteTempDir('lectern-push-choose-');

const titles = (tree: Awaited<ReturnType<typeof courseTree>>) =>
  tree.map((s) => [s.title, s.lessons.map((l) => l.title)]);

describe('lectern course push --delete-only', () => {
  it(
    'deletes exactly the lesson its glob matches, names it with its section, then has nothing to push',
    { timeout: 240_000 },
    async () => {
      const client = sandbox.client();
      const courseId = await courseAt(client, 1);
      const root = join(temp.path, 'Forklift course');
      const dataDir = join(temp.path, 'data');
      await writeFolder(root, {
        '1 - Basics/1 - Welcome.md': 'Hello',
        '1 - Basics/2 - Notes.md': 'Basics notes',
        '2 - Driving/1 - Notes.md': 'Driving notes',
        '2 - Driving/2 - Checks.md': 'Check the forks',
      });
      const seeded = await courseTree(client, courseId);

      // Every section and lesson made, each with its section: the same title twice is told apart.
      const first = await push(sandbox, root, courseId, dataDir, ['--yes']);
      expect(first.code, first.stderr).toBe(0);
      const name = /^Course “(.+)” \(/.exec(first.stdout)![1]!;
      const summary = first.stdout.slice(first.stdout.indexOf('Pushed to')).trim().split('\n');
      expect(summary).toEqual([
        `Pushed to “${name}”: 2 sections created, 4 lessons created.`,
        '  Created section “Basics”.',
        '  Created section “Driving”.',
        '  Created text lesson “Welcome” in “Basics”.',
        '  Created text lesson “Notes” in “Basics”.',
        '  Created text lesson “Notes” in “Driving”.',
        '  Created text lesson “Checks” in “Driving”.',
      ]);
      // As it went, the same sentences on stderr.
      expect(first.stderr).toContain('Created text lesson “Notes” in “Driving”.');

      // Both Notes files leave the folder; only the one of Basics is chosen.
      rmSync(join(root, '1 - Basics/2 - Notes.md'));
      rmSync(join(root, '2 - Driving/1 - Notes.md'));
      const both = await push(sandbox, root, courseId, dataDir, ['--delete', '--delete-only', 'x', '--dry-run']);
      expect(both.code).toBe(2);
      expect(both.stderr).toMatch(/cannot go together/);

      const dry = await push(sandbox, root, courseId, dataDir, ['--delete-only', 'basics/NOTES', '--dry-run']);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toMatch(/- “Notes” {2}not in the folder: delete/);
      expect(dry.stdout).toMatch(/\? “Notes” {2}not in the folder: left alone/);
      expect(dry.stdout).toMatch(/1 lesson to delete/);

      const deleted = await push(sandbox, root, courseId, dataDir, [
        '--yes',
        '--delete-only',
        'Basics/Notes',
        '--delete-only',
        'Nothing like? this*',
      ]);
      expect(deleted.code, deleted.stderr).toBe(0);
      expect(deleted.stderr).toContain(
        '--delete-only “Nothing like? this*” matches no section or lesson that is not in the folder.',
      );
      expect(deleted.stdout.slice(deleted.stdout.indexOf('Pushed to')).trim().split('\n')).toEqual([
        `Pushed to “${name}”: 1 lesson deleted.`,
        '  Deleted lesson “Notes” in “Basics”.',
      ]);
      expect(titles(await courseTree(client, courseId))).toEqual([
        ...titles(seeded),
        ['Basics', ['Welcome']],
        ['Driving', ['Notes', 'Checks']],
      ]);

      // Nothing left to do (the Notes of Driving stays, left alone): one line says so.
      const again = await push(sandbox, root, courseId, dataDir, ['--yes']);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout.trim().split('\n').at(-1)).toBe(`Nothing to push: “${name}” already matches the folder.`);
      const json = await push(sandbox, root, courseId, dataDir, ['--yes', '--json']);
      expect(json.json?.outcome).toMatchObject({ events: [], lessonsDeleted: 0 });

      // A section folder renamed to go first, a changed text in it, a file renamed to a new title.
      renameSync(join(root, '2 - Driving'), join(root, '0 - Driving'));
      writeFileSync(join(root, '0 - Driving/2 - Checks.md'), 'Check the forks and the mast');
      renameSync(join(root, '1 - Basics/1 - Welcome.md'), join(root, '1 - Basics/1 - Hello.md'));
      const changed = await push(sandbox, root, courseId, dataDir, ['--yes']);
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stdout.slice(changed.stdout.indexOf('Pushed to')).trim().split('\n')).toEqual([
        `Pushed to “${name}”: 1 section put in the folder's order, 1 lesson renamed, 1 lesson replaced.`,
        "  Put section “Driving” in the folder's order.",
        '  Replaced the text of “Checks” in “Driving”.',
        '  Renamed text lesson “Hello” in “Basics” to match its file.',
      ]);
    },
  );
});
