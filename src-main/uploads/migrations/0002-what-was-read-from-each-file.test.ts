// Main process / plain Node tests. Journal migration 2 from a real version-1 file: uploads and
// parts are kept, and what was read from each file gets its own table, deleted with its upload.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillFileCheck, fillJournalVersion1, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0002: what was read from each file', () => {
  it('keeps a version-1 journal and adds the file checks, found by size and sample', () => {
    const path = join(tempDir('lectern-journal-0002-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 1, fillJournalVersion1);
    try {
      expect(userVersion(db)).toBe(2);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(schemaNames(db, 'index')).toContain('upload_file_checks_by_content');
      fillFileCheck(db);
      expect(
        db
          .prepare('SELECT upload_id, width, frame_rate_mode FROM upload_file_checks WHERE size = ?')
          .all(40 * 1024 ** 2),
      ).toEqual([{ upload_id: 'u-1', width: 1920, frame_rate_mode: 'CFR' }]);
      db.prepare("DELETE FROM uploads WHERE id = 'u-1'").run();
      expect(db.prepare('SELECT count(*) AS n FROM upload_file_checks').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
