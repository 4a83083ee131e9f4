// Tests (plain Node): the server (API and storage) goes away mid-upload for a minute (of the
// engine's clock, stepped) and comes back on the same port with the same data. The engine must wait visibly without failing or spending
// its retry budget, continue by itself within 5 s of the server's return, and end with one
// session, the same bytes and one lesson. Also: giving up after a set time when asked to.
import { join } from 'node:path';
import { setTimeout as realSleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_SETTLES } from '../test-support/index.ts';
import {
  assetSha256,
  assetOf,
  fileMd5,
  lessonVideo,
  lessonsTitled,
  makeFile,
  recordingManager,
  sessionsNamed,
  startHarness,
  type Harness,
} from './test-support/index.ts';
import { serverAnswers } from './reachability.ts';

const PART = 256 * 1024;
const OUTAGE_MS = 60_000;
/** How far the fake clock moves at a time; between steps the real sockets get their turn. */
const CLOCK_STEP_MS = 250;

/**
 * Moves the fake clock `ms` forward in small steps, running the timers due at each, and lets real
 * I/O (probes to a stopped or returning server) finish between steps. Stops early once `until` holds.
 */
async function stepClock(ms: number, until: () => boolean = () => false): Promise<void> {
  for (let moved = 0; moved < ms && !until(); moved += CLOCK_STEP_MS) {
    await vi.advanceTimersByTimeAsync(CLOCK_STEP_MS);
    await realSleep(1); // node:timers/promises is not the fake clock's
  }
}
let h: Harness;
let dataDir: string;

beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
  dataDir = h.sandbox.dataDir!;
});
afterAll(async () => {
  await h?.close();
});

