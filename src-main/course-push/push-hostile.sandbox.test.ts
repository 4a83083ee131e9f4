// Tests (plain Node): `lectern course push` of a folder from someone else — the real CLI in a child
// process against the sandbox over real HTTP. A symlinked .md to a file outside the folder is listed
// as skipped and never becomes a lesson; a FIFO does not hang the plan; a name with control
// characters cannot erase a line of the plan the user confirms.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir, useTestSandbox } from '../test-support/index.ts';
import { courseAt, courseTree, push, writeFolder } from './test-support/index.ts';

const sandbox = useTestSandbox({ seed: 'demo' });
const temp = suiteTempDir('lectern-push-hostile-');
const ERASE = '\u001b[1A\u001b[2K';

describe.skipIf(process.platform === 'win32')('lectern course push of a hostile folder', () => {
  it('skips links and FIFOs, and prints names with controls as escapes', { timeout: 120_000 }, async () => {
    const client = sandbox.client();
    const courseId = await courseAt(client, 0);
    const secret = join(temp.path, 'home', '.ssh', 'id_ed25519');
    mkdirSync(join(secret, '..'), { recursive: true });
    writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY----- not for the server');
    const root = join(temp.path, 'Course from a zip');
    await writeFolder(root, {
      '1 - Basics/01 Welcome.md': 'Hello',
      [`1 - Basics/03 ${ERASE}Quiet.md`]: 'A name that tries to erase the line above it.',
      [`1 - Basics/x${ERASE}.pdf`]: '%PDF-1.7\n1 0 obj\n',
    });
    symlinkSync(secret, join(root, '1 - Basics', '02 Notes.md'));
    execFileSync('mkfifo', [join(root, '1 - Basics', '04 pipe.md')]);
    const dataDir = join(temp.path, 'data');

    // The plan for people: every line there, no control character reaches the terminal.
    const dry = await push(sandbox, root, courseId, dataDir, ['--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/u); // eslint-disable-line no-control-regex
    const lines = dry.stdout.split('\n');
    expect(lines).toContain('    + “Welcome”  create (1 - Basics/01 Welcome.md, text)');
    expect(lines).toContain('    + “[1A[2KQuiet”  create (1 - Basics/03 \\x1B[1A\\x1B[2KQuiet.md, text)');
    expect(lines).toContain(
      '  1 - Basics/02 Notes.md: A symbolic link: links are not followed, so nothing outside the folder is read.',
    );
    expect(lines).toContain('  1 - Basics/04 pipe.md: Not a regular file (a FIFO, socket or device).');
    expect(lines).toContain('  1 - Basics/x\\x1B[1A\\x1B[2K.pdf: x\\x1B[1A\\x1B[2K.pdf is a PDF file, not a video.');

    // Pushed: the link and the FIFO are skipped, never lessons; the secret never reaches the server.
    const pushed = await push(sandbox, root, courseId, dataDir);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.json?.plan.skipped.map((s) => s.key)).toEqual([
      '1 - Basics/02 Notes.md',
      '1 - Basics/04 pipe.md',
      `1 - Basics/x${ERASE}.pdf`,
    ]);
    const basics = (await courseTree(client, courseId)).find((s) => s.title === 'Basics');
    expect(basics?.lessons.map((l) => l.title)).toEqual(['Welcome', '[1A[2KQuiet']);
    expect(JSON.stringify(await courseTree(client, courseId))).not.toContain('PRIVATE KEY');
  });
});
