// Tests (plain Node): the picker channels through the real dispatch and handler table. Where there is
// no native dialog (the bridge host) the renderer browses by handle and gets the same file and
// folder handles the dialog's channels answer; a path, a malformed or foreign handle, or a handle
// of the wrong kind is refused with a typed error; where a native dialog exists, browsing is refused.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowseListing } from '../../src-shared/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog, type FileDialog } from '../platform/index.ts';
import { createAppServices } from '../services/index.ts';
import { tempDir } from '../test-support/index.ts';
import { createAppDispatch } from './index.ts';

const APP = 'app://lectern';

async function app(dialog: FileDialog) {
  const dataDir = tempDir('lectern-ipc-picker-');
  const services = await createAppServices({
    dataDir: join(dataDir, 'app'),
    transport: 'bridge',
    dialog,
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  const dispatch = createAppDispatch(services, () => [APP]);
  const send = (channel: string, input?: unknown) => dispatch(channel, input, { origin: APP });
  return { dataDir, services, send };
}

/** Lists `dir` by walking the browser from the root down, as a user would (no path is ever sent). */
async function browseTo(send: (c: string, i?: unknown) => Promise<unknown>, dir: string, purpose: string) {
  let listing = ((await send('picker.browse', { purpose })) as { value: BrowseListing }).value;
  while (listing.parent)
    listing = ((await send('picker.browse', { folder: listing.parent, purpose })) as { value: BrowseListing }).value;
  for (const name of dir.split('/').filter(Boolean)) {
    const entry = listing.entries.find((e) => e.name === name);
    if (!entry) throw new Error(`${name} not listed`);
    listing = ((await send('picker.browse', { folder: entry.handle, purpose })) as { value: BrowseListing }).value;
  }
  return listing;
}

describe('picker channels', () => {
  it('browse by handle and answer the handles the native dialog would, refusing anything else', async () => {
    const dialog = createQueuedFileDialog();
    const { dataDir, services, send } = await app(dialog);
    try {
      const course = join(dataDir, 'Forklift course');
      mkdirSync(join(course, 'Week 1'), { recursive: true });
      writeFileSync(join(course, 'Week 1', 'intro.mp4'), 'x');
      writeFileSync(join(course, 'notes.md'), 'n');

      // No native dialog and nothing queued: Lectern's own browser. A queued answer stands for one.
      expect(await send('picker.kind')).toEqual({ ok: true, value: { kind: 'browser' } });
      dialog.answer([course]);
      expect(await send('picker.kind')).toEqual({ ok: true, value: { kind: 'native' } });
      await send('folderPush.pickFolder');
      expect(await send('picker.kind')).toEqual({ ok: true, value: { kind: 'browser' } });

      const listing = await browseTo(send, course, 'video');
      expect(listing.entries.map((e) => e.name)).toEqual(['Week 1']);
      const week = await send('picker.browse', { folder: listing.entries[0]!.handle, purpose: 'video' });
      const clip = (week as { value: BrowseListing }).value.entries[0]!;
      expect(clip).toMatchObject({ name: 'intro.mp4', kind: 'file', size: 1 });

      // A file chosen in the browser is a file handle like the dialog's: uploads and previews take it.
      const chosen = await send('picker.chooseFiles', { purpose: 'video', handles: [clip.handle] });
      expect(chosen).toMatchObject({ ok: true, value: [{ name: 'intro.mp4', size: 1 }] });
      const fileHandle = (chosen as { value: { handle: string }[] }).value[0]!.handle;
      expect(services.fileHandles.resolve(fileHandle)).toBe(join(course, 'Week 1', 'intro.mp4'));
      expect(JSON.stringify(chosen)).not.toContain(dataDir);

      // A folder chosen for a course push is a folder handle; for videos, its videos.
      const folderCrumb = listing.folder;
      const folder = await send('picker.chooseFolder', { handle: folderCrumb.handle });
      expect(folder).toMatchObject({ ok: true, value: { name: 'Forklift course' } });
      expect(await services.folderHandles.resolve((folder as { value: { handle: string } }).value.handle)).toBe(course);
      const videos = await send('picker.chooseFiles', {
        purpose: 'video-folder',
        handles: [listing.entries[0]!.handle],
      });
      expect(videos).toMatchObject({ ok: true, value: [{ name: 'intro.mp4' }] });

      // Malformed input: a path, a non-uuid, an unknown purpose, extra fields, too many handles.
      for (const [channel, input] of [
        ['picker.browse', { folder: course, purpose: 'video' }],
        ['picker.browse', { folder: 'not-a-handle', purpose: 'video' }],
        ['picker.browse', { purpose: 'anything' }],
        ['picker.browse', { purpose: 'video', path: course }],
        ['picker.chooseFiles', { purpose: 'video', handles: [] }],
        ['picker.chooseFiles', { purpose: 'course', handles: [clip.handle] }],
        ['picker.chooseFiles', { purpose: 'videos', handles: Array(501).fill(clip.handle) }],
        ['picker.chooseFolder', { handle: course }],
        ['picker.chooseFolder', undefined],
      ] as const) {
        expect(await send(channel, input), `${channel} ${JSON.stringify(input)?.slice(0, 80)}`).toMatchObject({
          ok: false,
          error: { code: 'INVALID_INPUT' },
        });
      }
      // Well-formed but not issued by this main, or of the wrong kind: typed refusals.
      const foreign = '0b6f2a52-6a7e-4d53-9a2e-0c1c3d4e5f60';
      for (const [channel, input, code] of [
        ['picker.browse', { folder: foreign, purpose: 'video' }, 'BROWSE_HANDLE_UNKNOWN'],
        ['picker.chooseFolder', { handle: foreign }, 'BROWSE_HANDLE_UNKNOWN'],
        ['picker.chooseFiles', { purpose: 'video', handles: [foreign] }, 'BROWSE_HANDLE_UNKNOWN'],
        ['picker.chooseFolder', { handle: clip.handle }, 'WRONG_KIND'],
        ['picker.chooseFiles', { purpose: 'video', handles: [folderCrumb.handle] }, 'WRONG_KIND'],
        ['picker.chooseFiles', { purpose: 'video', handles: [clip.handle, clip.handle] }, 'ONE_ENTRY'],
        // A file handle (from choosing) is no browse handle, and a browse handle no file handle.
        ['picker.chooseFolder', { handle: fileHandle }, 'BROWSE_HANDLE_UNKNOWN'],
      ] as const) {
        expect(await send(channel, input), `${channel} ${code}`).toMatchObject({ ok: false, error: { code } });
      }
      expect(() => services.fileHandles.resolve(clip.handle)).toThrow(/not chosen/);
    } finally {
      await services.close();
    }
  });

  it('refuse browsing where the window has a native dialog', async () => {
    const native: FileDialog = { native: true, available: () => true, pick: async () => [] };
    const { services, send } = await app(native);
    try {
      expect(await send('picker.kind')).toEqual({ ok: true, value: { kind: 'native' } });
      expect(await send('picker.browse', { purpose: 'course' })).toMatchObject({
        ok: false,
        error: { code: 'NOT_AVAILABLE' },
      });
      expect(await send('picker.chooseFolder', { handle: '0b6f2a52-6a7e-4d53-9a2e-0c1c3d4e5f60' })).toMatchObject({
        ok: false,
        error: { code: 'NOT_AVAILABLE' },
      });
    } finally {
      await services.close();
    }
  });
});
