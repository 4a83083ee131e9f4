// Kept prepared statements on a real SQLite file: the same SQL gives the same statement, which
// still works after a failed write and a rolled-back transaction, per database, within a bound.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { transaction } from './database.ts';
import { statement } from './statements.ts';

function notesDatabase(): DatabaseSync {
  const db = new DatabaseSync(join(tempDir('lectern-statements-'), 'notes.sqlite'));
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL UNIQUE)');
  return db;
}

describe('statement', () => {
  it('prepares a SQL text once per database and answers later calls with that statement', () => {
    const db = notesDatabase();
    const other = notesDatabase();
    const insert = statement(db, 'INSERT INTO notes (body) VALUES (?)');
    expect(statement(db, 'INSERT INTO notes (body) VALUES (?)')).toBe(insert);
    expect(statement(other, 'INSERT INTO notes (body) VALUES (?)')).not.toBe(insert);
    insert.run('first');
    statement(db, 'INSERT INTO notes (body) VALUES (?)').run('second');
    expect(statement(db, 'SELECT body FROM notes ORDER BY id').all()).toEqual([{ body: 'first' }, { body: 'second' }]);
    expect(statement(other, 'SELECT count(*) AS n FROM notes').get()).toEqual({ n: 0 });
  });

  it('keeps working after a failed write and a rolled-back transaction, holding no lock between uses', () => {
    const db = notesDatabase();
    const insert = (body: string) => statement(db, 'INSERT INTO notes (body) VALUES (?)').run(body);
    insert('kept');
    expect(() => insert('kept')).toThrow(/UNIQUE/);
    expect(() =>
      transaction(db, () => {
        insert('rolled back');
        throw new Error('undo');
      }),
    ).toThrow('undo');
    insert('after');
    // A second connection can write at once: the kept statements left no transaction open.
    const second = new DatabaseSync(db.location()!);
    second.exec("INSERT INTO notes (body) VALUES ('from elsewhere')");
    second.close();
    expect(statement(db, 'SELECT body FROM notes ORDER BY id').all()).toEqual([
      { body: 'kept' },
      { body: 'after' },
      { body: 'from elsewhere' },
    ]);
  });

  it('drops the oldest statements past its bound instead of keeping every SQL text it was given', () => {
    const db = notesDatabase();
    const first = statement(db, 'SELECT 0 AS n');
    const second = statement(db, 'SELECT 1 AS n');
    for (let n = 2; n <= 200; n++) statement(db, `SELECT ${n} AS n`);
    expect(statement(db, 'SELECT 1 AS n')).toBe(second);
    const again = statement(db, 'SELECT 0 AS n');
    expect(again).not.toBe(first);
    expect(again.get()).toEqual({ n: 0 });
  });
});
