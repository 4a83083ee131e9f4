// Tests (plain Node, root): a draft save on a really full disk (a small tmpfs). SQLite rolls the
// transaction back by itself on SQLITE_FULL; ours must not roll back a second time ("cannot
// rollback - no transaction is active"), so the caller gets the real cause, the connection stays
// usable, nothing saved before is lost, and the same save commits once space is freed.
import { rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isDiskFull } from '../platform/index.ts';
import { makeTempDir, removeDir } from '../test-support/index.ts';
import { mountTmpfs } from '../uploads/test-support/machine.ts';
import { transaction } from './database.ts';
import { openProfileDatabase } from './profile-database.ts';

const root = makeTempDir('lectern-store-full-');
const disk = join(root, 'disk');
const tmpfs = mountTmpfs(disk, '1m');
if (tmpfs.skipReason) console.warn(`skipped: store disk-full test: ${tmpfs.skipReason}`);
afterAll(() => {
  tmpfs.unmount();
  removeDir(root);
});

describe.skipIf(tmpfs.skipReason !== null)('a draft save on a full disk', () => {
  it('fails with the disk-full cause, keeps what was saved, and commits once there is room', () => {
    const store = openProfileDatabase({ dataDir: disk, profileId: 'p' });
    const insert = store.db.prepare(
      `INSERT INTO drafts (id, resource, operation, parent, fields, state, revision, created_at, updated_at)
       VALUES (?, 'assessment', 'update', '{}', ?, 'local', 1, 1, 1)`,
    );
    try {
      insert.run('kept', '{"title":"Kept"}');
      const s = statfsSync(disk);
      const filler = join(disk, 'filler');
      writeFileSync(filler, Buffer.alloc(Math.max(0, Number(s.bavail) * Number(s.bsize) - 8 * 1024)));

      const big = JSON.stringify({ body: 'z'.repeat(100_000) });
      let caught: unknown;
      try {
        transaction(store.db, () => insert.run('big', big));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(Error);
      expect((caught as Error).message).not.toMatch(/cannot rollback/);
      expect(isDiskFull(caught, disk)).toBe(true);
      expect(store.db.isTransaction).toBe(false);
      expect(store.db.prepare('SELECT id FROM drafts ORDER BY id').all()).toEqual([{ id: 'kept' }]);

      rmSync(filler);
      transaction(store.db, () => insert.run('big', big));
      expect(store.db.prepare('SELECT id FROM drafts ORDER BY id').all()).toEqual([{ id: 'big' }, { id: 'kept' }]);
    } finally {
      store.close();
    }
  });
});
