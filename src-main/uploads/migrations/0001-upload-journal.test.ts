// Main process / plain Node tests. Journal migration 1 on a real file: an empty file gets uploads
// and their parts, a part going with its upload.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseAt, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillJournalVersion1, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0001: upload journal', () => {
  it('turns an empty file into version 1 that holds uploads and their parts', () => {
    const path = join(tempDir('lectern-journal-0001-'), 'uploads.db');
    databaseAt(path, journalMigrations, 0).close();
    const db = databaseAt(path, journalMigrations, 1);
    try {
      expect(userVersion(db)).toBe(1);
      expect(schemaNames(db, 'table')).toEqual(['upload_parts', 'uploads']);
      fillJournalVersion1(db);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(() => db.prepare("UPDATE uploads SET target_kind = 'preview' WHERE id = 'u-1'").run()).toThrow(/CHECK/);
      db.prepare("DELETE FROM uploads WHERE id = 'u-1'").run();
      expect(db.prepare('SELECT DISTINCT upload_id FROM upload_parts').all()).toEqual([{ upload_id: 'u-2' }]);
    } finally {
      db.close();
    }
  });
});
