// Main process / plain Node tests. The sandbox's migrations as a whole: one numbered file per
// version, in order, and a real version-1 file brought to the latest with its rows intact.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, migrationFolderProblems, tempDir, userVersion } from '../../test-support/index.ts';
import { SANDBOX_MIGRATIONS } from './index.ts';
import { fillSandboxVersion1, SANDBOX_VERSION1_ROWS, sandboxVersion1Rows } from './test-support/rows.ts';

describe('sandbox migrations', () => {
  it('are the numbered files of this folder, in order', async () => {
    expect(await migrationFolderProblems(import.meta.dirname, SANDBOX_MIGRATIONS)).toEqual([]);
    expect(SANDBOX_MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3]);
  });

  it('bring a real version-1 file to the latest with its rows intact', () => {
    const path = join(tempDir('lectern-sandbox-latest-'), 'sandbox.sqlite');
    const db = migrateFile(path, SANDBOX_MIGRATIONS, 1, fillSandboxVersion1, SANDBOX_MIGRATIONS.length);
    try {
      expect(userVersion(db)).toBe(SANDBOX_MIGRATIONS.length);
      expect(sandboxVersion1Rows(db)).toEqual(SANDBOX_VERSION1_ROWS);
    } finally {
      db.close();
    }
  });
});
