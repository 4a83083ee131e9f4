// Tests (plain Node, real files): every place the upload pipeline reads a picked file goes through
// the one opener, so a FIFO or a symlink swapped in after picking fails fast instead of hanging a
// worker or sending another file's bytes.
import { execFileSync } from 'node:child_process';
import { copyFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createFileHandles } from '../platform/index.ts';
import { fullSha256, sampleSha256 } from './duplicates.ts';
import { md5OfRange, readIdentity } from './file-identity.ts';
import { checkVideoContainer, probeMedia } from '../media/index.ts';

const VIDEO = join(import.meta.dirname, '..', 'media', 'test-fixtures', 'h264-3s.mp4');
const readers: [string, (path: string) => Promise<unknown>][] = [
  ['readIdentity', readIdentity],
  ['md5OfRange', (path) => md5OfRange(path, 0, 16)],
  ['sampleSha256', sampleSha256],
  ['fullSha256', fullSha256],
  ['checkVideoContainer', checkVideoContainer],
  ['probeMedia', probeMedia],
];

async function pickedVideo(): Promise<{ dir: string; path: string }> {
  const dir = tempDir('lectern-swap-');
  const chosen = join(dir, 'lesson.mp4');
  copyFileSync(VIDEO, chosen);
  const handles = createFileHandles();
  const [handle] = await handles.issue([chosen]);
  return { dir, path: handles.resolve(handle!.handle) };
}

describe.skipIf(process.platform === 'win32')('upload readers and a picked file swapped after picking', () => {
  it('each reader works on the picked file itself', async () => {
    const { path } = await pickedVideo();
    for (const [name, read] of readers) await expect(read(path), name).resolves.toBeTruthy();
  });

  it('each reader refuses a symlink swapped in (never reads its target)', async () => {
    const { dir, path } = await pickedVideo();
    const elsewhere = join(dir, 'elsewhere.mp4');
    copyFileSync(VIDEO, elsewhere);
    rmSync(path);
    symlinkSync(elsewhere, path);
    for (const [name, read] of readers) await expect(read(path), name).rejects.toThrow();
  });

  it('each reader refuses a FIFO swapped in, without hanging', async () => {
    const { path } = await pickedVideo();
    rmSync(path);
    execFileSync('mkfifo', [path]);
    for (const [name, read] of readers) await expect(read(path), name).rejects.toThrow();
  });

  it('each reader refuses another file renamed over the picked one', async () => {
    const { dir, path } = await pickedVideo();
    const other = join(dir, 'other.mp4');
    copyFileSync(VIDEO, other);
    renameSync(other, path);
    for (const [name, read] of readers) await expect(read(path), name).rejects.toThrow();
  });
});
