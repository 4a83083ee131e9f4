// Main process / plain Node tests. One file's in-memory upload state: a done upload lets go of its
// part book and progress (a day of 2,000 uploads kept ~2 KB of both per finished row) and still
// shows as whole; one still running keeps both.
import { describe, expect, it } from 'vitest';
import { journalRowFixture } from './test-support/index.ts';
import { UploadJob } from './upload-job.ts';

const sent = (size: number) => ({ size, etag: '"e"', md5: 'm' });

describe('UploadJob', () => {
  it('lets go of its parts and progress once done, and shows as whole', () => {
    const job = new UploadJob(
      journalRowFixture('a', { state: 'uploading', sessionId: 'u1', partSize: 500, totalParts: 2 }),
    );
    job.rebuildPending();
    const book = job.parts;
    job.recordPartSent(1, sent(500));
    job.recordPartSent(2, sent(500));
    expect(job.parts).toBe(book);
    expect(job.parts.done.size).toBe(2);
    expect(job.toRow().bytesConfirmed).toBe(1000);

    job.enter('done');
    expect(job.parts).not.toBe(book);
    expect(job.parts.done.size).toBe(0);
    expect(job.toRow()).toMatchObject({
      state: 'done',
      bytesConfirmed: 1000,
      bytesInFlight: 0,
      speedBps: 0,
      etaSeconds: 0,
    });
    // What runs over every job (closing, a clock gap, a dropped connection) asks nothing of it.
    job.newEpoch('closing');
    job.forgetSignedUrls();
    job.abortPartsInFlight('connections dropped');
    expect(job.progress.bytesConfirmed).toBe(1000);
  });

  it('read back done from the journal, holds no parts; read back running, keeps those sent', () => {
    const parts = [{ partNumber: 1, size: 500, etag: '"e"', md5: 'm', done: true, attempts: 1 }];
    const done = new UploadJob({ ...journalRowFixture('d', { state: 'done', partSize: 500, totalParts: 2 }), parts });
    expect(done.toRow().bytesConfirmed).toBe(1000);
    expect(done.parts.done.size).toBe(0);
    const running = new UploadJob({
      ...journalRowFixture('r', { state: 'uploading', partSize: 500, totalParts: 2 }),
      parts,
    });
    expect(running.parts.done.size).toBe(1);
    expect(running.toRow().bytesConfirmed).toBe(500);
  });
});
