// Main process / plain Node tests. Profile database migration 5 from a real version-4 file: every
// row is kept (an outline cached with its lessons inline stays as it was) and the table of lesson
// rows is added, its rows going with their outline.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migration 0005: outline lessons as rows', () => {
  it('keeps a version-4 file’s rows and keeps lesson rows only while their outline is cached', () => {
    const path = join(tempDir('lectern-profile-0005-'), 'lectern.db');
    const inline = JSON.stringify([{ id: 's-1', lessons: [{ id: 'l-1', title: 'Arc welding' }] }]);
    const db = migrateFile(path, profileMigrations, 4, (old) => {
      fillVersion1(old);
      old
        .prepare('INSERT INTO cache_entries (key, kind, data, fetched_at) VALUES (?, ?, ?, ?)')
        .run('sections?courseId=c-1', 'sections', inline, 1_764_000_000_000);
    });
    try {
      expect(userVersion(db)).toBe(5);
      expect(version1Rows(db).drafts).toEqual(VERSION1_ROWS.drafts);
      expect(version1Rows(db).outbox).toEqual(VERSION1_ROWS.outbox);
      expect(db.prepare(`SELECT data FROM cache_entries WHERE kind = 'sections'`).get()).toEqual({ data: inline });
      expect(columnsOf(db, 'cache_lessons')).toEqual(['key', 'section_id', 'position', 'data']);
      const add = db.prepare('INSERT INTO cache_lessons (key, section_id, position, data) VALUES (?, ?, ?, ?)');
      add.run('sections?courseId=c-1', 's-1', 0, '{"id":"l-1"}');
      expect(() => add.run('sections?courseId=c-1', 's-1', 0, '{}')).toThrow(/UNIQUE/);
      expect(() => add.run('sections?courseId=none', 's-1', 0, '{}')).toThrow(/FOREIGN KEY/);
      db.prepare('DELETE FROM cache_entries WHERE key = ?').run('sections?courseId=c-1');
      expect(db.prepare('SELECT count(*) AS n FROM cache_lessons').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
