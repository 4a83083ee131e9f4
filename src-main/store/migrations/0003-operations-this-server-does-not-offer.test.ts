// Main process / plain Node tests. Profile database migration 3 from a real version-2 file: drafts,
// outbox and the deviation log are kept, and the table of operations a server lacks is added.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migration 0003: operations this server does not offer', () => {
  it('keeps a version-2 file’s rows and remembers a missing operation once', () => {
    const path = join(tempDir('lectern-profile-0003-'), 'lectern.db');
    const db = migrateFile(path, profileMigrations, 2, (old) => {
      fillVersion1(old);
      old
        .prepare(
          `INSERT INTO contract_deviations (operation, json_path, expected, received, count, first_seen, last_seen)
           VALUES ('lessons.retrieve', 'data.video.status', 'a string', 'null', 3, '2026-11-24T08:00:00Z', '2026-11-25T09:00:00Z')`,
        )
        .run();
    });
    try {
      expect(userVersion(db)).toBe(3);
      expect(version1Rows(db)).toEqual(VERSION1_ROWS);
      expect(db.prepare('SELECT operation, json_path, count FROM contract_deviations').all()).toEqual([
        { operation: 'lessons.retrieve', json_path: 'data.video.status', count: 3 },
      ]);
      expect(columnsOf(db, 'missing_operations')).toEqual(['operation', 'message', 'status', 'noted_at']);
      const note = db.prepare(
        `INSERT INTO missing_operations (operation, message, status, noted_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      );
      note.run('sections.create', 'This server does not let Lectern create sections.', 405, '2026-11-25T10:00:00Z');
      note.run('sections.create', 'again', 404, '2026-11-25T11:00:00Z');
      expect(db.prepare('SELECT operation, status FROM missing_operations').all()).toEqual([
        { operation: 'sections.create', status: 405 },
      ]);
    } finally {
      db.close();
    }
  });
});
