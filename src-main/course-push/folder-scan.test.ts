// Tests (plain Node): reading a course folder from a real folder on disk, videos told by their bytes.
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { VIDEO_FIXTURE } from '../uploads/test-support/index.ts';
import { FolderError, scanFolder } from './folder-scan.ts';

function write(path: string, content: string | Buffer = 'x'): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
}

describe('scanFolder', () => {
  it('makes each sub-folder a section and each file a lesson, in natural order, titles without numbers', async () => {
    const root = join(tempDir(), 'Forklift course');
    copyFileSync(
      VIDEO_FIXTURE,
      (write(join(root, '10 - Wrap up', 'x'), ''), join(root, '10 - Wrap up', '1 - Recap.mp4')),
    );
    write(join(root, '2 - Driving', '10 - Parking.md'), '# Parking\n');
    copyFileSync(VIDEO_FIXTURE, join(root, '2 - Driving', '2_Turning.mov'));
    write(join(root, '2 - Driving', '1. Checks.txt'), 'Check the forks.');
    write(join(root, '1 - Basics', 'notes.pdf'), Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'));
    write(join(root, '1 - Basics', '3 Fake video.mp4'), 'just words, not a video');
    write(join(root, '1 - Basics', 'empty.mp4'), '');
    write(join(root, '1 - Basics', '.DS_Store'), 'junk');
    write(join(root, '1 - Basics', 'deeper', 'x.mp4'), 'x');
    write(join(root, 'README.md'), 'beside the sections');

    const layout = await scanFolder(root);
    expect(layout.sections.map((s) => [s.key, s.title])).toEqual([
      ['1 - Basics', 'Basics'],
      ['2 - Driving', 'Driving'],
      ['10 - Wrap up', 'Wrap up'],
    ]);
    expect(layout.sections[0]!.lessons).toEqual([]);
    expect(layout.sections[1]!.lessons.map((l) => [l.key, l.title, l.kind])).toEqual([
      ['2 - Driving/1. Checks.txt', 'Checks', 'text'],
      ['2 - Driving/2_Turning.mov', 'Turning', 'video'],
      ['2 - Driving/10 - Parking.md', 'Parking', 'text'],
    ]);
    const parking = layout.sections[1]!.lessons[2]!;
    expect(parking.kind === 'text' && parking.text).toBe('# Parking\n');
    expect(layout.sections[2]!.lessons.map((l) => l.title)).toEqual(['Recap']);
    const reasons = Object.fromEntries(layout.skipped.map((s) => [s.key, s.reason]));
    expect(Object.keys(reasons)).toEqual([
      '1 - Basics/3 Fake video.mp4',
      '1 - Basics/.DS_Store',
      '1 - Basics/deeper',
      '1 - Basics/empty.mp4',
      '1 - Basics/notes.pdf',
      '10 - Wrap up/x',
      'README.md',
    ]);
    expect(reasons['1 - Basics/3 Fake video.mp4']).toMatch(/text file, not a video/);
    expect(reasons['1 - Basics/notes.pdf']).toMatch(/PDF file, not a video/);
    expect(reasons['1 - Basics/empty.mp4']).toMatch(/empty/);
    expect(reasons['1 - Basics/deeper']).toMatch(/one level of folders/);
    expect(reasons['README.md']).toMatch(/beside the section folders/);
  });

  it('makes a folder without sub-folders one section named after the folder', async () => {
    const root = join(tempDir(), '3 - Forklift basics');
    write(join(root, '2 - b.md'), 'b');
    write(join(root, '1 - a.txt'), '\uFEFFa with a byte-order mark');
    symlinkSync(join(root, '2 - b.md'), join(root, '3 - link.md'));
    const layout = await scanFolder(root);
    expect(layout.sections).toHaveLength(1);
    expect(layout.sections[0]).toMatchObject({ key: '', title: 'Forklift basics' });
    const lessons = layout.sections[0]!.lessons;
    expect(lessons.map((l) => [l.key, l.title])).toEqual([
      ['1 - a.txt', 'a'],
      ['2 - b.md', 'b'],
    ]);
    expect(lessons[0]!.kind === 'text' && lessons[0]!.text).toBe('a with a byte-order mark');
    // A link is skipped even when it points inside the folder (folder-scan-hostile.test.ts: outside).
    expect(layout.skipped).toEqual([{ key: '3 - link.md', reason: expect.stringMatching(/symbolic link/) as string }]);
  });

  it('skips a text file that is not UTF-8, with the reason', async () => {
    const root = tempDir();
    write(join(root, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    const layout = await scanFolder(root);
    expect(layout.skipped).toEqual([{ key: 'latin1.txt', reason: 'latin1.txt is not UTF-8 text.' }]);
  });

  it('refuses a path that is not a folder with a clear error', async () => {
    const root = tempDir();
    write(join(root, 'file.txt'), 'x');
    await expect(scanFolder(join(root, 'file.txt'))).rejects.toThrow(FolderError);
    await expect(scanFolder(join(root, 'nope'))).rejects.toThrow(/was not found/);
  });
});
