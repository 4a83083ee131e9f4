// Tests (plain Node): presigned URLs against a wall clock that jumps. The signer is real; the sign
// call answers URLs in the sandbox's form (`expires=` in unix seconds by the server's clock) and the
// clocks are stepped, so each jump is exact and no test waits for time to pass.
import { describe, expect, it } from 'vitest';
import type { TimeSource } from '../../src-shared/clock.ts';
import { journalRowFixture } from './test-support/index.ts';
import type { UploadApi } from './types.ts';
import { UploadJob } from './upload-job.ts';
import { UrlSigner } from './url-signing.ts';

const HOUR = 3_600_000;
const SERVER_START = Date.UTC(2026, 10, 26, 9, 0, 0);

function setUp(ttlSeconds: number) {
  let mono = 5_000;
  let offset = 0;
  const time: TimeSource & { advance(ms: number): void; jump(ms: number): void; server(): number } = {
    monotonic: () => mono,
    wall: () => SERVER_START + mono + offset,
    server: () => SERVER_START + mono,
    advance: (ms) => void (mono += ms),
    jump: (ms) => void (offset += ms),
  };
  let signCalls = 0;
  const api = {
    uploads: {
      signParts: async (_id: string, parts: number[]) => {
        signCalls++;
        const expires = Math.floor(time.server() / 1000) + ttlSeconds;
        return parts.map((n) => ({ part_number: n, url: `http://storage/p/${n}?expires=${expires}&signature=x` }));
      },
    },
  } as unknown as UploadApi;
  const settled: Promise<void>[] = [];
  const signer = new UrlSigner({
    api,
    retried: (_job, call) => call(new AbortController().signal),
    slots: () => 4,
    track: (work) => void settled.push(work),
    onFailure: (_job, problem) => {
      throw new Error(problem.message);
    },
    onSettled: () => {},
    time,
  });
  const job = new UploadJob(journalRowFixture('clock', { sessionId: 'u1', partSize: 100, totalParts: 40 }));
  job.rebuildPending();
  const signAhead = async () => {
    signer.signAhead(job, time.monotonic());
    await Promise.all(settled.splice(0));
  };
  return { time, signer, job, signAhead, signCalls: () => signCalls };
}

describe('presigned URLs when the wall clock jumps', () => {
  it('a jump forward does not expire every URL (no re-sign), and a jump back does not keep dead ones', async () => {
    const { time, signer, job, signAhead, signCalls } = setUp(600);
    await signAhead();
    expect(signCalls()).toBe(1);
    time.jump(2 * HOUR);
    time.advance(1_000);
    expect(signer.ready(job, 1, time.monotonic())).toBeDefined();
    await signAhead();
    expect(signCalls()).toBe(1);
    // Set back an hour: the URL still dies when the server said, about 10 minutes after signing.
    time.jump(-3 * HOUR);
    time.advance(10 * 60_000);
    expect(signer.ready(job, 1, time.monotonic())).toBeUndefined();
  });

  it('after a clock gap every file signs afresh once, and a refusal of an older URL teaches no short lifetime', async () => {
    const { time, signer, job, signAhead, signCalls } = setUp(600);
    await signAhead();
    const old = job.parts.urls.get(1)!;
    // The machine slept 2 h: the monotonic clock stood still, the wall clock did not.
    time.jump(2 * HOUR);
    signer.clockGap([job]);
    expect(signer.ready(job, 1, time.monotonic())).toBeUndefined();
    await signAhead();
    expect(signCalls()).toBe(2);
    // The old URL, sent just before the gap, comes back refused: it says nothing about URL life.
    time.advance(2_000);
    signer.refused(job, 1, old);
    expect(signer.lifetime.expiresAt(Infinity, 0)).toBe(600_000);
    // New URLs stay good for the rest of their server-given life: no re-sign per pump.
    time.advance(60_000);
    await signAhead();
    expect(signCalls()).toBe(2);
    expect(signer.ready(job, 2, time.monotonic())).toBeDefined();
  });

  it('a refused URL teaches its monotonic age even when the wall clock went back meanwhile', async () => {
    const { time, signer, job, signAhead } = setUp(600);
    await signAhead();
    const signed = job.parts.urls.get(3)!;
    time.advance(30_000);
    time.jump(-HOUR);
    signer.refused(job, 3, signed);
    // 0.8 × 30 s, not the 1 s floor a negative wall-clock age would give.
    expect(signer.lifetime.expiresAt(Infinity, 0)).toBe(24_000);
  });
});
