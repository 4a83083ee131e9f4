// Tests (plain Node): the wall clock jumps mid-upload (a laptop waking from sleep, a manual change,
// NTP stepping it). The machine's real clock is shared, so the jump is injected: the engine is
// handed a wall clock that runs 2 h ahead once a third of the bytes are confirmed, then 1 h behind
// from two thirds on. The sandbox, over real HTTP and on the real clock, signs URLs that live 1 to 2 s,
// so URLs really do expire and are refused (S3-style 403 "Request has expired") during the upload.
// Read from the sandbox's own request log: no re-sign storm, every speed and ETA shown is ≥ 0, the
// file arrives with the same bytes, one session, one lesson.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimeSource } from '../../src-shared/clock.ts';
import type { RequestLogEntry } from '../sandbox/index.ts';
import {
  assetSha256,
  lessonsTitled,
  makeFile,
  recordingManager,
  sessionsNamed,
  startHarness,
  type Harness,
} from './test-support/index.ts';

const PART = 64 * 1024;
const PARTS = 48;
const log: RequestLogEntry[] = [];
let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    partSize: PART,
    urlTtlSeconds: 2,
    restartable: true,
    onRequest: (entry) => log.push(entry),
  });
});
afterAll(() => h.close());

const HOUR = 3_600_000;

/** The real clocks, except that the wall clock is `offset` ms off (changed by the test). */
function jumpingTime() {
  const clock = { offset: 0 };
  const time: TimeSource = { monotonic: () => performance.now(), wall: () => Date.now() + clock.offset };
  return { clock, time };
}

async function uploadWithJumps(name: string, jumps: boolean) {
  const path = join(h.dir, `${name}.mp4`);
  const sha = await makeFile(path, PARTS * PART - 1234, name.length);
  const { clock, time } = jumpingTime();
  const { manager, events } = recordingManager({
    journalPath: join(h.dir, `${name}.sqlite`),
    api: h.client,
    concurrency: 3,
    md5Workers: 0,
    // About 8 s of sending at 384 KiB/s: longer than a URL lives and than the engine's clock-gap
    // check (every 2 s), so both the expiries and the jumps are met mid-upload.
    bandwidthBytesPerSec: 384 * 1024,
    time,
  });
  const from = log.length;
  try {
    await manager.add([
      { path, lessonTarget: { kind: 'new', courseId: h.courseId, sectionId: h.sectionId, title: name } },
    ]);
    let jumped = 0;
    const watch = setInterval(() => {
      if (!jumps) return;
      const row = manager.list()[0];
      if (!row) return;
      const share = row.bytesConfirmed / row.bytesTotal;
      if (jumped === 0 && share >= 1 / 3) {
        clock.offset = 2 * HOUR;
        jumped = 1;
      } else if (jumped === 1 && share >= 2 / 3) {
        clock.offset = -HOUR;
        jumped = 2;
      }
    }, 50);
    manager.start();
    await manager.whenIdle();
    clearInterval(watch);
    const [row] = manager.list();
    expect([row!.state, row!.error]).toEqual(['done', null]);
    if (jumps) expect(jumped).toBe(2);
    const traffic = log.slice(from).filter((e) => e.path.includes(row!.uploadId!));
    return {
      row: row!,
      sha,
      events,
      signs: traffic.filter((e) => e.path.endsWith('/sign-parts')).length,
      refused: traffic.filter((e) => e.method === 'PUT' && e.status === 403).length,
      puts: traffic.filter((e) => e.method === 'PUT').length,
    };
  } finally {
    await manager.close();
  }
}

describe('the wall clock jumps mid-upload (+2 h, then −1 h)', () => {
  it(
    'signs a batch at a time (no re-sign storm), never shows a negative speed or ETA, and delivers the same bytes once',
    { timeout: 90_000 },
    async () => {
      const still = await uploadWithJumps('clock-still', false);
      const jumped = await uploadWithJumps('clock-jumped', true);
      console.log(
        `clock jumps: sign calls ${jumped.signs} (still clock ${still.signs}), refused PUTs ${jumped.refused} ` +
          `(still ${still.refused}), PUTs ${jumped.puts} for ${PARTS} parts`,
      );

      // No storm: a sign call covers a batch of parts, so even re-signing every URL after each jump
      // and after each real expiry stays far below one call per part; and an expired URL is refused
      // at most about once per batch, not once per PUT.
      expect(jumped.signs).toBeLessThan(PARTS / 2);
      expect(jumped.refused).toBeLessThan(PARTS / 4);
      expect(jumped.puts).toBeLessThan(PARTS * 1.5);

      // Durations, speeds and ETAs come from the monotonic clock: never negative.
      for (const { row } of jumped.events) {
        expect(row.speedBps).toBeGreaterThanOrEqual(0);
        if (row.etaSeconds !== null) expect(row.etaSeconds).toBeGreaterThanOrEqual(0);
      }

      // The same bytes, one session, one lesson.
      for (const run of [still, jumped]) {
        expect(await assetSha256(h.client, run.row.uploadId!)).toBe(run.sha);
        expect(sessionsNamed(h.sandbox.dataDir!, `${run.row.fileName}`)).toBe(1);
        expect(lessonsTitled(h.sandbox.dataDir!, h.sectionId, run.row.fileName.replace(/\.mp4$/, ''))).toBe(1);
      }
    },
  );
});
