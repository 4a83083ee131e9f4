// Tests (plain Node): a file that goes away mid-upload (deleted, or its drive unmounted: the path
// stops resolving), for real on disk, against the sandbox. The upload stops with that reason and
// nothing is attached to a lesson; once the same bytes are back, a retry resumes in the same upload
// session and only one lesson is made.
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadManager } from './manager.ts';
import {
  assetSha256,
  lessonsTitled,
  makeFile,
  sessionsNamed,
  startHarness,
  type Harness,
} from './test-support/index.ts';
import type { UploadEvent } from './types.ts';

const PART = 64 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
});
afterAll(async () => {
  await h?.close();
});

describe('a file gone mid-upload', () => {
  it(
    'stops with the reason, attaches nothing, and resumes in the same session once it is back',
    { timeout: 120_000 },
    async () => {
      const path = join(h.dir, 'gone-midway.mp4');
      const away = join(h.dir, 'elsewhere.mp4');
      const sha = await makeFile(path, 12 * PART + 321, 55);
      let reached: () => void = () => undefined;
      const twoParts = new Promise<void>((resolve) => (reached = resolve));
      const manager = createUploadManager({
        journalPath: join(h.dir, 'gone.db'),
        api: h.client,
        md5Workers: 0,
        concurrency: 1,
        // 64 KiB/s: the file takes over ten seconds, so it is surely still sending when it goes.
        bandwidthBytesPerSec: PART,
        onEvent: (e: UploadEvent) => {
          if (e.row.bytesConfirmed >= 2 * PART) reached();
        },
      });
      try {
        const [row] = await manager.add([
          { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' } },
        ]);
        manager.start([row!.id]);
        await twoParts;
        renameSync(path, away);
        await manager.whenIdle();

        const stopped = manager.get(row!.id)!;
        expect(stopped.state).toBe('failed');
        expect(stopped.error).toEqual({
          code: 'FILE_NOT_FOUND',
          message:
            'gone-midway.mp4 was not found (deleted, moved, or its drive is not connected). Nothing was attached to a ' +
            'lesson. Put the same file back and retry: it carries on where it stopped (a changed file starts over).',
        });
        expect(stopped.lessonId).toBeNull();
        expect(lessonsTitled(h.sandbox.dataDir!, h.sectionId, 'gone-midway')).toBe(0);

        renameSync(away, path);
        manager.setBandwidth(null);
        manager.retry(row!.id);
        await manager.whenIdle();
        const done = manager.get(row!.id)!;
        expect(done.state).toBe('done');
        expect(done.uploadId).toBe(stopped.uploadId);
        expect(done.bytesResent).toBeLessThanOrEqual(PART);
        expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
        expect(sessionsNamed(h.sandbox.dataDir!, 'gone-midway.mp4')).toBe(1);
        expect(lessonsTitled(h.sandbox.dataDir!, h.sectionId, 'gone-midway')).toBe(1);
      } finally {
        await manager.close();
      }
    },
  );
});
