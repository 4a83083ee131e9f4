import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFileHandles, createQueuedFileDialog } from './file-handles.ts';

function folderWithFiles(): string {
  const dir = tempDir('lectern-handles-');
  writeFileSync(join(dir, 'lesson 10.mp4'), Buffer.alloc(10));
  writeFileSync(join(dir, 'lesson 2.mov'), Buffer.alloc(20));
  writeFileSync(join(dir, 'notes.txt'), 'not a video');
  mkdirSync(join(dir, 'nested'));
  return dir;
}

describe('file handles', () => {
  it('issues opaque handles for chosen files and resolves only those', async () => {
    const dir = folderWithFiles();
    const handles = createFileHandles();
    const [handle] = await handles.issue([join(dir, 'notes.txt')]);
    expect(handle).toMatchObject({ name: 'notes.txt', size: 11 });
    expect(handle!.handle).not.toContain(dir);
    expect(handles.resolve(handle!.handle)).toBe(join(dir, 'notes.txt'));
    // A path (or anything else the renderer might send) is not a handle.
    expect(() => handles.resolve(join(dir, 'notes.txt'))).toThrow(/file dialog/);
    expect(() => handles.resolve('00000000-0000-0000-0000-000000000000')).toThrow(/file dialog/);
  });

  it('expands a chosen folder to its videos in natural order and skips what is missing', async () => {
    const dir = folderWithFiles();
    const issued = await createFileHandles().issue([dir, join(dir, 'vanished.mp4')]);
    expect(issued.map((h) => [h.name, h.size])).toEqual([
      ['lesson 2.mov', 20],
      ['lesson 10.mp4', 10],
    ]);
  });

  it('the bridge host dialog answers only what a test queued', async () => {
    const dialog = createQueuedFileDialog();
    await expect(dialog.pick({ folder: false })).rejects.toMatchObject({ code: 'NOT_AVAILABLE' });
    dialog.answer(['/a.mp4']);
    await expect(dialog.pick({ folder: false })).resolves.toEqual(['/a.mp4']);
  });
});
