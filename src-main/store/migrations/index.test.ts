// Main process / plain Node tests. The profile database's migrations as a whole: one numbered file
// per version, in the list in order, and a real version-1 file brought to the latest in one open.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, migrationFolderProblems, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migrations', () => {
  it('are the numbered files of this folder, in order', async () => {
    expect(await migrationFolderProblems(import.meta.dirname, profileMigrations)).toEqual([]);
    expect(profileMigrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('bring a real version-1 file to the latest version with every row intact', () => {
    const path = join(tempDir('lectern-profile-latest-'), 'lectern.db');
    const db = migrateFile(path, profileMigrations, 1, fillVersion1, profileMigrations.length);
    try {
      expect(userVersion(db)).toBe(profileMigrations.length);
      expect(version1Rows(db)).toEqual(VERSION1_ROWS);
      expect(schemaNames(db, 'table')).toEqual([
        'cache_entries',
        'cache_lessons',
        'contract_deviations',
        'drafts',
        'missing_operations',
        'outbox',
        'write_refusals',
      ]);
    } finally {
      db.close();
    }
  });
});
