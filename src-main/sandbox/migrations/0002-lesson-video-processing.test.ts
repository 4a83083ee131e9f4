// Main process / plain Node tests. Sandbox migration 2 from a real version-1 file: lessons are kept,
// and an existing lesson's video has no processing status (read as processed).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { SANDBOX_MIGRATIONS } from './index.ts';
import { fillSandboxVersion1, SANDBOX_VERSION1_ROWS, sandboxVersion1Rows } from './test-support/rows.ts';

describe('sandbox migration 0002: lesson video processing', () => {
  it('keeps a version-1 file’s lessons with no processing status', () => {
    const path = join(tempDir('lectern-sandbox-0002-'), 'sandbox.sqlite');
    const db = migrateFile(path, SANDBOX_MIGRATIONS, 1, fillSandboxVersion1);
    try {
      expect(userVersion(db)).toBe(2);
      expect(sandboxVersion1Rows(db)).toEqual(SANDBOX_VERSION1_ROWS);
      expect(db.prepare('SELECT video_status, video_error, video_due_ms FROM lessons').all()).toEqual([
        { video_status: null, video_error: '', video_due_ms: null },
      ]);
    } finally {
      db.close();
    }
  });
});
