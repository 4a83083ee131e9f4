// Main process / plain Node tests. Journal migration 3 from a real version-2 file: rows and file
// checks are kept; the new batch, order and video columns start empty (no poll made yet).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillFileCheck, fillJournalVersion1, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0003: lesson order and video processing', () => {
  it('keeps a version-2 journal and gives every upload empty order and video columns', () => {
    const path = join(tempDir('lectern-journal-0003-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 2, (old) => {
      fillJournalVersion1(old);
      fillFileCheck(old);
    });
    try {
      expect(userVersion(db)).toBe(3);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(db.prepare('SELECT upload_id FROM upload_file_checks').all()).toEqual([{ upload_id: 'u-1' }]);
      expect(columnsOf(db, 'uploads').slice(-7)).toEqual([
        'batch_id',
        'lesson_order',
        'video_status',
        'video_error',
        'duration_seconds',
        'video_checked_at',
        'video_polls',
      ]);
      expect(
        db.prepare('SELECT id, batch_id, lesson_order, video_status, video_polls FROM uploads ORDER BY id').all(),
      ).toEqual([
        { id: 'u-1', batch_id: null, lesson_order: null, video_status: null, video_polls: 0 },
        { id: 'u-2', batch_id: null, lesson_order: null, video_status: null, video_polls: 0 },
      ]);
    } finally {
      db.close();
    }
  });
});
