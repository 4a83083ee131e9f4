// Tests (plain Node): the upload engine against the sandbox over real HTTP — faults, stalls,
// short-lived URLs, lessons, progress, pause, cancel, dropped connections.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SETTLES } from '../test-support/index.ts';
import {
  assetSha256,
  assetOf,
  fileMd5,
  lessonVideo,
  checkProgress,
  makeFile,
  recordingManager,
  startHarness,
  type Harness,
} from './test-support/index.ts';

const PART = 256 * 1024;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ partSize: PART });
});
afterAll(async () => {
  await h?.close();
});

describe('upload engine against the sandbox', () => {
  // Inline hashing is the default on 2 cores, worker threads above that: both must hold up.
  it.each([0, 2])(
    'finishes every file byte-identical through failures, stalls and 2 s URLs (%i MD5 workers)',
    async (md5Workers) => {
      h.sandbox.setFaults({ storageFailRate: 0.2, stallRate: 0.08, urlTtlSeconds: 2 });
      try {
        // The small one is still a whole video (the fixture is 44 KB), so the server can process it too.
        const sizes = [3 * PART + 12_345, 4 * PART, 50_000, 9 * PART + 1];
        const files = await Promise.all(
          sizes.map(async (size, i) => {
            const path = join(h.dir, `faults_${md5Workers}_${i}.mp4`);
            return { path, sha: await makeFile(path, size, i + 1) };
          }),
        );
        const { manager, rows } = recordingManager({
          journalPath: join(h.dir, `faults-${md5Workers}.sqlite`),
          api: h.client,
          md5Workers,
          stallTimeoutMs: 800,
          backoffBaseMs: 20,
          backoffCapMs: 200,
          maxAttempts: 12,
        });
        const added = await manager.add(
          files.map((f) => ({
            path: f.path,
            lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' },
          })),
        );
        expect(added.map((r) => r.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
        manager.start();
        await manager.whenIdle();
        const final = manager.list();
        expect(final.map((r) => [r.state, r.error])).toEqual(final.map(() => ['done', null]));
        for (const [i, row] of final.entries()) {
          expect(await assetSha256(h.client, row.uploadId!)).toBe(files[i]!.sha);
          expect(checkProgress(rows(row.id))).toBeNull();
          const lesson = await h.client.lessons.get(h.courseId, h.sectionId, row.lessonId!);
          expect(lesson.title).toBe(`faults ${md5Workers} ${i}`);
          const video = await lessonVideo(h.client, {
            courseId: h.courseId,
            sectionId: h.sectionId,
            lessonId: lesson.id,
          });
          expect(video.videoAsset).toBe(await assetOf(h.client, row.uploadId!));
          expect(video.md5).toBe(await fileMd5(files[i]!.path));
        }
        expect(final.reduce((n, r) => n + r.bytesResent, 0)).toBeGreaterThan(0);
        await manager.close();
      } finally {
        h.sandbox.setFaults({ storageFailRate: 0, stallRate: 0, urlTtlSeconds: 900 });
      }
    },
  );

  it('throttles progress events to 10 per second per file', async () => {
    const path = join(h.dir, 'throttle.mp4');
    await makeFile(path, 40 * PART, 7);
    const { manager, events } = recordingManager({
      journalPath: join(h.dir, 'throttle.sqlite'),
      api: h.client,
      bandwidthBytesPerSec: 8 * 1024 * 1024,
    });
    const [row] = await manager.add([
      { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: 'Throttle' } },
    ]);
    manager.setTitle(row!.id, '  Sets, part 1 ');
    manager.start();
    await manager.whenIdle();
    const lesson = await h.client.lessons.get(h.courseId, h.sectionId, manager.get(row!.id)!.lessonId!);
    expect(lesson.title).toBe('Sets, part 1');
    expect(() => manager.setTitle(row!.id, 'Too late')).toThrow(/already/);
    const progress = events.filter((e) => e.type === 'progress' && e.row.id === row!.id);
    for (let i = 10; i < progress.length; i++) {
      // Any 11 consecutive progress events span at least ~1 s.
      expect(progress[i]!.at - progress[i - 10]!.at).toBeGreaterThanOrEqual(990);
    }
    const speeds = progress.map((e) => e.row.speedBps).filter((s) => s > 0);
    expect(Math.max(...speeds)).toBeLessThan(8 * 1024 * 1024 * 1.5);
    expect(manager.get(row!.id)).toMatchObject({ state: 'done', bytesConfirmed: 40 * PART, bytesInFlight: 0 });
    await manager.close();
  });

  it('pauses at once keeping finished parts, then resumes to the end', async () => {
    const path = join(h.dir, 'pause.mp4');
    const sha = await makeFile(path, 24 * PART, 9);
    // A second file keeps uploading while the first is paused: its progress is what shows that
    // time passed with the engine at work, so the paused file had every chance to move.
    const otherPath = join(h.dir, 'pause-other.mp4');
    await makeFile(otherPath, 24 * PART, 10);
    const { manager, events } = recordingManager({
      journalPath: join(h.dir, 'pause.sqlite'),
      api: h.client,
      bandwidthBytesPerSec: 2 * 1024 * 1024,
    });
    const [row, other] = await manager.add(
      [
        { path, title: 'Pause' },
        { path: otherPath, title: 'Keeps going' },
      ].map((f) => ({
        path: f.path,
        lessonTarget: { kind: 'new' as const, courseId: h.courseId, sectionId: h.sectionId, title: f.title },
      })),
    );
    manager.start();
    await vi.waitUntil(() => (manager.get(row!.id)?.bytesConfirmed ?? 0) >= 4 * PART, UPLOAD_SETTLES);
    const atPause = manager.get(row!.id)!.bytesConfirmed;
    manager.pause(row!.id);
    const pausedEvent = await vi.waitUntil(
      () => events.find((e) => e.type === 'state' && e.row.id === row!.id && e.row.state === 'paused'),
      UPLOAD_SETTLES,
    );
    // At once: the parts in flight are aborted, not awaited (awaiting them would confirm every one
    // of them first); at most one that was already answered may still land.
    expect(pausedEvent.row.bytesConfirmed - atPause).toBeLessThanOrEqual(PART);
    const othersPart = async (parts: number) => {
      const from = manager.get(other!.id)!.bytesConfirmed;
      await vi.waitUntil(() => manager.get(other!.id)!.bytesConfirmed >= from + parts * PART, UPLOAD_SETTLES);
    };
    // Settled: once the other file has finished a part since, the paused file's aborted PUTs are over.
    await othersPart(1);
    const frozen = manager.get(row!.id)!;
    await othersPart(4);
    const later = manager.get(row!.id)!;
    // Nothing goes on the wire while paused, and finished parts stay finished.
    expect(later.bytesSent).toBe(frozen.bytesSent);
    expect(later.bytesConfirmed).toBe(frozen.bytesConfirmed);
    expect(frozen.bytesConfirmed).toBeGreaterThanOrEqual(4 * PART);
    expect(later.state).toBe('paused');
    manager.resume(row!.id);
    await manager.whenIdle();
    const done = manager.get(row!.id)!;
    expect([done.state, manager.get(other!.id)!.state]).toEqual(['done', 'done']);
    expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
    // Sent again: at most the parts in flight at the pause, four slots sending and as many waiting
    // for their answer.
    expect(done.bytesResent).toBeLessThanOrEqual(8 * PART);
    await manager.close();
  });

  it('replaces an existing lesson video, cancels with an abort, and survives dropped connections', async () => {
    const first = join(h.dir, 'replace.mp4');
    const sha = await makeFile(first, 12 * PART, 11);
    const lesson = await h.client.lessons.create(
      h.courseId,
      h.sectionId,
      { title: 'Old video', lesson_type: 'VIDEO' },
      { idempotencyKey: crypto.randomUUID() },
    );
    const { manager } = recordingManager({
      journalPath: join(h.dir, 'replace.sqlite'),
      api: h.client,
      bandwidthBytesPerSec: 3 * 1024 * 1024,
    });
    const [row] = await manager.add([
      {
        path: first,
        lessonTarget: { kind: 'replace', courseId: h.courseId, sectionId: h.sectionId, lessonId: lesson.id },
      },
    ]);
    manager.start();
    await vi.waitUntil(() => (manager.get(row!.id)?.bytesConfirmed ?? 0) >= 2 * PART, UPLOAD_SETTLES);
    manager.dropConnections();
    await manager.whenIdle();
    const done = manager.get(row!.id)!;
    expect(done).toMatchObject({ state: 'done', lessonId: lesson.id });
    expect(await assetSha256(h.client, done.uploadId!)).toBe(sha);
    // The lesson had no video; now its video fields must lead to exactly these bytes.
    const video = await lessonVideo(h.client, { courseId: h.courseId, sectionId: h.sectionId, lessonId: lesson.id });
    expect(video.videoAsset).toBe(await assetOf(h.client, done.uploadId!));
    expect(video.contentAsset).toBe(video.videoAsset);
    expect(video.md5).toBe(await fileMd5(first));

    const second = join(h.dir, 'cancel.mp4');
    await makeFile(second, 12 * PART, 12);
    const [doomed] = await manager.add([
      { path: second, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: 'Doomed' } },
    ]);
    manager.start();
    await vi.waitUntil(() => (manager.get(doomed!.id)?.bytesConfirmed ?? 0) >= PART, UPLOAD_SETTLES);
    const uploadId = manager.get(doomed!.id)!.uploadId!;
    await manager.cancel(doomed!.id);
    expect(manager.get(doomed!.id)).toBeUndefined();
    expect((await h.client.uploads.get(uploadId)).status).toBe('ABORTED');
    await manager.close();
  });
});
