// Tests (plain Node): Lectern's own file browser over real folders. Entries come back by handle only
// (no path in the answer), folders first and then the files the pick may choose in natural order;
// hidden entries are counted, not listed; links are listed as what they point to, and a link or
// folder swapped in after the listing is refused; an unreadable folder is a typed error; a folder
// of 5,000 entries is listed whole (and a limit counts what it leaves out).
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowseListing } from '../../src-shared/index.ts';
import { tempDir } from '../test-support/index.ts';
import { createFolderBrowser, type FolderBrowser } from './folder-browser.ts';

const names = (listing: BrowseListing) => listing.entries.map((e) => `${e.kind === 'folder' ? '📁' : ''}${e.name}`);

async function open(browser: FolderBrowser, listing: BrowseListing, name: string, purpose = 'video' as const) {
  const entry = listing.entries.find((e) => e.name === name);
  if (!entry) throw new Error(`${name} is not listed: ${names(listing).join(', ')}`);
  return browser.list({ folder: entry.handle, purpose });
}

function course(root: string): void {
  mkdirSync(join(root, 'Week 10'));
  mkdirSync(join(root, 'Week 2'));
  mkdirSync(join(root, '.cache'));
  writeFileSync(join(root, 'intro 10.mp4'), 'x'.repeat(10));
  writeFileSync(join(root, 'intro 2.MOV'), 'xx');
  writeFileSync(join(root, 'notes.md'), 'n');
  writeFileSync(join(root, '.secret.mp4'), 's');
}

