// Test support (plain Node, used only by *.test.ts): a sandbox with a course and section to upload
// into, deterministic source files, and the sha256 of what the sandbox assembled.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import type { ApiClient } from '../../api/index.ts';
import { DATABASE_FILE } from '../../sandbox/index.ts';
import {
  makeTempDir,
  removeDir,
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../test-support/index.ts';
import { createUploadManager } from '../manager.ts';
import type { JournalRow } from '../journal.ts';
import type { UploadEvent, UploadManager, UploadManagerOptions, UploadRow } from '../types.ts';

export interface Harness {
  sandbox: TestSandbox;
  client: ApiClient;
  courseId: string;
  sectionId: string;
  dir: string;
  /** Only when restartable: the server (API and storage) goes away, every connection dropped. */
  stopServer(): Promise<void>;
  /** Only when restartable: the same server comes back on the same port with the same data. */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

/** The shared sandbox harness with the demo seed, plus a course and section to upload into. */
export async function startHarness(options: TestSandboxOptions = {}): Promise<Harness> {
  const sandbox = await startTestSandbox({ seed: 'demo', randomSeed: 42, ...options });
  const client = sandbox.client();
  const { courseId, sectionId } = await firstSection(client);
  const dir = makeTempDir('lectern-uploads-');
  return {
    sandbox,
    client,
    courseId,
    sectionId,
    dir,
    stopServer: () => sandbox.stop(),
    restartServer: () => sandbox.restart(),
    async close() {
      await sandbox.close();
      removeDir(dir);
    },
  };
}

/** A count read straight from the sandbox's database file (what the server really holds). */
export function sandboxCount(dataDir: string, sql: string, ...params: string[]): number {
  const db = new DatabaseSync(join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    const row = db.prepare(sql).get(...params) as { n: number };
    return Number(row.n);
  } finally {
    db.close();
  }
}

/** Upload sessions the sandbox holds for `fileName`. */
export function sessionsNamed(dataDir: string, fileName: string): number {
  return sandboxCount(dataDir, 'SELECT count(*) AS n FROM uploads WHERE file_name = ?', fileName);
}

/** Lessons the sandbox holds with this title in this section. */
export function lessonsTitled(dataDir: string, sectionId: string, title: string): number {
  return sandboxCount(
    dataDir,
    'SELECT count(*) AS n FROM lessons WHERE section_id = ? AND title = ?',
    sectionId,
    title,
  );
}

/** Parts the sandbox has stored for sessions of `fileName`. */
export function storedParts(dataDir: string, fileName: string): number {
  return sandboxCount(
    dataDir,
    'SELECT count(*) AS n FROM upload_parts p JOIN uploads u ON u.id = p.upload_id WHERE u.file_name = ?',
    fileName,
  );
}

export async function fileMd5(path: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * What the lesson itself says its video is: its `video_url` / `video_content_url` (waiting while
 * the server still processes it), which must be the upload's asset, and the MD5 of the bytes
 * fetched from there.
 */
export async function lessonVideo(
  client: ApiClient,
  target: { courseId: string; sectionId: string; lessonId: string },
  timeoutMs = 30_000,
): Promise<{ videoAsset: string; contentAsset: string; md5: string }> {
  const started = performance.now();
  for (;;) {
    const lesson = await client.lessons.get(target.courseId, target.sectionId, target.lessonId);
    if (lesson.video_url) {
      const response = await request(lesson.video_url);
      const hash = createHash('md5');
      for await (const chunk of response.body as AsyncIterable<Buffer>) hash.update(chunk);
      if (response.statusCode !== 200) throw new Error(`the lesson's video answered ${response.statusCode}`);
      return {
        videoAsset: unsigned(lesson.video_url),
        contentAsset: unsigned(lesson.video_content_url ?? ''),
        md5: hash.digest('hex'),
      };
    }
    if (lesson.video_status === 'FAILED') {
      throw new Error(`the server could not process lesson ${target.lessonId}'s video: ${lesson.video_error ?? ''}`);
    }
    if (performance.now() - started > timeoutMs) throw new Error(`lesson ${target.lessonId} has no video_url`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The asset address of a completed upload session, without its (time-dependent) signature. */
export async function assetOf(client: ApiClient, uploadId: string): Promise<string> {
  const session = (await client.uploads.get(uploadId)) as { status: string; asset_url: string };
  if (session.status !== 'COMPLETED') throw new Error(`upload ${uploadId} is ${session.status}`);
  return unsigned(session.asset_url);
}

function unsigned(url: string): string {
  if (url === '') return '';
  const u = new URL(url);
  return u.origin + u.pathname;
}

export async function firstSection(client: ApiClient): Promise<{ courseId: string; sectionId: string }> {
  for await (const course of client.courses.iterate()) {
    const page = await client.sections.list(course.id);
    const section = page.results[0];
    if (section) return { courseId: course.id, sectionId: section.id };
  }
  throw new Error('the demo seed has no section');
}

/** A real 3 s H.264/AAC MP4 (160×120): what makes a test file a video to the pre-flight check. */
export const VIDEO_FIXTURE = fileURLToPath(new URL('../../media/test-fixtures/h264-3s.mp4', import.meta.url));

/**
 * Writes `size` bytes: a real MP4 (cut to `size` when smaller) followed by pseudo-random bytes
 * (seeded, so every run uploads the same content). A container with trailing bytes is still a
 * video, so these pass the pre-flight check like a user's file.
 */
export async function makeFile(path: string, size: number, seed = 1): Promise<string> {
  const hash = createHash('sha256');
  const out = createWriteStream(path);
  const head = readFileSync(VIDEO_FIXTURE).subarray(0, size);
  hash.update(head);
  out.write(head);
  let state = seed >>> 0 || 1;
  let left = size - head.length;
  while (left > 0) {
    const length = Math.min(left, 64 * 1024);
    const words = Buffer.allocUnsafe(Math.ceil(length / 4) * 4);
    for (let i = 0; i < words.length; i += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      words.writeUInt32LE(state >>> 0, i);
    }
    const chunk = words.subarray(0, length);
    hash.update(chunk);
    left -= chunk.length;
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest('hex');
}

/** sha256 of the bytes the sandbox serves at the completed session's asset_url. */
export async function assetSha256(client: ApiClient, uploadId: string): Promise<string> {
  const session = (await client.uploads.get(uploadId)) as { status: string; asset_url: string };
  if (session.status !== 'COMPLETED') throw new Error(`upload ${uploadId} is ${session.status}`);
  const response = await request(session.asset_url);
  const hash = createHash('sha256');
  for await (const chunk of response.body as AsyncIterable<Buffer>) hash.update(chunk);
  if (response.statusCode !== 200) throw new Error(`asset answered ${response.statusCode}`);
  return hash.digest('hex');
}

export interface Recorded {
  manager: UploadManager;
  events: (UploadEvent & { at: number })[];
  rows: (id: string) => UploadRow[];
}

export function recordingManager(options: Omit<UploadManagerOptions, 'onEvent'>): Recorded {
  const events: (UploadEvent & { at: number })[] = [];
  const manager = createUploadManager({ ...options, onEvent: (e) => events.push({ ...e, at: performance.now() }) });
  return { manager, events, rows: (id) => events.filter((e) => e.row.id === id).map((e) => e.row) };
}

/** Progress as the UI draws it must only grow and end exactly at the total. */
export function checkProgress(rows: readonly UploadRow[]): string | null {
  let last = -1;
  for (const r of rows) {
    const shown = r.bytesConfirmed + r.bytesInFlight;
    if (shown > r.bytesTotal) return `shown ${shown} > total ${r.bytesTotal}`;
    if (r.bytesInFlight < 0) return `negative in-flight ${r.bytesInFlight}`;
    if (shown < last && r.notice === null) return `went back from ${last} to ${shown}`;
    last = shown;
  }
  const end = rows.at(-1);
  if (!end || end.state !== 'done') return `ended in state ${end?.state}`;
  if (end.bytesConfirmed !== end.bytesTotal || end.bytesInFlight !== 0) return 'done but not exactly at the total';
  return null;
}

/** A journal row for a file not yet begun: what `UploadJournal.insert` takes; tests override the rest. */
export function journalRowFixture(id: string, overrides: Partial<JournalRow> = {}): Omit<JournalRow, 'parts'> {
  return {
    id,
    position: 1,
    identity: { path: `/videos/${id}.mp4`, size: 1000, mtimeMs: 1714550000123.456, headSha256: 'h', tailSha256: 't' },
    fileName: `${id}.mp4`,
    contentType: 'video/mp4',
    target: { kind: 'new', courseId: 'c', sectionId: 's', title: `Title ${id}` },
    state: 'queued',
    sessionId: null,
    sessionKey: `sk-${id}`,
    partSize: null,
    totalParts: null,
    sessionCompleted: false,
    lessonKey: `lk-${id}`,
    attachAttempted: false,
    lessonId: null,
    bytesSent: 0,
    bytesResent: 0,
    error: null,
    notice: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    batchId: null,
    lessonOrder: null,
    video: { status: null, error: null, durationSeconds: null, checkedAt: null, polls: 0 },
    ...overrides,
  };
}
