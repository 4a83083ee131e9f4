// Tests (plain Node, root): a full disk under draft saving, for real. The profile's database sits
// on a 1 MiB tmpfs filled to the brim; a draft save goes through the app's real IPC handlers and
// dispatch into the real sync service and SQLite. The answer is one typed DISK_FULL sentence
// (which folder, the edit is still in the form, free space), never a crash or "cannot rollback";
// the draft keeps what it had; once space is freed the same save simply works, also after a
// restart of the service.
import { randomBytes } from 'node:crypto';
import { rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Draft } from '../../src-shared/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import type { AppServices } from '../services/index.ts';
import { makeTempDir, removeDir } from '../test-support/index.ts';
import { mountTmpfs } from '../uploads/test-support/machine.ts';
import { openSandboxSync, startSyncSandbox, type SyncSandbox } from './test-support/sandbox.ts';
import type { SyncService } from './service.ts';

const APP = 'app://lectern';
const root = makeTempDir('lectern-drafts-full-');
const disk = join(root, 'disk');
const tmpfs = mountTmpfs(disk, '1m');
if (tmpfs.skipReason) console.warn(`skipped: draft disk-full tests: ${tmpfs.skipReason}`);

let sandbox: SyncSandbox;
beforeAll(async () => {
  if (!tmpfs.skipReason) sandbox = await startSyncSandbox({ randomSeed: 3 });
});
afterAll(async () => {
  tmpfs.unmount();
  removeDir(root);
  await sandbox?.close();
});

/** The app's real handler table and dispatch; its session's sync service is the real one. */
function ipcFor(service: () => SyncService) {
  const logged: unknown[] = [];
  const services = {
    session: () => ({ sync: service() }),
    log: { error: (...args: unknown[]) => void logged.push(args) },
  } as unknown as AppServices;
  const dispatch = createAppDispatch(services, () => [APP]);
  const ask = async (channel: string, input: unknown) =>
    (await dispatch(channel, input, { origin: APP })) as
      { ok: true; value: Draft } | { ok: false; error: { code: string; message: string; details?: unknown } };
  return { ask, logged };
}

function fillLeaving(kib: number): string {
  const filler = join(disk, `filler-${kib}`);
  const s = statfsSync(disk);
  const free = Number(s.bavail) * Number(s.bsize);
  writeFileSync(filler, Buffer.alloc(Math.max(0, free - kib * 1024)));
  return filler;
}

/** Text that does not compress and fills pages: about `kib` KiB. */
const bulk = (kib: number) => randomBytes(kib * 512).toString('hex');

describe.skipIf(tmpfs.skipReason !== null)('a full disk under draft saving (app: IPC → sync service → SQLite)', () => {
  it.each([0, 24])(
    'with %i KiB left: a DISK_FULL sentence, nothing lost, and the same save works once space is freed',
    { timeout: 60_000 },
    async (kib) => {
      const dataDir = join(disk, `data-${kib}`);
      let service = openSandboxSync(sandbox, dataDir);
      const { ask, logged } = ipcFor(() => service);
      let filler: string | null = null;
      try {
        const created = await ask('drafts.create', { resource: 'assessment', fields: { title: 'Midterm' } });
        if (!created.ok) throw new Error(created.error.message);
        const id = created.value.id;
        const first = await ask('drafts.save', { id, changes: { description: 'Chapters 1-3' } });
        expect(first.ok).toBe(true);

        filler = fillLeaving(kib);
        const edit = { title: 'Midterm (revised)', description: bulk(96) };
        for (let attempt = 0; attempt < 2; attempt++) {
          const full = await ask('drafts.save', { id, changes: edit });
          expect(full.ok).toBe(false);
          if (full.ok) return;
          expect(full.error.code).toBe('DISK_FULL');
          expect(full.error.message).toMatch(
            /^The disk holding .+ is full, so this edit was not saved; it is still in the form\. Free some space/,
          );
          expect(full.error.details).toEqual({ folder: expect.stringContaining(dataDir) });
          expect(full.error.message).not.toMatch(/rollback|SQLITE|Error:/i);
        }
        // Nothing lost: the draft is listed and holds what was saved before.
        const listed = await ask('drafts.list', undefined);
        expect(JSON.stringify(listed)).toContain(id);
        const kept = await ask('drafts.get', { id });
        expect(kept.ok && kept.value.values).toMatchObject({ title: 'Midterm', description: 'Chapters 1-3' });

        rmSync(filler);
        filler = null;
        const again = await ask('drafts.save', { id, changes: edit });
        expect(again.ok).toBe(true);
        expect(again.ok && again.value.values).toMatchObject(edit);

        // A restart finds exactly what was saved, in a sound database.
        await service.close();
        service = openSandboxSync(sandbox, dataDir);
        expect(service.notices).toEqual([]);
        const reread = await ask('drafts.get', { id });
        expect(reread.ok && reread.value.values).toMatchObject(edit);
        expect(service.listDrafts().filter((d) => d.id === id)).toHaveLength(1);
        // A typed error, so nothing reached the log as an internal failure.
        expect(logged).toEqual([]);
      } finally {
        if (filler) rmSync(filler);
        await service.close();
      }
    },
  );
});
