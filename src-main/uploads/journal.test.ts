// Tests (plain Node): the upload journal on real SQLite files, and file identity on real files.
import { writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { FileAccessError, md5OfRange, readIdentity, sameIdentity, titleFromFileName } from './file-identity.ts';
import { UploadJournal, type JournalRow } from './journal.ts';
import { journalRowFixture } from './test-support/index.ts';
import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

let dir: string;
beforeEach(() => {
  dir = tempDir('lectern-journal-');
});

function row(id: string, position: number): Omit<JournalRow, 'parts'> {
  return journalRowFixture(id, { position, createdAt: new Date().toISOString(), batchId: 'b' });
}

describe('UploadJournal', () => {
  it('keeps sessions, parts, counters and states across a reopen', () => {
    const path = join(dir, 'uploads.sqlite');
    let j = new UploadJournal(path);
    j.insert(row('a', j.nextPosition()));
    j.insert(row('b', j.nextPosition()));
    j.setSession('a', 'sess-1', 400, 3);
    expect(j.markAttempt('a', 1, 400)).toBe(0);
    expect(j.markAttempt('a', 1, 400)).toBe(1); // second attempt: a re-send
    j.commitPart('a', { partNumber: 1, size: 400, etag: '"e1"', md5: 'm1' }, { bytesSent: 800, bytesResent: 400 });
    j.commitPart('a', { partNumber: 2, size: 400, etag: null, md5: 'm2' }, { bytesSent: 1200, bytesResent: 400 });
    j.setEtags('a', new Map([[2, '"e2"']]));
    j.setState('b', 'failed', { code: 'X', message: 'broken' });
    j.setNotice('a', { code: 'FILE_CHANGED', message: 'changed' });
    j.close();

    j = new UploadJournal(path);
    const [a, b] = j.loadAll();
    expect(a).toMatchObject({
      id: 'a',
      sessionId: 'sess-1',
      partSize: 400,
      totalParts: 3,
      bytesSent: 1200,
      bytesResent: 400,
      notice: { code: 'FILE_CHANGED' },
      identity: { mtimeMs: 1714550000123.456 },
    });
    expect(a!.parts).toEqual([
      { partNumber: 1, size: 400, attempts: 2, done: true, etag: '"e1"', md5: 'm1' },
      { partNumber: 2, size: 400, attempts: 1, done: true, etag: '"e2"', md5: 'm2' },
    ]);
    expect(b).toMatchObject({ state: 'failed', error: { code: 'X', message: 'broken' } });

    j.undoParts('a', [2]);
    expect(j.loadAll()[0]!.parts[1]).toMatchObject({ done: false, etag: null, attempts: 1 });
    expect(j.markAttempt('a', 2, 400)).toBe(1);

    j.resetSession('a', { ...a!.identity, size: 2000 }, 'sk2', 'lk2');
    const reset = j.loadAll()[0]!;
    expect(reset).toMatchObject({ sessionId: null, sessionKey: 'sk2', lessonKey: 'lk2', parts: [] });
    expect(reset.identity.size).toBe(2000);

    j.delete('a');
    expect(j.loadAll().map((r) => r.id)).toEqual(['b']);
    j.close();
  });

  it('keeps a course preview target apart from a lesson of the same file and course across a reopen', () => {
    const path = join(dir, 'uploads.sqlite');
    let j = new UploadJournal(path);
    const preview = { kind: 'preview' as const, courseId: 'c', title: 'Preview video of Forklifts' };
    const lesson = { kind: 'new' as const, courseId: 'c', sectionId: 's', title: 'Teaser' };
    j.insert({ ...row('p', j.nextPosition()), target: preview });
    const same = (target: typeof preview | typeof lesson) => ({ ...row('p', 9), id: 'x', target });
    expect(j.findSameOrInsert(same(preview), false)).toBe('p');
    expect(j.findSameOrInsert(same(lesson), false)).toBeNull(); // same file, same course: not the same upload
    j.close();

    j = new UploadJournal(path);
    expect(j.loadAll().map((r) => r.target)).toEqual([preview]);
    j.close();
  });

  it('skips an entry that does not read back as valid, and says so', () => {
    const path = join(dir, 'uploads.sqlite');
    const j = new UploadJournal(path);
    j.insert(row('good', 1));
    j.insert(row('bad', 2));
    j.close();
    const db = new DatabaseSync(path);
    db.prepare("UPDATE uploads SET state = 'exploded', size = -1 WHERE id = 'bad'").run();
    db.close();
    const notices: string[] = [];
    const reopened = new UploadJournal(path, (m) => notices.push(m));
    expect(reopened.loadAll().map((r) => r.id)).toEqual(['good']);
    expect(notices).toHaveLength(1);
    reopened.close();
  });

  it('prepares its SQL once: later uploads through the same steps compile no statement', () => {
    const j = new UploadJournal(join(dir, 'uploads.sqlite'));
    // Counts what reaches SQLite's compiler; the statements still run as they do in the app.
    const prepare = vi.spyOn(DatabaseSync.prototype, 'prepare');
    const oneUpload = (id: string) => {
      const fresh = row(id, j.nextPosition());
      expect(j.findSameOrInsert(fresh, true)).toBeNull();
      expect(j.claim(id, 'me')).toBeNull();
      j.setTitle(id, `Lesson ${id}`);
      j.setSession(id, `sess-${id}`, 400, 1);
      expect(j.markAttempt(id, 1, 400)).toBe(0);
      j.commitPart(id, { partNumber: 1, size: 400, etag: '"e"', md5: 'm' }, { bytesSent: 400, bytesResent: 0 });
      j.saveCounters(id, 400, 0);
      j.setCompleted(id);
      j.freezeLessonCreate(id, 1);
      j.setLessonId(id, `lesson-${id}`);
      j.setState(id, 'done');
      expect(j.loadOne(id)).toMatchObject({ state: 'done', lessonId: `lesson-${id}` });
    };
    try {
      oneUpload('first');
      expect(prepare.mock.calls.length).toBeGreaterThan(0);
      prepare.mockClear();
      for (let n = 0; n < 20; n++) oneUpload(`later-${n}`);
      expect(prepare).not.toHaveBeenCalled();
      expect(j.loadAll()).toHaveLength(21);
    } finally {
      prepare.mockRestore();
      j.close();
    }
  });

  it('moves a damaged journal aside and says so', () => {
    const path = join(dir, 'uploads.sqlite');
    writeFileSync(path, 'this is not a database, just text that is long enough to be read as a header'.repeat(20));
    const notices: string[] = [];
    const j = new UploadJournal(path, (m) => notices.push(m));
    expect(j.loadAll()).toEqual([]);
    expect(notices[0]).toMatch(/was damaged; it was set aside as .+ \(not deleted\)/);
    j.close();
  });
});

describe('file identity', () => {
  it('notices a change of content at the start or end even with the same size and mtime', async () => {
    const path = join(dir, 'lecture_01-intro.mp4');
    const data = Buffer.alloc(3 * 1024 * 1024, 7);
    writeFileSync(path, data);
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(path, mtime, mtime);
    const first = await readIdentity(path);
    data[data.length - 1] = 8;
    writeFileSync(path, data);
    utimesSync(path, mtime, mtime);
    const second = await readIdentity(path);
    expect(second.size).toBe(first.size);
    expect(second.mtimeMs).toBe(first.mtimeMs);
    expect(sameIdentity(first, second)).toBe(false);
    expect(sameIdentity(second, await readIdentity(path))).toBe(true);
    expect(await md5OfRange(path, 1024, 4096)).toBe(createHash('md5').update(data.subarray(1024, 5120)).digest('hex'));
    expect(titleFromFileName(path)).toBe('lecture 01-intro');
  });

  it('stops an MD5 of a range at a signal aborted before or during it, leaving nothing to throw later', async () => {
    const path = join(dir, 'range.mp4');
    const data = Buffer.alloc(2 * 1024 * 1024, 3);
    writeFileSync(path, data);
    const before = new AbortController();
    before.abort(new Error('paused'));
    await expect(md5OfRange(path, 0, data.length, before.signal)).rejects.toMatchObject({ name: 'AbortError' });
    const during = new AbortController();
    const pending = md5OfRange(path, 0, data.length, during.signal);
    during.abort(new Error('paused'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // A read stream given an aborted signal emits its error a tick after its reader is gone; an
    // unhandled 'error' would surface here and fail the file.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await md5OfRange(path, 5, 100)).toBe(createHash('md5').update(data.subarray(5, 105)).digest('hex'));
  });

  it('refuses missing and empty files with a code', async () => {
    await expect(readIdentity(join(dir, 'nope.mp4'))).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
    writeFileSync(join(dir, 'empty.mp4'), '');
    await expect(readIdentity(join(dir, 'empty.mp4'))).rejects.toBeInstanceOf(FileAccessError);
  });
});
