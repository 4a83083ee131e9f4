// Tests (plain Node, real files): a picked file is opened only as what was picked — a FIFO or a
// symlink swapped in after picking, or another file renamed over it, is refused at once.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createFileHandles } from './file-handles.ts';
import { openPickedFile } from './picked-file.ts';

const posix = process.platform !== 'win32';

async function picked(content = 'the lesson video'): Promise<{ dir: string; path: string }> {
  const dir = tempDir('lectern-picked-');
  const chosen = join(dir, 'lesson.mp4');
  writeFileSync(chosen, content);
  const handles = createFileHandles();
  const [handle] = await handles.issue([chosen]);
  return { dir, path: handles.resolve(handle!.handle) };
}

async function readAll(path: string): Promise<string> {
  const handle = await openPickedFile(path);
  try {
    return (await handle.readFile()).toString('utf8');
  } finally {
    await handle.close();
  }
}

describe('opening a picked file', () => {
  it('reads the file that was picked, also after it was edited in place', async () => {
    const { path } = await picked();
    expect(await readAll(path)).toBe('the lesson video');
    writeFileSync(path, 'edited in place'); // same inode: the upload's own identity check sees this
    expect(await readAll(path)).toBe('edited in place');
  });

  it.skipIf(!posix)('refuses a symlink swapped in after picking (bytes never come from its target)', async () => {
    const { dir, path } = await picked();
    const secret = join(dir, 'secret.txt');
    writeFileSync(secret, 'private key material');
    rmSync(path);
    symlinkSync(secret, path);
    await expect(readAll(path)).rejects.toMatchObject({ code: 'FILE_CHANGED' });
  });

  it.skipIf(!posix)('refuses a FIFO swapped in after picking, at once instead of hanging', async () => {
    const { path } = await picked();
    rmSync(path);
    execFileSync('mkfifo', [path]);
    // Without O_NONBLOCK the open itself would wait for a writer forever (the test would time out).
    await expect(readAll(path)).rejects.toMatchObject({ code: 'NOT_A_FILE' });
  });

  it('refuses another file renamed over the picked one', async () => {
    const { dir, path } = await picked();
    const other = join(dir, 'other.mp4');
    writeFileSync(other, 'someone else’s bytes');
    renameSync(other, path);
    await expect(readAll(path)).rejects.toMatchObject({ code: 'FILE_CHANGED' });
  });

  it.skipIf(!posix)('a picked symlink is resolved when picked: the handle holds its target, pinned', async () => {
    const dir = tempDir('lectern-picked-');
    const target = join(dir, 'real.mp4');
    writeFileSync(target, 'real bytes');
    symlinkSync(target, join(dir, 'link.mp4'));
    const handles = createFileHandles();
    const [handle] = await handles.issue([join(dir, 'link.mp4')]);
    expect(handles.resolve(handle!.handle)).toBe(target);
    expect(await readAll(target)).toBe('real bytes');
  });
});
