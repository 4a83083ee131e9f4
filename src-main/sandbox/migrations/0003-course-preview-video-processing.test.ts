// Main process / plain Node tests. Sandbox migration 3 from a real version-2 file: courses and a
// lesson whose video is processing are kept; a course's preview video may now name its upload.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrateFile, tempDir, userVersion } from '../../test-support/index.ts';
import { SANDBOX_MIGRATIONS } from './index.ts';
import { fillSandboxVersion1, SANDBOX_VERSION1_ROWS, sandboxVersion1Rows } from './test-support/rows.ts';

describe('sandbox migration 0003: course preview video processing', () => {
  it('keeps a version-2 file and links a course preview to its upload', () => {
    const path = join(tempDir('lectern-sandbox-0003-'), 'sandbox.sqlite');
    const db = migrateFile(path, SANDBOX_MIGRATIONS, 2, (old) => {
      fillSandboxVersion1(old);
      old.prepare("UPDATE lessons SET video_status = 'PROCESSING', video_due_ms = 1764000000000").run();
    });
    try {
      expect(userVersion(db)).toBe(3);
      expect(sandboxVersion1Rows(db)).toEqual(SANDBOX_VERSION1_ROWS);
      expect(db.prepare('SELECT video_status FROM lessons').get()).toEqual({ video_status: 'PROCESSING' });
      expect(db.prepare('SELECT preview_video_upload_id, preview_video_due_ms FROM courses').get()).toEqual({
        preview_video_upload_id: null,
        preview_video_due_ms: null,
      });
      db.prepare(
        "UPDATE courses SET preview_video_upload_id = 'up-1', preview_video_due_ms = 5 WHERE id = 'c-1'",
      ).run();
      expect(() => db.prepare("UPDATE courses SET preview_video_upload_id = 'nope'").run()).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});
