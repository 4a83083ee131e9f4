// Tests (plain Node): `lectern upload`'s pre-flight as a user runs it — the real CLI in a child
// process against the sandbox over real HTTP, whose SQLite file tells how many upload sessions
// exist: a text file named .mp4 is refused with no session; a real MP4 with trailing bytes is
// uploaded; the same content again is skipped with a notice, and uploaded with --allow-duplicates.
import { testChildEntry } from '../test-support/children.ts';
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../sandbox/index.ts';
import { uploadJournalPath } from './journal-path.ts';
import { createUploadManager } from './manager.ts';
import { assetSha256, makeFile, startHarness, type Harness } from './test-support/index.ts';

const MAIN = testChildEntry('lectern');
const PART = 256 * 1024;
let h: Harness;
let sandboxDir: string;

beforeAll(async () => {
  h = await startHarness({ partSize: PART, restartable: true });
  sandboxDir = h.sandbox.dataDir!;
});
afterAll(async () => {
  await h?.close();
});

/** Upload sessions the sandbox holds, read from its own database file. */
function sessionCount(): number {
  const db = new DatabaseSync(join(sandboxDir, DATABASE_FILE), { readOnly: true });
  try {
    return Number((db.prepare('SELECT count(*) AS n FROM uploads').get() as { n: number }).n);
  } finally {
    db.close();
  }
}

interface Result {
  code: number | null;
  stderr: string;
  uploads: Record<string, unknown>[];
}

function lectern(args: string[], baseUrl = h.sandbox.baseUrl): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args, '--json', '--base-url', baseUrl], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      const uploads = last ? (JSON.parse(last) as { uploads: Record<string, unknown>[] }).uploads : [];
      resolve({ code, stderr, uploads });
    });
  });
}

