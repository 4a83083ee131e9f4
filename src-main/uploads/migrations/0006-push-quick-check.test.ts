// Main process / plain Node tests. Journal migration 6 from a real version-5 file: a push entry
// already there keeps its hash, size and mtime, and has no quick-check fields yet.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { journalMigrations } from './index.ts';
import { fillJournalVersion1, fillPushEntry, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migration 0006: push quick check', () => {
  it('keeps a version-5 journal and its push entries, with empty quick-check fields', () => {
    const path = join(tempDir('lectern-journal-0006-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 5, (old) => {
      fillJournalVersion1(old);
      fillPushEntry(old);
    });
    try {
      expect(userVersion(db)).toBe(6);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
      expect(
        db
          .prepare('SELECT path, content_sha256, size, dev, ino, content_md5_parts, sample_sha256 FROM push_entries')
          .all(),
      ).toEqual([
        {
          path: '01 Basics/02 Arc.md',
          content_sha256: 'f'.repeat(64),
          size: 2048,
          dev: null,
          ino: null,
          content_md5_parts: null,
          sample_sha256: null,
        },
      ]);
    } finally {
      db.close();
    }
  });
});
