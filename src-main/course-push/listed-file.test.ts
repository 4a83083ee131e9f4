// Tests (plain Node): reading a listed text file on a real disk, and what was swapped in after
// the listing (a link, a FIFO, another file) refused at once, unread.
import { execFileSync } from 'node:child_process';
import { lstatSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { readListedFile } from './listed-file.ts';

const posix = process.platform !== 'win32';

function listed(text = 'the lesson'): { dir: string; path: string; pin: { dev: number; ino: number } } {
  const dir = tempDir();
  const path = join(dir, 'lesson.md');
  writeFileSync(path, text);
  const info = lstatSync(path);
  return { dir, path, pin: { dev: info.dev, ino: info.ino } };
}

describe('readListedFile', () => {
  it('reads the listed file whole when it is within the cap', async () => {
    const { path, pin } = listed('hello');
    const read = await readListedFile(path, pin, 5);
    expect(read.ok && read.bytes.toString()).toBe('hello');
    expect(await readListedFile(path, pin, 4)).toEqual({ ok: false, why: 'too-large', size: 5 });
  });

  it.skipIf(!posix)('refuses a link swapped in after the listing, without reading its target', async () => {
    const { dir, path, pin } = listed();
    writeFileSync(join(dir, 'secret'), 'PRIVATE');
    rmSync(path);
    symlinkSync(join(dir, 'secret'), path);
    expect(await readListedFile(path, pin, 1024)).toEqual({ ok: false, why: 'link' });
  });

  it.skipIf(!posix)(
    'refuses a FIFO swapped in after the listing at once (no writer: a plain open would hang)',
    async () => {
      const { path, pin } = listed();
      rmSync(path);
      execFileSync('mkfifo', [path]);
      expect(await readListedFile(path, pin, 1024)).toEqual({ ok: false, why: 'not-a-file' });
    },
  );

  it('refuses another file renamed over the listed one', async () => {
    const { dir, path, pin } = listed();
    writeFileSync(join(dir, 'other.md'), 'other bytes');
    renameSync(join(dir, 'other.md'), path);
    expect(await readListedFile(path, pin, 1024)).toEqual({ ok: false, why: 'changed' });
  });

  it('says a file that is gone cannot be read', async () => {
    const { path, pin } = listed();
    rmSync(path);
    expect(await readListedFile(path, pin, 1024)).toEqual({ ok: false, why: 'unreadable' });
  });
});