describe('lectern upload pre-flight', () => {
  it('refuses a text file named .mp4 before any session, and uploads a real MP4 with trailing bytes', async () => {
    const dataDir = join(h.dir, 'refuse');
    mkdirSync(dataDir);
    const notes = join(h.dir, 'notes.mp4');
    writeFileSync(notes, 'Week 1 notes: bring a hard hat.\n');
    // Named .mov but MP4 inside: the session gets the type the bytes show.
    const video = join(h.dir, 'site walkthrough.mov');
    const sha = await makeFile(video, 6 * PART + 11, 41);
    const section = `${h.courseId}/${h.sectionId}`;
    const before = sessionCount();

    const onlyText = await lectern(['upload', notes, '--section', section, '--data-dir', dataDir]);
    expect(onlyText.code).toBe(2);
    expect(onlyText.stderr).toContain('notes.mp4 is a text file, not a video. Not uploaded.');
    expect(onlyText.uploads).toEqual([]);
    expect(sessionCount()).toBe(before);

    // With a real video beside it: the video goes up, the text file still makes the run fail.
    const mixed = await lectern(['upload', notes, video, '--section', section, '--data-dir', dataDir]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('notes.mp4 is a text file, not a video.');
    expect(mixed.stderr).toContain('site walkthrough.mov: 0:03 · 160×120 · AVC + AAC');
    expect(mixed.uploads).toEqual([expect.objectContaining({ file: video, status: 'done' })]);
    expect(sessionCount()).toBe(before + 1);
    expect(await assetSha256(h.client, String(mixed.uploads[0]!.uploadId))).toBe(sha);
    expect(await h.client.uploads.get(String(mixed.uploads[0]!.uploadId))).toMatchObject({
      content_type: 'video/mp4',
      file_name: 'site walkthrough.mov',
    });
    const lesson = await h.client.lessons.get(h.courseId, h.sectionId, String(mixed.uploads[0]!.lessonId));
    expect(lesson.title).toBe('site walkthrough');

    // The journal keeps what was read from the file.
    const journalPath = uploadJournalPath({ dataDir, baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.tenantAdmin });
    const journal = new DatabaseSync(journalPath, { readOnly: true });
    const stored = journal.prepare('SELECT * FROM upload_file_checks').all();
    journal.close();
    expect(stored).toEqual([
      expect.objectContaining({ mime: 'video/mp4', video_codec: 'AVC', width: 160, height: 120, size: 6 * PART + 11 }),
    ]);
    expect(Number(stored[0]!.duration_seconds)).toBeCloseTo(3, 0);
  });

  it('skips the same content with a notice, and uploads it with --allow-duplicates', async () => {
    const dataDir = join(h.dir, 'dupes');
    mkdirSync(dataDir);
    const first = join(h.dir, 'fire drill.mp4');
    await makeFile(first, 4 * PART, 42);
    const copy = join(h.dir, 'fire drill (copy).mp4');
    copyFileSync(first, copy);
    const section = `${h.courseId}/${h.sectionId}`;

    // Two copies in one run: the second is skipped.
    const once = await lectern(['upload', first, copy, '--section', section, '--data-dir', dataDir]);
    expect(once.code).toBe(0);
    expect(once.stderr).toContain(
      'fire drill (copy).mp4: skipped, a duplicate. Same video as fire drill.mp4 in this batch.',
    );
    expect(once.uploads.map((u) => [u.file, u.status])).toEqual([[first, 'done']]);
    const sessions = sessionCount();

    // Later, the copy alone: its content is a lesson of this section already.
    const later = await lectern(['upload', copy, '--section', section, '--data-dir', dataDir]);
    expect(later.code).toBe(0);
    expect(later.stderr).toMatch(
      /fire drill \(copy\)\.mp4: skipped, a duplicate\. Already in this section as “fire drill” \(uploaded from fire drill\.mp4 on \d{4}-\d\d-\d\d\)\. \(--allow-duplicates uploads it anyway\)/,
    );
    expect(later.uploads).toEqual([]);
    expect(sessionCount()).toBe(sessions);

    const anyway = await lectern(['upload', copy, '--section', section, '--allow-duplicates', '--data-dir', dataDir]);
    expect(anyway.code).toBe(0);
    expect(anyway.stderr).toContain('fire drill (copy).mp4: a duplicate, uploaded anyway (--allow-duplicates).');
    expect(anyway.uploads).toEqual([expect.objectContaining({ file: copy, status: 'done' })]);
    expect(sessionCount()).toBe(sessions + 1);
  });

  it('starts a new file’s upload session without waiting for the section read', async () => {
    // A proxy in front of the sandbox holds the answer to the section read until an upload session
    // is asked for: a CLI that waited for the read first would only go on when the proxy gives up.
    const upstream = new URL(h.sandbox.baseUrl);
    let sessionAsked!: () => void;
    const session = new Promise<'session'>((resolve) => (sessionAsked = () => resolve('session')));
    const released: string[] = [];
    const forward = (req: IncomingMessage, res: ServerResponse) => {
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(out);
    };
    const proxy = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'POST' && /\/uploads$/.test(path)) sessionAsked();
      if (req.method === 'GET' && path.endsWith(`/sections/${h.sectionId}`)) {
        const gaveUp = new Promise<'gave up'>((resolve) => setTimeout(() => resolve('gave up'), 30_000).unref());
        void Promise.race([session, gaveUp]).then((why) => {
          released.push(why);
          forward(req, res);
        });
        return;
      }
      forward(req, res);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const dataDir = join(h.dir, 'no-wait');
      mkdirSync(dataDir);
      const video = join(h.dir, 'ladder safety.mp4');
      await makeFile(video, 2 * PART, 43);
      const base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`;
      const run = await lectern(
        ['upload', video, '--section', `${h.courseId}/${h.sectionId}`, '--data-dir', dataDir],
        base,
      );
      expect(run.code).toBe(0);
      expect(run.uploads).toEqual([expect.objectContaining({ file: video, status: 'done' })]);
      expect(released[0]).toBe('session');
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('the same command run again after a stop keeps one batch: files the stopped run had not added join it', async () => {
    // A run stopped after adding the first two files (before it read the third): their rows wait
    // in the journal, in one batch.
    const dataDir = join(h.dir, 'continued');
    mkdirSync(dataDir);
    const files = ['intro', 'setup', 'wrap-up'].map((name) => join(h.dir, `${name}.mp4`));
    for (const [i, file] of files.entries()) await makeFile(file, 2 * PART + i, 60 + i);
    const journalPath = uploadJournalPath({ dataDir, baseUrl: h.sandbox.baseUrl, apiKey: h.sandbox.keys.tenantAdmin });
    mkdirSync(dirname(journalPath), { recursive: true });
    const stopped = createUploadManager({ journalPath, api: h.client, md5Workers: 0 });
    const target = { kind: 'new' as const, courseId: h.courseId, sectionId: h.sectionId, title: '' };
    await stopped.add(
      files.slice(0, 2).map((path) => ({ path, lessonTarget: { ...target, title: basename(path, '.mp4') } })),
      { batchId: 'stopped-run' },
    );
    await stopped.close();

    const run = await lectern(['upload', ...files, '--section', `${h.courseId}/${h.sectionId}`, '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.uploads.map((u) => u.status)).toEqual(['done', 'done', 'done']);
    const journal = new DatabaseSync(journalPath, { readOnly: true });
    const batches = journal.prepare('SELECT path, batch_id FROM uploads ORDER BY position').all();
    journal.close();
    expect(batches).toEqual(files.map((path) => ({ path, batch_id: 'stopped-run' })));
    const titles = (await h.client.sections.get(h.courseId, h.sectionId))
      .lessons!.sort((a, b) => a.order! - b.order!)
      .map((l) => l.title)
      .filter((t) => ['intro', 'setup', 'wrap-up'].includes(t!));
    expect(titles).toEqual(['intro', 'setup', 'wrap-up']);
  });
});
