// Tests (plain Node): what the engine keeps per row goes when the row is cleared, so a day of
// uploads through one session leaves nothing behind per file (ids this engine owns, owner entries in
// the journal), and one row is read by its key whatever the journal holds. On a real journal file;
// the API is never called (no row here has a server session to abort).
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createClaims } from './claims.ts';
import { UploadJournal } from './journal.ts';
import { Scheduler } from './scheduler.ts';
import { journalRowFixture } from './test-support/index.ts';
import { UploadJob } from './upload-job.ts';

let path: string;
let journal: UploadJournal;
let scheduler: Scheduler;

beforeEach(() => {
  path = join(tempDir('lectern-cleared-'), 'uploads.sqlite');
  journal = new UploadJournal(path);
  scheduler = new Scheduler({ journalPath: path, journal, jobs: [], api: {} as never });
});
afterEach(async () => {
  await scheduler.close();
  journal.close();
});

/** Rows as the journal file holds them now (read beside the engine, as another process would). */
function countIn(table: 'uploads' | 'upload_owners'): number {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

function addRows(count: number, claims: ReturnType<typeof createClaims>): UploadJob[] {
  const jobs: UploadJob[] = [];
  journal.together(() => {
    for (let i = 0; i < count; i++) {
      const row = { ...journalRowFixture(`u${i}`, { position: journal.nextPosition(), state: 'done' }), parts: [] };
      journal.insert(row);
      const job = new UploadJob({ ...row, lessonOrder: null });
      claims.own(job);
      scheduler.addJob(job);
      jobs.push(job);
    }
  });
  return jobs;
}

describe('rows cleared from the queue', () => {
  it('let go of their ids and their owner entries, however many were cleared', async () => {
    const claims = createClaims(journal, scheduler);
    const jobs = addRows(300, claims);
    expect(claims.held()).toBe(300);
    expect(countIn('upload_owners')).toBe(300);

    for (const job of jobs.slice(0, 200)) await scheduler.cancelJob(job);
    expect(claims.held()).toBe(100);
    expect(countIn('uploads')).toBe(100);
    expect(countIn('upload_owners')).toBe(100);

    for (const job of jobs.slice(200)) await scheduler.cancelJob(job);
    expect(claims.held()).toBe(0);
    expect(countIn('upload_owners')).toBe(0);
  });

  it('one row is read by its key, with its parts, among many', () => {
    const claims = createClaims(journal, scheduler);
    addRows(50, claims);
    journal.setSession('u7', 'sess-7', 400, 2);
    journal.commitPart('u7', { partNumber: 1, size: 400, etag: '"e1"', md5: 'm1' }, { bytesSent: 400, bytesResent: 0 });
    expect(journal.loadOne('u7')).toEqual(journal.loadAll().find((r) => r.id === 'u7'));
    expect(journal.loadOne('u7')?.parts.map((p) => p.partNumber)).toEqual([1]);
    expect(journal.loadOne('gone')).toBeUndefined();
  });
});
