// Tests (plain Node): folder handles over real folders — only what was chosen resolves, the name
// (never the path) is what the renderer may show, and a folder swapped after it was chosen is refused.
import { mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { createFolderHandles } from './folder-handles.ts';

const temp = suiteTempDir('lectern-folder-handles-');

describe('folder handles', () => {
  it('issues a handle for a chosen folder and resolves only that handle', async () => {
    const dir = join(temp.path, 'Forklift course');
    mkdirSync(dir);
    const handles = createFolderHandles();
    const issued = await handles.issue(dir);
    expect(issued.name).toBe('Forklift course');
    expect(issued.handle).not.toContain(temp.path);
    expect(await handles.resolve(issued.handle)).toBe(dir);
    expect(handles.nameOf(issued.handle)).toBe('Forklift course');
    await expect(handles.resolve('not-issued')).rejects.toMatchObject({ code: 'FILE_NOT_AVAILABLE' });
  });

  it('refuses a file, and a folder replaced (renamed over or by a link) after it was chosen', async () => {
    const handles = createFolderHandles();
    const file = join(temp.path, 'a.txt');
    writeFileSync(file, 'x');
    await expect(handles.issue(file)).rejects.toThrow(/not a folder/);

    const dir = join(temp.path, 'course');
    mkdirSync(dir);
    const issued = await handles.issue(dir);
    renameSync(dir, join(temp.path, 'course-moved'));
    mkdirSync(dir);
    await expect(handles.resolve(issued.handle)).rejects.toThrow(/moved or replaced/);

    const linked = join(temp.path, 'linked');
    mkdirSync(linked);
    const second = await handles.issue(linked);
    renameSync(linked, join(temp.path, 'linked-away'));
    symlinkSync(join(temp.path, 'linked-away'), linked);
    await expect(handles.resolve(second.handle)).rejects.toThrow(/moved or replaced/);
  });
});
