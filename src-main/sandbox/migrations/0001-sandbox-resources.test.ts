// Main process / plain Node tests. Sandbox migration 1 on a real file: an empty file gets every
// resource table, a lesson going with its section.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseAt, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { SANDBOX_MIGRATIONS } from './index.ts';
import { fillSandboxVersion1, SANDBOX_VERSION1_ROWS, sandboxVersion1Rows } from './test-support/rows.ts';

describe('sandbox migration 0001: sandbox resources', () => {
  it('turns an empty file into version 1 that holds courses, sections, uploads and lessons', () => {
    const path = join(tempDir('lectern-sandbox-0001-'), 'sandbox.sqlite');
    databaseAt(path, SANDBOX_MIGRATIONS, 0).close();
    const db = databaseAt(path, SANDBOX_MIGRATIONS, 1);
    try {
      expect(userVersion(db)).toBe(1);
      expect(schemaNames(db, 'table')).toEqual(expect.arrayContaining(['courses', 'sections', 'lessons', 'uploads']));
      fillSandboxVersion1(db);
      expect(sandboxVersion1Rows(db)).toEqual(SANDBOX_VERSION1_ROWS);
      db.prepare("DELETE FROM sections WHERE id = 's-1'").run();
      expect(db.prepare('SELECT count(*) AS n FROM lessons').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
