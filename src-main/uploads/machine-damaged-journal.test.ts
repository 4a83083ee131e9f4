// Tests (plain Node): a damaged upload journal and one written by a newer Lectern, made for real.
// What was sent, and under which idempotency keys, exists only in the journal: the file is set
// aside (renamed, never deleted), the user is told where, and every row SQLite can still read is
// carried over, so the next run resumes those uploads instead of sending them a second time.
// The CLI shows the same notice on stderr and goes on.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { UploadJournal } from './journal.ts';
import { uploadJournalPath } from './journal-path.ts';
import { crashTextIn, runLectern } from './test-support/machine.ts';
import { journalRowFixture, startHarness, type Harness } from './test-support/index.ts';

let dir: string;
beforeEach(() => {
  dir = tempDir('lectern-journal-damage-');
});

/** A journal of `n` uploads, each with a session and two finished parts. */
function writeJournal(path: string, n: number): void {
  const j = new UploadJournal(path);
  for (let i = 0; i < n; i++) {
    const id = `u${i}`;
    j.insert(journalRowFixture(id, { position: i + 1, fileName: `${'f'.repeat(900)}${i}.mp4` }));
    j.setSession(id, `session-${i}`, 1000, 2);
    for (const part of [1, 2])
      j.commitPart(
        id,
        { partNumber: part, size: 500, etag: `e${part}`, md5: 'm' },
        { bytesSent: 1000, bytesResent: 0 },
      );
  }
  j.close();
}

const asideIn = (folder: string, kind: string) =>
  readdirSync(folder).filter((f) => f.includes(`.${kind}-`) && !/-(wal|shm)$/.test(f));

describe('a damaged upload journal', () => {
  it('written by a newer Lectern: set aside, its uploads carried over with their sessions and keys', () => {
    const path = join(dir, 'uploads.db');
    writeJournal(path, 3);
    const raw = new DatabaseSync(path);
    raw.exec('ALTER TABLE uploads ADD COLUMN from_the_future TEXT; PRAGMA user_version = 99');
    raw.close();

    const notices: string[] = [];
    const j = new UploadJournal(path, (m) => notices.push(m));
    try {
      const [moved] = asideIn(dir, 'newer');
      expect(moved).toBeDefined();
      expect(notices).toEqual([
        expect.stringContaining(`written by a newer Lectern; it was set aside as ${join(dir, moved!)}`),
      ]);
      expect(notices[0]).toMatch(/uploads: 3, upload_parts: 6/);
      expect(notices[0]).toMatch(/Update Lectern to use the set-aside file again/);
      const rows = j.loadAll();
      expect(
        rows.map((r) => [r.id, r.sessionId, r.sessionKey, r.lessonKey, r.parts.filter((p) => p.done).length]),
      ).toEqual([
        ['u0', 'session-0', 'sk-u0', 'lk-u0', 2],
        ['u1', 'session-1', 'sk-u1', 'lk-u1', 2],
        ['u2', 'session-2', 'sk-u2', 'lk-u2', 2],
      ]);
    } finally {
      j.close();
    }
    // The set-aside file still says what the newer Lectern wrote.
    const aside = new DatabaseSync(join(dir, asideIn(dir, 'newer')[0]!), { readOnly: true });
    expect(aside.prepare('PRAGMA user_version').get()).toEqual({ user_version: 99 });
    aside.close();
  });

  it('with a page overwritten: set aside, the uploads SQLite can still read carried over', () => {
    const path = join(dir, 'uploads.db');
    writeJournal(path, 40);
    const raw = new DatabaseSync(path);
    raw.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    const pages = Number((raw.prepare('PRAGMA page_count').get() as { page_count: number }).page_count);
    raw.close();
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(pages / 2) * 4096);
    closeSync(fd);
    const size = statSync(path).size;

    const notices: string[] = [];
    const j = new UploadJournal(path, (m) => notices.push(m));
    try {
      const [moved] = asideIn(dir, 'corrupt');
      expect(statSync(join(dir, moved!)).size).toBe(size);
      expect(notices[0]).toMatch(/was damaged; it was set aside as .+ \(not deleted\)/);
      const rows = j.loadAll();
      expect(rows.length).toBeGreaterThan(20);
      expect(rows.length).toBeLessThanOrEqual(40);
      for (const r of rows) expect(r.sessionKey).toBe(`sk-${r.id}`);
    } finally {
      j.close();
    }
  });
});

describe('the CLI with a damaged journal', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('says where the damaged journal went, starts a fresh one and goes on', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'cli');
    const path = uploadJournalPath({ dataDir, baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.tenantAdmin });
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, Buffer.alloc(8192, 0x42));
    const listed = await runLectern(h, ['uploads', 'list', '--data-dir', dataDir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('No uploads in the journal.');
    expect(listed.stderr).toMatch(
      /The database .+uploads\.db was damaged; it was set aside as .+uploads\.db\.corrupt-.+ \(not deleted\)/,
    );
    expect(crashTextIn(listed.stderr)).toBeNull();
    expect(existsSync(path)).toBe(true);
    expect(asideIn(dirname(path), 'corrupt')).toHaveLength(1);
  });
});
