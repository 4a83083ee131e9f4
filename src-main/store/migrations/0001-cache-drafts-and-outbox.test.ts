// Main process / plain Node tests. Profile database migration 1 on a real file: an empty file
// gets the cache, drafts and outbox, with the rules the sync code relies on.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAt, schemaNames, tempDir, userVersion } from '../../test-support/index.ts';
import { profileMigrations } from './index.ts';
import { fillVersion1, VERSION1_ROWS, version1Rows } from './test-support/rows.ts';

describe('profile migration 0001: cache, drafts and outbox', () => {
  it('turns an empty file into version 1 that holds drafts and their outbox rows', () => {
    const path = join(tempDir('lectern-profile-0001-'), 'lectern.db');
    databaseAt(path, profileMigrations, 0).close();
    const db = databaseAt(path, profileMigrations, 1);
    try {
      expect(userVersion(db)).toBe(1);
      expect(schemaNames(db, 'table')).toEqual(['cache_entries', 'drafts', 'outbox']);
      expect(schemaNames(db, 'index')).toEqual([
        'cache_entries_kind',
        'drafts_one_per_server_resource',
        'outbox_resource',
      ]);
      expect(columnsOf(db, 'outbox')).toContain('next_attempt_at');
      fillVersion1(db);
      expect(version1Rows(db)).toEqual(VERSION1_ROWS);
      // One draft per server resource, and an outbox row goes with its draft.
      expect(() =>
        db
          .prepare(
            `INSERT INTO drafts (id, resource, operation, server_id, parent, fields, state, revision, created_at, updated_at)
             VALUES ('d-3', 'assessment', 'update', 'a-9', '{}', '{}', 'local', 1, 1, 1)`,
          )
          .run(),
      ).toThrow(/UNIQUE/);
      db.prepare("DELETE FROM drafts WHERE id = 'd-1'").run();
      expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });
});
