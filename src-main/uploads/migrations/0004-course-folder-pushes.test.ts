// Main process / plain Node tests. Journal migration 4 from a real version-3 file: uploads (with a
// video being followed) are kept, and course folder pushes get their table, one entry per path.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillJournalVersion1, fillPushEntry, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0004: course folder pushes', () => {
  it('keeps a version-3 journal and records one push entry per course, kind and path', () => {
    const path = join(tempDir('lectern-journal-0004-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 3, (old) => {
      fillJournalVersion1(old);
      old
        .prepare(
          "UPDATE uploads SET batch_id = 'b-1', lesson_order = 3, video_status = 'processing', video_polls = 2 WHERE id = 'u-2'",
        )
        .run();
    });
    try {
      expect(userVersion(db)).toBe(4);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(
        db.prepare("SELECT batch_id, lesson_order, video_status, video_polls FROM uploads WHERE id = 'u-2'").get(),
      ).toEqual({ batch_id: 'b-1', lesson_order: 3, video_status: 'processing', video_polls: 2 });
      expect(columnsOf(db, 'push_entries')).toContain('create_body');
      fillPushEntry(db);
      expect(() => fillPushEntry(db)).toThrow(/UNIQUE|PRIMARY/);
      expect(() =>
        db
          .prepare("INSERT INTO push_entries (course_id, kind, path, updated_at) VALUES ('c-1', 'quiz', 'q', 'x')")
          .run(),
      ).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
