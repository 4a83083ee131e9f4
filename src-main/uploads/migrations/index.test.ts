// Main process / plain Node tests. The journal's migrations as a whole: one numbered file per
// version, in order, and a real version-1 journal brought to the latest and read back by the engine.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, migrationFolderProblems, tempDir, userVersion } from '../../test-support/index.ts';
import { UploadJournal } from '../journal.ts';
import { journalMigrations } from './index.ts';
import { fillJournalVersion1, JOURNAL_VERSION1_ROWS, journalVersion1Rows } from './test-support/rows.ts';

describe('journal migrations', () => {
  it('are the numbered files of this folder, in order', async () => {
    expect(await migrationFolderProblems(import.meta.dirname, journalMigrations)).toEqual([]);
    expect(journalMigrations.map((m) => m.version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('bring a real version-1 journal to the latest, which the engine reads back whole', () => {
    const path = join(tempDir('lectern-journal-latest-'), 'uploads.db');
    const db = migrateFile(path, journalMigrations, 1, fillJournalVersion1, journalMigrations.length);
    try {
      expect(userVersion(db)).toBe(journalMigrations.length);
      expect(journalVersion1Rows(db)).toEqual(JOURNAL_VERSION1_ROWS);
    } finally {
      db.close();
    }
    const problems: string[] = [];
    const journal = new UploadJournal(path, (message) => problems.push(message));
    try {
      const rows = journal.loadAll();
      expect(problems).toEqual([]);
      expect(rows.map((r) => ({ id: r.id, state: r.state, target: r.target, parts: r.parts.length }))).toEqual([
        { id: 'u-1', state: 'uploading', target: expect.objectContaining({ kind: 'new', sectionId: 's-1' }), parts: 3 },
        { id: 'u-2', state: 'done', target: expect.objectContaining({ kind: 'replace', lessonId: 'l-7' }), parts: 1 },
      ]);
      expect(rows[0]!.bytesSent).toBe(20 * 1024 ** 2);
      expect(rows[0]!.video.polls).toBe(0);
    } finally {
      journal.close();
    }
  });
});
