// Main process / plain Node tests. Profile database migration 2 from a real version-1 file: its
// drafts, outbox and cache are kept, and the contract deviation log is added.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migration 0002: contract deviations', () => {
  it('keeps a version-1 file’s rows and adds the deviation log, one row per operation and path', () => {
    const path = join(tempDir('lectern-profile-0002-'), 'lectern.db');
    const db = migrateFile(path, profileMigrations, 1, fillVersion1);
    try {
      expect(userVersion(db)).toBe(2);
      expect(version1Rows(db)).toEqual(VERSION1_ROWS);
      expect(schemaNames(db, 'table')).toContain('contract_deviations');
      expect(columnsOf(db, 'contract_deviations')).toEqual([
        'operation',
        'json_path',
        'expected',
        'received',
        'count',
        'first_seen',
        'last_seen',
      ]);
      const add = db.prepare(
        `INSERT INTO contract_deviations (operation, json_path, expected, received, count, first_seen, last_seen)
         VALUES ('courses.list', 'data.results[*].level', 'one of beginner, intermediate, advanced', '"expert"', 20, ?, ?)`,
      );
      add.run('2026-11-25T10:00:00Z', '2026-11-25T10:00:00Z');
      expect(() => add.run('2026-11-25T11:00:00Z', '2026-11-25T11:00:00Z')).toThrow(/UNIQUE|PRIMARY/);
    } finally {
      db.close();
    }
  });
});
