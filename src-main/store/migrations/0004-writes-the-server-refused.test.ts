// Main process / plain Node tests. Profile database migration 4 from a real version-3 file: drafts,
// outbox and the missing operations are kept, and the table of refused writes is added.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migration 0004: writes the server refused this key', () => {
  it('keeps a version-3 file’s rows and remembers one refusal per kind of change', () => {
    const path = join(tempDir('lectern-profile-0004-'), 'lectern.db');
    const db = migrateFile(path, profileMigrations, 3, (old) => {
      fillVersion1(old);
      old
        .prepare(`INSERT INTO missing_operations (operation, message, status, noted_at) VALUES (?, ?, ?, ?)`)
        .run('sections.create', 'This server does not let Lectern create sections.', 405, '2026-11-25T10:00:00Z');
    });
    try {
      expect(userVersion(db)).toBe(4);
      expect(version1Rows(db)).toEqual(VERSION1_ROWS);
      expect(db.prepare('SELECT operation, status FROM missing_operations').all()).toEqual([
        { operation: 'sections.create', status: 405 },
      ]);
      expect(columnsOf(db, 'write_refusals')).toEqual(['resource', 'message', 'noted_at']);
      const note = db.prepare(
        `INSERT INTO write_refusals (resource, message, noted_at) VALUES (?, ?, ?)
         ON CONFLICT (resource) DO UPDATE SET message = excluded.message, noted_at = excluded.noted_at`,
      );
      note.run('lesson', 'This workspace’s key may view lessons but not change them.', '2026-11-26T08:00:00Z');
      note.run('lesson', 'again', '2026-11-26T09:00:00Z');
      expect(db.prepare('SELECT resource, message FROM write_refusals').all()).toEqual([
        { resource: 'lesson', message: 'again' },
      ]);
    } finally {
      db.close();
    }
  });
});
