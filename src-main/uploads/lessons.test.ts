// Tests (plain Node): uploads land as the lessons the user meant — the engine against the sandbox over
// real HTTP. Lessons keep the order their files were given in whatever order the uploads finish (also
// across a restart), each lesson's video processing is followed to READY (with the duration the
// sandbox read from the bytes) or FAILED (with the server's reason), and a batch's end is told once.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fasterTime } from '../../src-shared/retry.ts';
import { UPLOAD_SETTLES } from '../test-support/index.ts';
import { batchNotice, batchOutcome } from './batch-notice.ts';
import { LessonPlacement, orderAmong } from './lesson-order.ts';
import { createUploadManager } from './manager.ts';
import { startHarness, type Harness } from './test-support/index.ts';
import type { BatchEnded, UploadManager } from './types.ts';
import { isFinalVideoStatus, pollDelayMs, videoOf } from './video-follow.ts';

const FIXTURES = new URL('../media/test-fixtures/', import.meta.url);
const fixture = (name: string) => new URL(name, FIXTURES).pathname;

let h: Harness;
beforeAll(async () => {
  // Small parts so even these small real videos go in several parts; processing takes 300 ms.
  h = await startHarness({ partSize: 16 * 1024, processingMs: 300 });
});
afterAll(() => h.close());

/** The section's lessons as the sandbox holds them, in order. */
async function sectionTitles(): Promise<string[]> {
  const section = await h.client.sections.get(h.courseId, h.sectionId);
  return [...section.lessons!].sort((a, b) => a.order! - b.order!).map((l) => l.title!);
}

function copies(prefix: string): { path: string; title: string }[] {
  // Three different real videos; the given order is a, b, c.
  return ['h264-3s.mp4', 'vp8-2s.webm', 'mpegts-2s.m2t'].map((name, i) => {
    const path = join(h.dir, `${prefix}-${i + 1}-${name}`);
    copyFileSync(fixture(name), path);
    return { path, title: `${prefix} ${String.fromCharCode(97 + i)}` };
  });
}

/**
 * lessons.create held as sent and not answered yet (the request has gone out), until the test
 * releases it; `allSent` resolves once `count` are held.
 */
function heldCreates(count: number) {
  const held: { release: () => void; title: string }[] = [];
  let sentAll!: () => void;
  const allSent = new Promise<void>((resolve) => (sentAll = resolve));
  const create = async (...args: Parameters<typeof h.client.lessons.create>) => {
    args[3].onSent?.();
    await new Promise<void>((release) => {
      held.push({ release, title: args[2].title });
      if (held.length === count) sentAll();
    });
    return h.client.lessons.create(...args);
  };
  return { held, allSent, create };
}

/** Adds `files` as new lessons of the harness's section, then starts them one after another, each
 * once the create before it is held unanswered. */
async function startEachOnceHeld(
  manager: UploadManager,
  files: readonly { path: string; title: string }[],
  held: readonly unknown[],
): Promise<void> {
  const rows = await manager.add(
    files.map((f) => ({
      path: f.path,
      lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: f.title },
    })),
  );
  for (const [i, row] of rows.entries()) {
    manager.start([row.id]);
    await vi.waitUntil(() => held.length === i + 1, { ...UPLOAD_SETTLES, timeout: 30_000 });
  }
}

async function finishOneByOne(manager: UploadManager, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    manager.start([id]);
    await vi.waitUntil(() => manager.get(id)?.state === 'done', { ...UPLOAD_SETTLES, timeout: 30_000 });
  }
}