describe('the server goes away mid-upload', () => {
  it('waits through a 60 s outage, shows it, and finishes by itself: one session, same bytes, one lesson', async () => {
    // The engine's clock is stepped through the minute (its timers, performance.now and Date are
    // the fake clock's, which otherwise follows real time): what a minute means to it — probe
    // back-off up to its cap, many probes, a wait that must never turn into a failure — happens in
    // about a second. The sockets, the server going away and coming back, are real.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
    });
    try {
      const path = join(h.dir, 'outage_engine.mp4');
      const sha = await makeFile(path, 12 * PART + 777, 21);
      const { manager, events, rows } = recordingManager({
        journalPath: join(h.dir, 'outage.sqlite'),
        api: h.client,
        bandwidthBytesPerSec: 1024 * 1024,
        // A small budget: an outage that spent it would fail the file many times over.
        maxAttempts: 3,
        // The engine's own probe (a HEAD to the API), counted.
        probe: (signal) => {
          probes++;
          return serverAnswers(h.sandbox.baseUrl, signal);
        },
      });
      let probes = 0;
      const [row] = await manager.add([
        { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' } },
      ]);
      const id = row!.id;
      manager.start();
      await vi.waitUntil(() => (manager.get(id)?.bytesConfirmed ?? 0) >= 4 * PART, UPLOAD_SETTLES);
      const uploadId = manager.get(id)!.uploadId;
      expect(uploadId).not.toBeNull();

      await h.stopServer();
      await vi.waitUntil(() => manager.get(id)?.state === 'waiting', { ...UPLOAD_SETTLES, timeout: 30_000 });
      const waitingRow = manager.get(id)!;
      const waitingAt = performance.now();
      expect(waitingRow).toMatchObject({ error: null, speedBps: 0, etaSeconds: null });

      // A minute on the engine's clock. However long it lasts, the file stays waiting: it never
      // fails. Leaving `waiting` would be an event of the row; every event is recorded.
      const probesBefore = probes;
      await stepClock(OUTAGE_MS);
      expect(performance.now() - waitingAt).toBeGreaterThanOrEqual(OUTAGE_MS);
      // It kept asking all minute (back-off capped at 4 s), not frozen.
      expect(probes - probesBefore).toBeGreaterThanOrEqual(OUTAGE_MS / 4_000);
      expect(events.some((e) => e.row.id === id && e.at > waitingAt && e.row.state !== 'waiting')).toBe(false);
      expect(manager.get(id)).toMatchObject({ state: 'waiting', error: null });

      // Back on the same port: the engine notices by itself within 5 s of its clock.
      await h.restartServer();
      const backAt = performance.now();
      await stepClock(5_000, () => manager.get(id)?.state !== 'waiting');
      expect(manager.get(id)?.state).not.toBe('waiting');
      expect(performance.now() - backAt).toBeLessThanOrEqual(5_000);
      await manager.whenIdle();

      const done = manager.get(id)!;
      expect(done).toMatchObject({ state: 'done', error: null, uploadId });
      expect(rows(id).some((r) => r.state === 'failed')).toBe(false);
      expect(sessionsNamed(dataDir, 'outage_engine.mp4')).toBe(1);
      expect(lessonsTitled(dataDir, h.sectionId, 'outage engine')).toBe(1);
      expect(await assetSha256(h.client, uploadId!)).toBe(sha);
      const video = await lessonVideo(h.client, {
        courseId: h.courseId,
        sectionId: h.sectionId,
        lessonId: done.lessonId!,
      });
      expect(video.videoAsset).toBe(await assetOf(h.client, uploadId!));
      expect(video.md5).toBe(await fileMd5(path));
      await manager.close();
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  it('looks again at once on wake (dropConnections), not at its next probe', async () => {
    const path = join(h.dir, 'outage_wake.mp4');
    const sha = await makeFile(path, 12 * PART, 23);
    const { manager } = recordingManager({
      journalPath: join(h.dir, 'wake.sqlite'),
      api: h.client,
      bandwidthBytesPerSec: 1024 * 1024,
      // Probes so far apart that only the wake-up can end the wait within this test.
      reachability: { baseMs: 120_000, capMs: 120_000 },
    });
    const [row] = await manager.add([
      { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' } },
    ]);
    manager.start();
    await vi.waitUntil(() => (manager.get(row!.id)?.bytesConfirmed ?? 0) >= 2 * PART, UPLOAD_SETTLES);
    await h.stopServer();
    await vi.waitUntil(() => manager.get(row!.id)?.state === 'waiting', { ...UPLOAD_SETTLES, timeout: 30_000 });
    await h.restartServer();
    const wokeAt = performance.now();
    manager.dropConnections(); // what the shell calls on powerMonitor 'resume' (and the clock-gap detector)
    await vi.waitUntil(() => manager.get(row!.id)?.state !== 'waiting', { ...UPLOAD_SETTLES, timeout: 5000 });
    expect(performance.now() - wokeAt).toBeLessThan(5000);
    await manager.whenIdle();
    expect(manager.get(row!.id)).toMatchObject({ state: 'done', error: null });
    expect(await assetSha256(h.client, manager.get(row!.id)!.uploadId!)).toBe(sha);
    await manager.close();
  }, 60_000);

  it('gives up after the time it was given, with a reason, when asked to', async () => {
    // On the stepped clock (see the first test): the minute it was given passes in about a second.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance', 'Date'],
    });
    const path = join(h.dir, 'outage_give_up.mp4');
    await makeFile(path, 4 * PART, 22);
    const { manager } = recordingManager({
      journalPath: join(h.dir, 'give-up.sqlite'),
      api: h.client,
      giveUpAfterMs: OUTAGE_MS,
    });
    await h.stopServer();
    try {
      const [row] = await manager.add([
        { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: '' } },
      ]);
      manager.start();
      await stepClock(30_000, () => manager.get(row!.id)?.state === 'waiting');
      expect(manager.get(row!.id)?.state).toBe('waiting');
      const waitingSince = performance.now();
      let idle = false;
      void manager.whenIdle().then(() => (idle = true));
      // Still waiting a few seconds before the minute is up (the fake clock also follows real time,
      // so the engine's minute began a little before this test saw it wait); failed once it is up.
      await stepClock(OUTAGE_MS - 5_000);
      expect(manager.get(row!.id)?.state).toBe('waiting');
      await stepClock(OUTAGE_MS, () => idle);
      expect(idle).toBe(true);
      expect(performance.now() - waitingSince).toBeGreaterThanOrEqual(OUTAGE_MS - 5_000);
      expect(manager.get(row!.id)).toMatchObject({ state: 'failed', error: { code: 'UNREACHABLE' } });
      await manager.close();
    } finally {
      vi.useRealTimers();
      await h.restartServer();
    }
  }, 60_000);
});
