// Main process / plain Node tests. Journal migration 5 from a real version-4 file: every upload
// already there stays a lesson's; a preview row is told apart only by attach_to.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillJournalVersion1, fillPushEntry, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0005: course preview videos', () => {
  it('keeps a version-4 journal, its uploads attached to lessons, and accepts only known targets', () => {
    const path = join(tempDir('lectern-journal-0005-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 4, (old) => {
      fillJournalVersion1(old);
      fillPushEntry(old);
    });
    try {
      expect(userVersion(db)).toBe(5);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(db.prepare('SELECT path, server_id FROM push_entries').all()).toEqual([
        { path: '01 Basics/02 Arc.md', server_id: 'l-8' },
      ]);
      expect(db.prepare('SELECT id, attach_to FROM uploads ORDER BY id').all()).toEqual([
        { id: 'u-1', attach_to: 'lesson' },
        { id: 'u-2', attach_to: 'lesson' },
      ]);
      db.prepare("UPDATE uploads SET attach_to = 'course-preview', section_id = '' WHERE id = 'u-1'").run();
      expect(() => db.prepare("UPDATE uploads SET attach_to = 'section' WHERE id = 'u-2'").run()).toThrow(/CHECK/);
    } finally {
      db.close();
    }
  });
});
