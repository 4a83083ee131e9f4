// Main process / plain Node tests. The per-profile SQLite file: location, pragmas, migrations,
// a too-new schema and a damaged file — against real files in a temp folder.
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { DatabaseSync } from 'node:sqlite';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaTooNewError } from './database.ts';
import { openProfileDatabase, profileDatabasePath } from './profile-database.ts';
import { profileMigrations } from './migrations/index.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = tempDir('lectern-store-');
});

describe('openProfileDatabase', () => {
  it('creates <dataDir>/profiles/<id>/lectern.db with WAL, synchronous FULL and the newest schema', () => {
    const store = openProfileDatabase({ dataDir, profileId: 'work-1' });
    try {
      expect(store.file).toBe(join(dataDir, 'profiles', 'work-1', 'lectern.db'));
      expect(existsSync(store.file)).toBe(true);
      expect(store.db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(store.db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 }); // 2 = FULL
      expect(store.db.prepare('PRAGMA user_version').get()).toEqual({ user_version: profileMigrations.length });
      const tables = (
        store.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[]
      ).map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['cache_entries', 'drafts', 'outbox']));
      expect(store.notices).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('keeps profiles apart and reopens without re-running migrations', () => {
    const a = openProfileDatabase({ dataDir, profileId: 'a' });
    a.db.prepare(`INSERT INTO cache_entries VALUES ('k', 'categories', '[]', 1)`).run();
    a.close();
    const b = openProfileDatabase({ dataDir, profileId: 'b' });
    expect(b.db.prepare('SELECT count(*) AS n FROM cache_entries').get()).toEqual({ n: 0 });
    b.close();
    const again = openProfileDatabase({ dataDir, profileId: 'a' });
    expect(again.db.prepare('SELECT count(*) AS n FROM cache_entries').get()).toEqual({ n: 1 });
    again.close();
  });

  it('refuses profile ids that could leave the profiles folder', () => {
    for (const bad of ['../x', 'a/b', '', 'a b', '.']) {
      expect(() => profileDatabasePath(dataDir, bad)).toThrow(expect.objectContaining({ code: 'INVALID_PROFILE_ID' }));
    }
  });

  it('a schema newer than this build is a clear typed error, and the file is left untouched', () => {
    const file = profileDatabasePath(dataDir, 'p');
    mkdirSync(join(file, '..'), { recursive: true });
    const raw = new DatabaseSync(file);
    raw.exec(
      `CREATE TABLE precious (x); INSERT INTO precious VALUES (42); PRAGMA user_version = ${profileMigrations.length + 5}`,
    );
    raw.close();
    let error: unknown;
    try {
      openProfileDatabase({ dataDir, profileId: 'p' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SchemaTooNewError);
    expect(error).toMatchObject({
      code: 'SCHEMA_TOO_NEW',
      found: profileMigrations.length + 5,
      known: profileMigrations.length,
    });
    const check = new DatabaseSync(file);
    expect(check.prepare('SELECT x FROM precious').get()).toEqual({ x: 42 });
    check.close();
  });

  it('a damaged file is moved aside, a new one started, and the caller gets a notice', () => {
    const file = profileDatabasePath(dataDir, 'p');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, Buffer.alloc(8192, 0x5a)); // not a database
    const store = openProfileDatabase({ dataDir, profileId: 'p' });
    try {
      expect(store.notices).toHaveLength(1);
      const notice = store.notices[0]!;
      expect(notice.code).toBe('DATABASE_CORRUPT');
      expect(notice.details.file).toBe(file);
      expect(existsSync(notice.details.movedTo)).toBe(true);
      expect(readdirSync(join(file, '..')).some((f) => f.includes('.corrupt-'))).toBe(true);
      expect(store.db.prepare('SELECT count(*) AS n FROM drafts').get()).toEqual({ n: 0 });
    } finally {
      store.close();
    }
  });
});
