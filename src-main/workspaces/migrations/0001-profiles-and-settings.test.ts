// Main process / plain Node tests. Workspaces migration 1 on a real file: an empty file gets
// profiles and settings, with no place for a key and at most one Sandbox.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnsOf, databaseAt, tempDir, userVersion } from '../../test-support/index.ts';
import { workspaceMigrations } from './index.ts';

const at = '2026-11-25T08:00:00.000Z';

describe('workspaces migration 0001: profiles and settings', () => {
  it('turns an empty file into version 1 that holds workspaces and settings, never a key', () => {
    const path = join(tempDir('lectern-workspaces-0001-'), 'workspaces.sqlite');
    databaseAt(path, workspaceMigrations, 0).close();
    const db = databaseAt(path, workspaceMigrations, 1);
    try {
      expect(userVersion(db)).toBe(1);
      expect(columnsOf(db, 'profiles').filter((c) => /key/.test(c))).toEqual(['key_mode', 'has_key', 'key_hint']);
      const add = db.prepare(
        `INSERT INTO profiles (id, name, environment, base_url, key_mode, has_key, key_hint, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'tenant', 1, ?, ?, ?)`,
      );
      add.run('p-1', 'Acme staging', 'staging', 'https://staging.example.com', '3f9a', at, at);
      add.run('p-2', 'Sandbox', 'sandbox', 'http://127.0.0.1:4010', null, at, at);
      expect(() => add.run('p-3', 'acme STAGING', 'custom', 'https://x.example', null, at, at)).toThrow(/UNIQUE/);
      expect(() => add.run('p-4', 'Second sandbox', 'sandbox', 'http://127.0.0.1:4011', null, at, at)).toThrow(
        /UNIQUE/,
      );
      expect(() => add.run('p-5', 'Leaky', 'custom', 'https://x.example', 'sk_live_1234', at, at)).toThrow(/CHECK/);
      db.prepare("INSERT INTO settings (key, value) VALUES ('uploads.speedLimit', '2000000')").run();
      expect(db.prepare('SELECT id, name FROM profiles ORDER BY id').all()).toEqual([
        { id: 'p-1', name: 'Acme staging' },
        { id: 'p-2', name: 'Sandbox' },
      ]);
    } finally {
      db.close();
    }
  });
});
