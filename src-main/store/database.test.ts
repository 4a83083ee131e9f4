// The migration runner on real SQLite files: an upgrade keeps what the older schema held, and a
// migration that fails leaves the file exactly as it was and says which step failed.
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { MigrationFailedError, openDatabase, type Migration } from './database.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('lectern-migrations-');
});

const v1: Migration = {
  version: 1,
  name: 'notes',
  up: (db) => db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)'),
};
const v2: Migration = {
  version: 2,
  name: 'note titles',
  up: (db) => {
    db.exec("ALTER TABLE notes ADD COLUMN title TEXT NOT NULL DEFAULT ''");
    db.exec('UPDATE notes SET title = substr(body, 1, 5)');
  },
};

const userVersion = (db: DatabaseSync): number =>
  Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);

describe('openDatabase migrations', () => {
  it('upgrades a v1 file to v2 keeping its rows', () => {
    const path = join(dir, 'app.db');
    const old = openDatabase({ path, migrations: [v1] });
    old.prepare('INSERT INTO notes (body) VALUES (?), (?)').run('hello world', 'second note');
    old.close();

    const db = openDatabase({ path, migrations: [v1, v2] });
    try {
      expect(userVersion(db)).toBe(2);
      expect(db.prepare('SELECT body, title FROM notes ORDER BY id').all()).toEqual([
        { body: 'hello world', title: 'hello' },
        { body: 'second note', title: 'secon' },
      ]);
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back and reports which one failed', () => {
    const path = join(dir, 'app.db');
    const old = openDatabase({ path, migrations: [v1] });
    old.prepare('INSERT INTO notes (body) VALUES (?)').run('kept');
    old.close();

    const broken: Migration = {
      version: 2,
      name: 'half-done change',
      up: (db) => {
        db.exec('CREATE TABLE extra (id INTEGER)');
        db.exec('DELETE FROM notes');
        db.exec('INSERT INTO no_such_table VALUES (1)');
      },
    };
    let caught: unknown;
    try {
      openDatabase({ path, migrations: [v1, broken] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MigrationFailedError);
    expect(caught).toMatchObject({ code: 'MIGRATION_FAILED', version: 2, migration: 'half-done change', file: path });
    expect((caught as Error).message).toContain('left at version 1');

    const db = openDatabase({ path, migrations: [v1] });
    try {
      expect(userVersion(db)).toBe(1);
      expect(db.prepare('SELECT body FROM notes').all()).toEqual([{ body: 'kept' }]);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get()).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
