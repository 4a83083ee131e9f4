// Tests (plain Node): damaged local files, made for real — a profile database with a cache page
// overwritten, one cut short, garbage in place of a database, an upload journal damaged or written
// by a newer Lectern. The file is set aside (renamed, never deleted), the notice says where, a
// fresh store opens, and the drafts, outbox and upload rows SQLite can still read are carried over.
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { openProfileDatabase, profileDatabasePath } from './profile-database.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDir('lectern-damaged-');
});

const PAGE = 4096;

/** A profile database: `cacheRows` big cache entries first (the early pages), then drafts and outbox rows. */
function writeProfile(cacheRows: number, drafts: number): { file: string; cachePages: number } {
  const store = openProfileDatabase({ dataDir, profileId: 'p' });
  const db = store.db;
  const cache = db.prepare('INSERT INTO cache_entries VALUES (?, ?, ?, ?)');
  for (let i = 0; i < cacheRows; i++) cache.run(`k${i}`, 'courses', JSON.stringify({ pad: 'x'.repeat(3000), i }), i);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const cachePages = Number((db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
  const draft = db.prepare(
    `INSERT INTO drafts (id, resource, operation, parent, fields, state, revision, created_at, updated_at)
     VALUES (?, 'assessment', 'update', '{}', ?, 'local', 1, 1, 1)`,
  );
  const outbox = db.prepare(
    `INSERT INTO outbox (draft_id, resource_key, operation, body, draft_revision, state, created_at, updated_at)
     VALUES (?, ?, 'update', '{}', 1, 'queued', 1, 1)`,
  );
  for (let i = 0; i < drafts; i++) {
    draft.run(`d${i}`, JSON.stringify({ title: `Draft ${i}`, body: 'y'.repeat(1500) }));
    if (i % 2 === 0) outbox.run(`d${i}`, `draft:d${i}`);
  }
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  store.close();
  return { file: profileDatabasePath(dataDir, 'p'), cachePages };
}

function overwrite(file: string, offset: number, length: number): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(length, 0xa5), 0, length, offset);
  closeSync(fd);
}

function setAside(folder: string, kind: 'corrupt' | 'newer'): string[] {
  return readdirSync(folder).filter((f) => f.includes(`.${kind}-`) && !/-(wal|shm)$/.test(f));
}

describe('a damaged profile database', () => {
  it('a cache page that fails the integrity check: set aside, every draft and outbox row carried over', () => {
    const { file, cachePages } = writeProfile(60, 40);
    const size = statSync(file).size;
    overwrite(file, Math.floor(cachePages / 2) * PAGE, PAGE);

    const store = openProfileDatabase({ dataDir, profileId: 'p' });
    try {
      expect(store.notices).toHaveLength(1);
      const notice = store.notices[0]!;
      const moved = setAside(join(file, '..'), 'corrupt');
      expect(moved).toHaveLength(1);
      expect(notice.details.movedTo).toBe(join(file, '..', moved[0]!));
      expect(statSync(notice.details.movedTo).size).toBe(size); // renamed, not rewritten
      expect(notice.message).toContain(`set aside as ${notice.details.movedTo} (not deleted)`);
      expect(notice.message).toMatch(/drafts: 40, outbox: 20/);
      const count = (t: string) =>
        Number((store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n);
      expect([count('drafts'), count('outbox'), count('cache_entries')]).toEqual([40, 20, 0]);
      expect(store.db.prepare("SELECT fields FROM drafts WHERE id = 'd39'").get()).toEqual({
        fields: JSON.stringify({ title: 'Draft 39', body: 'y'.repeat(1500) }),
      });
      expect(store.db.prepare('PRAGMA quick_check').get()).toEqual({ quick_check: 'ok' });
    } finally {
      store.close();
    }
    // The next start finds a healthy file: nothing more is set aside.
    const again = openProfileDatabase({ dataDir, profileId: 'p' });
    expect(again.notices).toEqual([]);
    again.close();
  });

  it('a file cut short: set aside, the drafts still readable carried over, a fresh store opens', () => {
    const { file } = writeProfile(0, 120);
    truncateSync(file, Math.floor(statSync(file).size * 0.6));
    const store = openProfileDatabase({ dataDir, profileId: 'p' });
    try {
      expect(store.notices).toHaveLength(1);
      expect(existsSync(store.notices[0]!.details.movedTo)).toBe(true);
      const drafts = Number((store.db.prepare('SELECT count(*) AS n FROM drafts').get() as { n: number }).n);
      expect(drafts).toBeGreaterThan(0);
      expect(drafts).toBeLessThan(120);
      // Each carried-over draft is whole, not a torn row.
      for (const row of store.db.prepare('SELECT id, fields FROM drafts').all() as { id: string; fields: string }[]) {
        expect(JSON.parse(row.fields)).toEqual({ title: `Draft ${row.id.slice(1)}`, body: 'y'.repeat(1500) });
      }
    } finally {
      store.close();
    }
  });

  it('garbage in place of a database: set aside with nothing to carry over, a fresh store opens', () => {
    const file = profileDatabasePath(dataDir, 'p');
    openProfileDatabase({ dataDir, profileId: 'p' }).close();
    writeFileSync(file, Buffer.alloc(3 * PAGE, 0x42));
    const store = openProfileDatabase({ dataDir, profileId: 'p' });
    try {
      expect(store.notices[0]?.message).toMatch(/was damaged; it was set aside as .+ \(not deleted\) and a new one/);
      expect(store.notices[0]?.message).not.toMatch(/carried over/);
      expect(store.db.prepare('SELECT count(*) AS n FROM drafts').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});