describe('lesson order', () => {
  it('three files finishing in reverse order become lessons in the given order', async () => {
    const ended: BatchEnded[] = [];
    const manager = createUploadManager({
      journalPath: join(h.dir, 'order.sqlite'),
      api: h.client,
      md5Workers: 0,
      onBatchEnded: (batch) => ended.push(batch),
    });
    try {
      const before = await sectionTitles();
      const files = copies('Reverse');
      const rows = await manager.add(
        files.map((f) => ({
          path: f.path,
          lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: f.title },
        })),
      );
      expect(new Set(rows.map((r) => r.batchId)).size).toBe(1);
      // c finishes first, then b, then a.
      await finishOneByOne(manager, rows.map((r) => r.id).reverse());
      expect(await sectionTitles()).toEqual([...before, 'Reverse a', 'Reverse b', 'Reverse c']);
      // The end of the batch is told once, with its counts.
      await vi.waitUntil(() => ended.length > 0, UPLOAD_SETTLES);
      expect(ended).toEqual([
        { batchId: rows[0]!.batchId, courseId: h.courseId, sectionId: h.sectionId, uploaded: 3, failed: 0 },
      ]);

      // "Clear finished" forgets only rows that are over (never a queued one); lessons keep their videos.
      await manager.add([
        {
          path: copies('Kept')[0]!.path,
          lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: 'Kept a' },
        },
      ]);
      // The three videos are still processing (the first check comes 10 s after attaching): a row
      // stays until its video is READY or FAILED, so it can still say how processing ended.
      expect(
        manager
          .list()
          .filter((r) => r.state === 'done')
          .map((r) => r.videoStatus),
      ).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);
      expect(await manager.clearFinished()).toBe(0);
      expect(manager.list().map((r) => r.state)).toEqual(['done', 'done', 'done', 'queued']);
      expect(await sectionTitles()).toEqual([...before, 'Reverse a', 'Reverse b', 'Reverse c']);
    } finally {
      await manager.close();
    }
  });

  it('keeps the given order when the app restarts between the files', async () => {
    const journalPath = join(h.dir, 'restart.sqlite');
    const files = copies('Restart');
    let manager = createUploadManager({ journalPath, api: h.client, md5Workers: 0 });
    const before = await sectionTitles();
    const rows = await manager.add(
      files.map((f) => ({
        path: f.path,
        lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: f.title },
      })),
    );
    await finishOneByOne(manager, [rows[2]!.id]);
    await manager.close();
    // A new process: the journal knows the batch, the given order and the lesson already made.
    manager = createUploadManager({ journalPath, api: h.client, md5Workers: 0 });
    try {
      await finishOneByOne(manager, [rows[1]!.id, rows[0]!.id]);
      expect(await sectionTitles()).toEqual([...before, 'Restart a', 'Restart b', 'Restart c']);
    } finally {
      await manager.close();
    }
  });

  it('when the batch ends, moves its lessons back into the given order if someone reordered them meanwhile', async () => {
    const manager = createUploadManager({ journalPath: join(h.dir, 'settle.sqlite'), api: h.client, md5Workers: 0 });
    try {
      const files = copies('Settle');
      const rows = await manager.add(
        files.map((f) => ({
          path: f.path,
          lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: f.title },
        })),
      );
      await finishOneByOne(manager, [rows[0]!.id, rows[1]!.id]);
      // Another client moves b to the top of the section while c is still uploading.
      await h.client.lessons.update(h.courseId, h.sectionId, manager.get(rows[1]!.id)!.lessonId!, { order: 1 });
      const mine = async () => (await sectionTitles()).filter((t) => t.startsWith('Settle '));
      expect(await mine()).toEqual(['Settle b', 'Settle a']);
      await finishOneByOne(manager, [rows[2]!.id]);
      await vi.waitFor(async () => expect(await mine()).toEqual(['Settle a', 'Settle b', 'Settle c']), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      await manager.close();
    }
  });

  it('places a lesson after its nearest earlier sibling, else before its nearest later one, else last', () => {
    const section = [
      { id: 'x', order: 1 },
      { id: 'c', order: 2 },
      { id: 'e', order: 4 },
    ];
    expect(orderAmong(section, [], 2)).toBeNull();
    expect(orderAmong(section, [{ position: 3, lessonId: 'c' }], 1)).toBe(2);
    expect(
      orderAmong(
        section,
        [
          { position: 3, lessonId: 'c' },
          { position: 5, lessonId: 'e' },
        ],
        4,
      ),
    ).toBe(3);
    // A sibling deleted meanwhile is not a landmark.
    expect(orderAmong(section, [{ position: 1, lessonId: 'gone' }], 2)).toBeNull();
  });

  it("hands a section's next create sent last on once the one before has gone out, or ended", async () => {
    const placement = new LessonPlacement(h.client, () => []);
    const target = { courseId: h.courseId, sectionId: h.sectionId };
    const started: string[] = [];
    const tellSent: (() => void)[] = [];
    let failFirst!: (error: Error) => void;
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    const first = placement.inWireOrder(target, (onSent) => {
      started.push('a');
      tellSent.push(onSent);
      return new Promise<string>((_resolve, reject) => (failFirst = reject));
    });
    first.catch(() => undefined);
    const second = placement.inWireOrder(target, (onSent) => {
      started.push('b');
      tellSent.push(onSent);
      return new Promise<string>(() => undefined);
    });
    second.catch(() => undefined);
    const third = placement.inWireOrder(target, async () => {
      started.push('c');
      return 'c';
    });
    await turn();
    expect(started).toEqual(['a']);
    tellSent[0]!();
    await turn();
    expect(started).toEqual(['a', 'b']);
    // A create that ends without going out (refused, aborted) lets the next one go as well.
    failFirst(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    expect(started).toEqual(['a', 'b']);
    tellSent[1]!();
    await expect(third).resolves.toBe('c');
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('sends the creates of files finishing together at once; creates that overtake each other are put back in order', async () => {
    // The creates are held unanswered until all three have been sent (an engine waiting for each
    // answer before the next create never gets there), then let through last file first, each
    // answered before the next goes: the lessons land c, b, a, and the batch's settle puts them
    // back before the manager says it is idle.
    const { held, allSent, create } = heldCreates(3);
    const api: typeof h.client = { ...h.client, lessons: { ...h.client.lessons, create } };
    const manager = createUploadManager({
      journalPath: join(h.dir, 'together.sqlite'),
      api,
      md5Workers: 0,
      concurrency: 3,
    });
    try {
      await startEachOnceHeld(manager, copies('Together'), held);
      await allSent;
      expect(held.map((c) => c.title)).toEqual(['Together a', 'Together b', 'Together c']);
      const landed = async (count: number) =>
        vi.waitUntil(
          async () => (await sectionTitles()).filter((t) => t.startsWith('Together ')).length === count,
          UPLOAD_SETTLES,
        );
      for (let i = 2; i >= 0; i--) {
        held[i]!.release();
        await landed(3 - i);
      }
      await manager.whenIdle();
      expect((await sectionTitles()).filter((t) => t.startsWith('Together '))).toEqual([
        'Together a',
        'Together b',
        'Together c',
      ]);
    } finally {
      for (const c of held) c.release();
      await manager.close();
    }
  });
  it('puts swapped neighbours back in one round trip: moves whose spans do not touch go together', async () => {
    // Four creates held until all are sent, then let through as b, a, d, c: two moves to settle,
    // far apart. The first move is held until the second is asked for too; a settle sending one
    // move after the other's answer would only get the second out when the hold gives up.
    const { held, allSent, create } = heldCreates(4);
    let moving = 0;
    let mostAtOnce = 0;
    let secondMove!: () => void;
    const twoMoving = new Promise<void>((resolve) => (secondMove = resolve));
    const api: typeof h.client = {
      ...h.client,
      lessons: {
        ...h.client.lessons,
        create,
        update: async (...args: Parameters<typeof h.client.lessons.update>) => {
          if (Object.keys(args[3]).join() !== 'order') return h.client.lessons.update(...args);
          moving++;
          mostAtOnce = Math.max(mostAtOnce, moving);
          if (moving === 2) secondMove();
          const gaveUp = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
          await Promise.race([twoMoving, gaveUp]);
          try {
            return await h.client.lessons.update(...args);
          } finally {
            moving--;
          }
        },
      },
    };
    const manager = createUploadManager({
      journalPath: join(h.dir, 'waves.sqlite'),
      api,
      md5Workers: 0,
      concurrency: 4,
    });
    try {
      const files = copies('Waves');
      const fourth = join(h.dir, 'Waves-4-h264-3s.mp4');
      copyFileSync(fixture('h264-3s.mp4'), fourth);
      files.push({ path: fourth, title: 'Waves d' });
      await startEachOnceHeld(manager, files, held);
      await allSent;
      const mine = async () => (await sectionTitles()).filter((t) => t.startsWith('Waves '));
      for (const [n, i] of [1, 0, 3, 2].entries()) {
        held[i]!.release();
        await vi.waitUntil(async () => (await mine()).length === n + 1, UPLOAD_SETTLES);
      }
      await manager.whenIdle();
      expect(await mine()).toEqual(['Waves a', 'Waves b', 'Waves c', 'Waves d']);
      expect(mostAtOnce).toBe(2);
    } finally {
      for (const c of held) c.release();
      await manager.close();
    }
  });
});

describe('video processing', () => {
  it('follows each lesson from PROCESSING to READY with the duration read from the bytes, or FAILED with the reason', async () => {
    const events: { status: string | null; id: string }[] = [];
    const manager = createUploadManager({
      journalPath: join(h.dir, 'processing.sqlite'),
      api: h.client,
      md5Workers: 0,
      onEvent: (e) => events.push({ id: e.row.id, status: e.row.videoStatus }),
      // The polls' own clock, 10 times faster: the 10 s rule itself is proved in video-follow.test.ts.
      videoPollTime: fasterTime(10),
    });
    try {
      const good = join(h.dir, 'three-seconds.mp4');
      copyFileSync(fixture('h264-3s.mp4'), good);
      // An MP4 signature followed by noise: a container by its first bytes, but nothing to decode.
      const broken = join(h.dir, 'broken.mp4');
      writeFileSync(broken, Buffer.concat([readFileSync(good).subarray(0, 32), randomBytes(40_000)]));
      const rows = await manager.add(
        [good, broken].map((path) => ({
          path,
          lessonTarget: { kind: 'new' as const, courseId: h.courseId, sectionId: h.sectionId, title: path },
        })),
      );
      manager.start();
      await manager.whenIdle();
      const [ok, bad] = rows.map((r) => manager.get(r.id)!);
      expect([ok!.state, bad!.state]).toEqual(['done', 'done']);
      // Right after attaching, the create response said the server is processing.
      expect(ok!.videoStatus).toBe('PROCESSING');

      // Followed by retrieve lesson (first after 10 s, 1 s here) until finished; then nothing more.
      await vi.waitUntil(() => rows.every((r) => isFinalVideoStatus(manager.get(r.id)!.videoStatus)), {
        ...UPLOAD_SETTLES,
        timeout: pollDelayMs(0) / 10 + 15_000,
      });
      expect(manager.get(ok!.id)).toMatchObject({ videoStatus: 'READY', videoError: null, durationSeconds: 3 });
      expect(manager.get(bad!.id)!.videoStatus).toBe('FAILED');
      expect(manager.get(bad!.id)!.videoError).toMatch(/broken\.mp4/);
      const serverLesson = await h.client.lessons.get(h.courseId, h.sectionId, ok!.lessonId!);
      expect(serverLesson).toMatchObject({ video_status: 'READY', duration_seconds: 3 });
      expect(serverLesson.content_media?.[0]?.id).toBe(ok!.uploadId);
      expect(events.filter((e) => e.id === ok!.id).map((e) => e.status)).toContain('READY');
    } finally {
      await manager.close();
    }
  }, 60_000);

  it('reads the video fields tolerantly (open values, absent fields) and backs off from 10 s', () => {
    expect(videoOf({ id: 'l' })).toEqual({ status: null, error: null, durationSeconds: null });
    expect(videoOf({ id: 'l', video_status: 'TRANSCODING', duration_seconds: '12' })).toMatchObject({
      status: 'TRANSCODING',
      durationSeconds: 12,
    });
    expect(videoOf({ id: 'l', video_status: 'FAILED', video_error: 'bad codec' }).error).toBe('bad codec');
    expect(isFinalVideoStatus('TRANSCODING')).toBe(false);
    expect(isFinalVideoStatus('ready')).toBe(true);
    expect(pollDelayMs(0)).toBe(10_000);
    expect(pollDelayMs(1)).toBe(15_000);
    expect(pollDelayMs(100)).toBe(300_000);
  });
});

describe('batch notice', () => {
  it('ends when every file is done or failed; cancelled files do not count', () => {
    const done = { state: 'done' as const, lessonId: 'l' };
    expect(batchOutcome([done, { state: 'uploading', lessonId: null }]).ended).toBe(false);
    expect(batchOutcome([done, { state: 'paused', lessonId: null }]).ended).toBe(false);
    expect(batchOutcome([done, { state: 'failed', lessonId: null }, { state: 'cancelled', lessonId: null }])).toEqual({
      ended: true,
      uploaded: 1,
      failed: 1,
    });
    expect(batchOutcome([{ state: 'cancelled', lessonId: null }]).ended).toBe(false);
  });

  it('says how many videos went to which course and section, and how many failed', () => {
    const place = { courseName: 'Workplace Safety', sectionTitle: 'Module 1' };
    expect(batchNotice({ uploaded: 12, failed: 1 }, place).body).toBe(
      '12 videos uploaded to Workplace Safety › Module 1 · 1 failed',
    );
    expect(batchNotice({ uploaded: 1, failed: 0 }, place)).toEqual({
      title: 'Uploads finished',
      body: '1 video uploaded to Workplace Safety › Module 1',
      level: 'success',
    });
    expect(batchNotice({ uploaded: 1, failed: 0 }, { courseName: 'Workplace Safety', sectionTitle: null }).body).toBe(
      '1 video uploaded to Workplace Safety',
    );
    expect(batchNotice({ uploaded: 0, failed: 2 }, { courseName: null, sectionTitle: null }).body).toBe(
      'No videos uploaded · 2 failed',
    );
  });
});
