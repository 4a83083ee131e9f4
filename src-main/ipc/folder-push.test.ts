// Tests (plain Node): the folder push channels through the real dispatch and handler table. A folder
// reaches main only as a handle from main's own dialog or a (preload-gated) drop: a path or a handle
// main did not issue is refused, a folder handle is no file handle (and the reverse), and a cancelled
// dialog answers null. Without a workspace there is no current push to show.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices } from '../services/index.ts';
import { tempDir } from '../test-support/index.ts';
import { createAppDispatch } from './index.ts';

const APP = 'app://lectern';
const COURSE = '0b6f2a52-6a7e-4d53-9a2e-0c1c3d4e5f60';

describe('folder push channels', () => {
  it('take folders only as handles main issued, kept apart from file handles', async () => {
    const dataDir = tempDir('lectern-ipc-push-');
    const folder = join(dataDir, 'Forklift course');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.md'), 'a');
    const dialog = createQueuedFileDialog();
    const services = await createAppServices({
      dataDir: join(dataDir, 'app'),
      transport: 'bridge',
      dialog,
      keyStore: createMemoryKeyStore(),
      sandbox: false,
    });
    const dispatch = createAppDispatch(services, () => [APP]);
    const send = (channel: string, input?: unknown) => dispatch(channel, input, { origin: APP });
    try {
      dialog.answer([]);
      expect(await send('folderPush.pickFolder')).toEqual({ ok: true, value: null });

      dialog.answer([folder]);
      const picked = await send('folderPush.pickFolder');
      expect(picked).toMatchObject({ ok: true, value: { name: 'Forklift course' } });
      const handle = (picked as { value: { handle: string } }).value.handle;
      expect(JSON.stringify(picked)).not.toContain(dataDir);

      // A path, or a handle main never issued, is no folder.
      for (const bogus of [folder, 'not-a-handle']) {
        expect(await send('folderPush.plan', { courseId: COURSE, folder: bogus })).toMatchObject({
          ok: false,
          error: { code: 'FILE_NOT_AVAILABLE' },
        });
      }
      // The issued handle resolves (and then needs a workspace, which this app has none of).
      expect(await send('folderPush.plan', { courseId: COURSE, folder: handle })).toMatchObject({
        ok: false,
        error: { code: 'NO_WORKSPACE' },
      });
      // A folder handle is not a file handle, and a file handle is not a folder handle.
      expect(() => services.fileHandles.resolve(handle)).toThrow(/not chosen/);
      const video = join(dataDir, 'clip.mp4');
      writeFileSync(video, 'x');
      dialog.answer([video]);
      const files = (await send('uploads.pickFiles')) as { value: { handle: string }[] };
      expect(files.value).toHaveLength(1);
      expect(await send('folderPush.plan', { courseId: COURSE, folder: files.value[0]!.handle })).toMatchObject({
        ok: false,
        error: { code: 'FILE_NOT_AVAILABLE' },
      });

      // A dropped folder (the preload passes only paths of a trusted drop) becomes a folder handle.
      const dropped = await send('uploads.registerDropped', { paths: [folder], folder: true });
      expect(dropped).toMatchObject({ ok: true, value: [{ name: 'Forklift course', size: 0 }] });
      const droppedHandle = (dropped as { value: { handle: string }[] }).value[0]!.handle;
      expect(await send('folderPush.plan', { courseId: COURSE, folder: droppedHandle })).toMatchObject({
        error: { code: 'NO_WORKSPACE' },
      });
      expect(await send('uploads.registerDropped', { paths: [folder, folder], folder: true })).toMatchObject({
        ok: false,
        error: { code: 'ONE_FOLDER' },
      });
      expect(await send('uploads.registerDropped', { paths: [join(folder, 'a.md')], folder: true })).toMatchObject({
        ok: false,
        error: { code: 'FILE_NOT_AVAILABLE' },
      });
      // Starting a plan that was never made is refused in words.
      expect(await send('folderPush.start', { planId: 'nope' })).toMatchObject({ ok: false });
      // With no workspace there is no current push; cancelling or dismissing needs one.
      expect(await send('folderPush.current')).toEqual({ ok: true, value: null });
      expect(await send('folderPush.dismiss', { planId: 'p' })).toMatchObject({ error: { code: 'NO_WORKSPACE' } });
      expect(await send('folderPush.discard', { planId: 'p', path: folder })).toMatchObject({ ok: false });
    } finally {
      await services.close();
    }
  });
});