describe('folder browser', () => {
  it('starts at home and answers handles, folders first, then the videos a video pick may choose', async () => {
    const home = tempDir('lectern-browse-');
    course(home);
    const browser = createFolderBrowser({ home });
    const listing = await browser.list({ purpose: 'video' });
    expect(names(listing)).toEqual(['📁Week 2', '📁Week 10', 'intro 2.MOV', 'intro 10.mp4']);
    expect(listing.entries.find((e) => e.name === 'intro 10.mp4')).toMatchObject({ kind: 'file', size: 10 });
    expect(listing.hidden).toBe(2);
    expect(listing.notShown).toBe(0);
    // No path anywhere in the answer: the trail names each folder from the root down.
    expect(JSON.stringify(listing)).not.toContain(home);
    expect(listing.trail.map((c) => c.name)).toEqual(['/', ...home.split(sep).slice(1)]);
    expect(listing.folder).toEqual(listing.trail.at(-1));
    expect(listing.home).toBe(listing.folder.handle);
    for (const entry of listing.entries) expect(entry.handle).toMatch(/^[0-9a-f-]{36}$/);

    // A folder pick lists folders only; the hidden ones on request.
    expect(names(await browser.list({ purpose: 'course' }))).toEqual(['📁Week 2', '📁Week 10']);
    const all = await browser.list({ purpose: 'videos', showHidden: true });
    expect(names(all)).toEqual(['📁.cache', '📁Week 2', '📁Week 10', '.secret.mp4', 'intro 2.MOV', 'intro 10.mp4']);
    expect(all.hidden).toBe(0);

    // Into a folder and back up through its parent handle.
    const week = await open(browser, listing, 'Week 2');
    expect(week.folder.name).toBe('Week 2');
    expect(week.parent).toBe(listing.folder.handle);
    const up = await browser.list({ folder: week.parent!, purpose: 'video' });
    expect(up.folder).toEqual(listing.folder);
    // The same entry keeps its handle from one listing to the next.
    expect(up.entries.map((e) => e.handle)).toEqual(listing.entries.map((e) => e.handle));
  });

  it('walks up to the file system root, whose parent is none', async () => {
    const browser = createFolderBrowser({ home: tempDir('lectern-browse-') });
    let listing = await browser.list({ purpose: 'course' });
    while (listing.parent) listing = await browser.list({ folder: listing.parent, purpose: 'course' });
    expect(listing.trail).toHaveLength(1);
    expect(listing.folder.name).toBe('/');
  });

  it('refuses handles it did not issue, and a file handle where a folder is wanted', async () => {
    const home = tempDir('lectern-browse-');
    course(home);
    const browser = createFolderBrowser({ home });
    const listing = await browser.list({ purpose: 'video' });
    const other = await createFolderBrowser({ home }).list({ purpose: 'video' });
    await expect(browser.list({ folder: other.folder.handle, purpose: 'video' })).rejects.toMatchObject({
      code: 'BROWSE_HANDLE_UNKNOWN',
    });
    const file = listing.entries.find((e) => e.kind === 'file')!;
    await expect(browser.list({ folder: file.handle, purpose: 'video' })).rejects.toMatchObject({
      code: 'WRONG_KIND',
    });
    await expect(browser.resolve(listing.folder.handle, 'file')).rejects.toMatchObject({ code: 'WRONG_KIND' });
    expect(await browser.resolve(file.handle, 'file')).toBe(join(home, 'intro 2.MOV'));
  });

  it('lists links as what they point to, leaves broken ones and loops out, and refuses one swapped in later', async () => {
    const home = tempDir('lectern-browse-');
    const elsewhere = tempDir('lectern-browse-target-');
    mkdirSync(join(elsewhere, 'Real videos'));
    writeFileSync(join(elsewhere, 'Real videos', 'clip.mp4'), 'c');
    symlinkSync(join(elsewhere, 'Real videos'), join(home, 'Linked videos'));
    symlinkSync(join(elsewhere, 'Real videos', 'clip.mp4'), join(home, 'shortcut.mp4'));
    symlinkSync(join(elsewhere, 'gone'), join(home, 'broken.mp4'));
    symlinkSync(join(home, 'loop-b'), join(home, 'loop-a'));
    symlinkSync(join(home, 'loop-a'), join(home, 'loop-b'));
    const browser = createFolderBrowser({ home });
    const listing = await browser.list({ purpose: 'video' });
    expect(listing.entries.map(({ name, kind, link }) => ({ name, kind, link }))).toEqual([
      { name: 'Linked videos', kind: 'folder', link: true },
      { name: 'shortcut.mp4', kind: 'file', link: true },
    ]);
    // Opening the link shows where it really is: the breadcrumb is the target's.
    const inside = await open(browser, listing, 'Linked videos');
    expect(inside.trail.map((c) => c.name).slice(-2)).toEqual([elsewhere.split(sep).at(-1), 'Real videos']);
    expect(names(inside)).toEqual(['clip.mp4']);
    expect(await browser.resolve(listing.entries[1]!.handle, 'file')).toBe(join(elsewhere, 'Real videos', 'clip.mp4'));

    // A listed folder renamed away and replaced by a link to somewhere else: refused, not followed.
    mkdirSync(join(home, 'Week 1'));
    const again = await browser.list({ purpose: 'video' });
    const week = again.entries.find((e) => e.name === 'Week 1')!;
    renameSync(join(home, 'Week 1'), join(home, 'Week 1 old'));
    symlinkSync(elsewhere, join(home, 'Week 1'));
    await expect(browser.list({ folder: week.handle, purpose: 'video' })).rejects.toMatchObject({
      code: 'FOLDER_GONE',
    });
    // A listed file replaced by another one (same name, new inode): refused too.
    writeFileSync(join(home, 'a.mp4'), 'a');
    const withFile = await browser.list({ purpose: 'video' });
    const a = withFile.entries.find((e) => e.name === 'a.mp4')!;
    rmSync(join(home, 'a.mp4'));
    symlinkSync(join(elsewhere, 'Real videos', 'clip.mp4'), join(home, 'a.mp4'));
    await expect(browser.resolve(a.handle, 'file')).rejects.toMatchObject({ code: 'FOLDER_GONE' });
  });

  it('says a folder it may not read is unreadable (a typed error), and one gone is gone', async () => {
    const home = tempDir('lectern-browse-');
    mkdirSync(join(home, 'Locked'));
    mkdirSync(join(home, 'Gone'));
    if (process.getuid?.() === 0) {
      // Root reads every folder: the listing runs in a child as `nobody`, over the same real folders.
      chmodSync(home, 0o755);
      chmodSync(join(home, 'Locked'), 0o000);
      const url = pathToFileURL(join(import.meta.dirname, 'folder-browser.ts')).href;
      const script = `
        const { createFolderBrowser } = await import(${JSON.stringify(url)});
        const browser = createFolderBrowser({ home: ${JSON.stringify(home)} });
        const listing = await browser.list({ purpose: 'course' });
        const locked = listing.entries.find((e) => e.name === 'Locked');
        const error = await browser.list({ folder: locked.handle, purpose: 'course' }).catch((e) => e);
        console.log(JSON.stringify({ names: listing.entries.map((e) => e.name), code: error.code, message: error.message }));`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        uid: 65534,
        gid: 65534,
        env: { PATH: process.env['PATH'] ?? '', HOME: home },
        encoding: 'utf8',
      });
      expect(child.stderr).toBe('');
      expect(JSON.parse(child.stdout)).toEqual({
        names: ['Gone', 'Locked'],
        code: 'FOLDER_UNREADABLE',
        message: 'Lectern may not open the folder “Locked” (permission denied).',
      });
      chmodSync(join(home, 'Locked'), 0o755);
    } else {
      chmodSync(join(home, 'Locked'), 0o000);
      const browser = createFolderBrowser({ home });
      const listing = await browser.list({ purpose: 'course' });
      const locked = listing.entries.find((e) => e.name === 'Locked')!;
      await expect(browser.list({ folder: locked.handle, purpose: 'course' })).rejects.toMatchObject({
        code: 'FOLDER_UNREADABLE',
        message: 'Lectern may not open the folder “Locked” (permission denied).',
      });
      chmodSync(join(home, 'Locked'), 0o755);
    }
    const browser = createFolderBrowser({ home });
    const listing = await browser.list({ purpose: 'course' });
    rmSync(join(home, 'Gone'), { recursive: true });
    const gone = listing.entries.find((e) => e.name === 'Gone')!;
    await expect(browser.list({ folder: gone.handle, purpose: 'course' })).rejects.toMatchObject({
      code: 'FOLDER_GONE',
    });
  });

  it('lists a folder of 5,000 entries whole, in natural order, and counts what a limit leaves out', async () => {
    const home = tempDir('lectern-browse-');
    for (let i = 1; i <= 4_000; i += 1) writeFileSync(join(home, `lesson ${i}.mp4`), '');
    for (let i = 1; i <= 500; i += 1) mkdirSync(join(home, `part ${i}`));
    for (let i = 1; i <= 500; i += 1) writeFileSync(join(home, `handout ${i}.pdf`), '');
    const browser = createFolderBrowser({ home });
    const started = performance.now();
    const listing = await browser.list({ purpose: 'videos' });
    const took = performance.now() - started;
    expect(listing.entries).toHaveLength(4_500);
    expect(listing.entries.slice(0, 3).map((e) => e.name)).toEqual(['part 1', 'part 2', 'part 3']);
    expect(listing.entries.slice(500, 503).map((e) => e.name)).toEqual([
      'lesson 1.mp4',
      'lesson 2.mp4',
      'lesson 3.mp4',
    ]);
    expect(listing.entries.at(-1)?.name).toBe('lesson 4000.mp4');
    expect(took).toBeLessThan(10_000);

    const limited = await createFolderBrowser({ home, maxEntries: 1_000 }).list({ purpose: 'videos' });
    expect(limited.entries).toHaveLength(1_000);
    expect(limited.notShown).toBe(3_500);
  }, 60_000);

  it('forgets the oldest handles beyond its limit (a forgotten one asks to browse again)', async () => {
    const home = tempDir('lectern-browse-');
    for (let i = 1; i <= 20; i += 1) mkdirSync(join(home, `f${i}`));
    const browser = createFolderBrowser({ home, maxHandles: 10 });
    const listing = await browser.list({ purpose: 'course' });
    // The first entries aged out while the rest and the breadcrumb were issued.
    await expect(browser.resolve(listing.entries[0]!.handle, 'folder')).rejects.toMatchObject({
      code: 'BROWSE_HANDLE_UNKNOWN',
    });
    expect(await browser.resolve(listing.entries.at(-1)!.handle, 'folder')).toBe(join(home, 'f20'));
    // The folder itself (issued last, with the breadcrumb) still lists.
    const again = await browser.list({ folder: listing.folder.handle, purpose: 'course' });
    expect(again.entries).toHaveLength(20);
  });
});
