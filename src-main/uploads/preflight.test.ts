// Tests (plain Node): the pre-flight check on real files (small real videos, a text file named
// .mp4, a video with trailing bytes) and duplicates found through a real journal SQLite file.
import { copyFileSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { openDatabase } from '../store/index.ts';
import { sampleOffsets } from './duplicates.ts';
import { journalMigrations as migrations } from './migrations/index.ts';
import { UploadJournal, type JournalRow } from './journal.ts';
import { createUploadManager } from './manager.ts';
import {
  describeMedia,
  findDuplicates,
  inspectFile,
  knownUploads,
  rerunOf,
  storedCheckOf,
  type FileCheck,
  type KnownUpload,
} from './preflight.ts';
import { journalRowFixture } from './test-support/index.ts';
import { checkStagedFiles, requireVideos } from './staging.ts';
import type { UploadApi } from './types.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../media/test-fixtures/${name}`, import.meta.url));
const SECTION = { courseId: 'c1', sectionId: 's1' };

let dir: string;
beforeEach(() => {
  dir = tempDir('lectern-preflight-');
});

/** A real MP4 followed by `extra` bytes of a seeded pattern (a container with trailing bytes). */
function videoWithTrailer(name: string, extra: number, seed = 1): string {
  const path = join(dir, name);
  const trailer = Buffer.alloc(extra);
  for (let i = 0; i < extra; i++) trailer[i] = (i * 31 + seed * 7) & 0xff;
  writeFileSync(path, Buffer.concat([readFileSync(fixture('h264-3s.mp4')), trailer]));
  return path;
}

function journalRow(id: string, path: string, overrides: Partial<JournalRow> = {}): Omit<JournalRow, 'parts'> {
  return journalRowFixture(id, {
    identity: { path, size: 1, mtimeMs: 1, headSha256: 'h', tailSha256: 't' },
    fileName: path.split('/').pop()!,
    target: { kind: 'new', ...SECTION, title: 'Lesson' },
    ...overrides,
  });
}

/** The journal as the app reads it back: a manager over the file (never started, so no API call). */
async function known(journalPath: string): Promise<KnownUpload[]> {
  const manager = createUploadManager({ journalPath, api: {} as UploadApi, md5Workers: 0 });
  try {
    return knownUploads(manager);
  } finally {
    await manager.close();
  }
}

describe('inspectFile', () => {
  it('refuses a text file named .mp4 with the reason, by its bytes', async () => {
    const notes = join(dir, 'notes.mp4');
    writeFileSync(notes, 'Lesson notes\nBring a hard hat.\n');
    const check = await inspectFile(notes);
    expect(check).toMatchObject({ video: false, reason: 'notes.mp4 is a text file, not a video.', media: null });
  });

  it('accepts a real MP4 with trailing bytes and reads what it holds', async () => {
    const path = videoWithTrailer('walkthrough.mp4', 3 * 1024 * 1024);
    const check = await inspectFile(path);
    expect(check).toMatchObject({ video: true, reason: null, mime: 'video/mp4', warnings: [] });
    expect(check.media).toMatchObject({ videoCodec: 'AVC', audioCodec: 'AAC', width: 160, height: 120 });
    expect(check.media!.durationSeconds).toBeCloseTo(3, 0);
    expect(describeMedia(check.media)).toBe('0:03 · 160×120 · AVC + AAC');
  });

  it('warns, without refusing, on HEVC and on a file with no video track', async () => {
    const hevc = await inspectFile(fixture('hevc-2s.mp4'));
    expect([hevc.video, hevc.warnings.map((w) => w.code)]).toEqual([true, ['HEVC']]);
    const audio = await inspectFile(fixture('audio-only.mp4'));
    expect([audio.video, audio.warnings.map((w) => w.code)]).toEqual([true, ['NO_VIDEO_TRACK']]);
  });

  it('reports a missing file as the engine does', async () => {
    await expect(inspectFile(join(dir, 'gone.mp4'))).rejects.toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
});

describe('content fingerprint', () => {
  it('samples fixed positions, and every byte of a small file', () => {
    expect(sampleOffsets(100)).toEqual([0]);
    expect(sampleOffsets(200 * 1024)).toEqual([0, 65536, 131072, 196608]);
    const big = sampleOffsets(10 * 1024 * 1024);
    expect(big).toHaveLength(5);
    expect([big[0], big[4]]).toEqual([0, 10 * 1024 * 1024 - 65536]);
  });

  it('a copy is the same content; a change between the samples is caught by the full hash', async () => {
    const original = videoWithTrailer('a.mp4', 2 * 1024 * 1024);
    const copy = join(dir, 'copy of a.mp4');
    copyFileSync(original, copy);
    const edited = join(dir, 'edited a.mp4');
    const bytes = readFileSync(original);
    const between = 150_000; // not inside any sample of a ~2 MiB file
    expect(sampleOffsets(bytes.length).some((o) => between >= o && between < o + 65536)).toBe(false);
    bytes[between] = bytes[between]! ^ 0xff;
    writeFileSync(edited, bytes);

    const [a, b, c] = (await Promise.all([original, copy, edited].map(inspectFile))) as [
      FileCheck,
      FileCheck,
      FileCheck,
    ];
    expect(b.content.sampleSha256).toBe(a.content.sampleSha256);
    expect(c.content.sampleSha256).toBe(a.content.sampleSha256);

    const context = { known: [], earlier: [a], section: null };
    expect(await findDuplicates(b, context)).toEqual([
      expect.objectContaining({ kind: 'batch', sameContent: true, message: 'Same video as a.mp4 in this batch.' }),
    ]);
    expect(await findDuplicates(c, context)).toEqual([]);
    expect(b.content.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('duplicates against the journal and the chosen section', () => {
  it('finds content queued, uploaded, or still a lesson of the section; a rerun of the same file is a resume', async () => {
    const journalPath = join(dir, 'uploads.sqlite');
    const uploaded = videoWithTrailer('site walkthrough.mp4', 1024 * 1024, 2);
    const queuedFile = videoWithTrailer('queued.mp4', 1024 * 1024, 3);
    const journal = new UploadJournal(journalPath);
    journal.insert(journalRow('done-1', uploaded, { state: 'done' }));
    journal.setLessonId('done-1', 'lesson-1');
    journal.setFileCheck('done-1', storedCheckOf(await inspectFile(uploaded)));
    journal.insert(journalRow('queued-1', queuedFile));
    journal.setFileCheck('queued-1', storedCheckOf(await inspectFile(queuedFile)));
    journal.close();
    const rows = await known(journalPath);
    expect(rows.find((r) => r.row.id === 'done-1')!.check!.media).toMatchObject({ videoCodec: 'AVC' });

    const again = join(dir, 'again.mp4');
    copyFileSync(uploaded, again);
    const check = await inspectFile(again);
    const lessons = [{ id: 'lesson-1', title: 'Site walkthrough', duration_seconds: 0 }];

    const inSection = await findDuplicates(check, { known: rows, earlier: [], section: { ...SECTION, lessons } });
    expect(inSection[0]).toMatchObject({ kind: 'in-section', sameContent: true, lessonId: 'lesson-1' });
    expect(inSection[0]!.message).toBe(
      'Already in this section as “Site walkthrough” (uploaded from site walkthrough.mp4 on 2026-11-20).',
    );
    // The lesson was deleted since: still uploaded before, no longer in the section.
    const deleted = await findDuplicates(check, { known: rows, earlier: [], section: { ...SECTION, lessons: [] } });
    expect(deleted.map((h) => h.kind)).toEqual(['uploaded']);

    const queuedCopy = join(dir, 'queued copy.mp4');
    copyFileSync(queuedFile, queuedCopy);
    const queued = await findDuplicates(await inspectFile(queuedCopy), { known: rows, earlier: [], section: null });
    expect(queued).toEqual([
      expect.objectContaining({
        kind: 'queued',
        message: 'Same video as queued.mp4, already in the upload list (queued).',
      }),
    ]);

    // The CLI run again with the same file and target resumes that row: not a duplicate of itself.
    const rerun = await findDuplicates(await inspectFile(queuedFile), {
      known: rows,
      earlier: [],
      section: null,
      resumeTarget: { kind: 'new', ...SECTION, title: '' },
    });
    expect(rerun).toEqual([]);
    // Such a rerun is known without reading the file again, until the file changes.
    const target = { kind: 'new' as const, ...SECTION, title: '' };
    expect((await rerunOf(rows, queuedFile, target))?.row.id).toBe('queued-1');
    expect(await rerunOf(rows, queuedFile, { ...target, sectionId: 'other' })).toBeUndefined();
    utimesSync(queuedFile, new Date(), new Date(Date.now() + 5000));
    expect(await rerunOf(rows, queuedFile, target)).toBeUndefined();
  });

  it('keeps the sampled match when the uploaded original is gone and no full hash was stored', async () => {
    const journalPath = join(dir, 'uploads.sqlite');
    const original = videoWithTrailer('moved.mp4', 512 * 1024, 4);
    const copy = join(dir, 'copy.mp4');
    copyFileSync(original, copy);
    const journal = new UploadJournal(journalPath);
    journal.insert(journalRow('done-2', original, { state: 'done' }));
    journal.setLessonId('done-2', 'l2');
    journal.setFileCheck('done-2', storedCheckOf(await inspectFile(original)));
    journal.close();
    rmSync(original);
    const hits = await findDuplicates(await inspectFile(copy), {
      known: await known(journalPath),
      earlier: [],
      section: null,
    });
    expect(hits).toEqual([expect.objectContaining({ kind: 'uploaded', sameContent: true })]);
  });

  it('hints at a lesson of the section with the same title and length', async () => {
    const path = videoWithTrailer('Fire drill.mp4', 1000, 5);
    const check = await inspectFile(path);
    const lessons = [
      { id: 'l-same', title: 'Fire drill', duration_seconds: 3 },
      { id: 'l-longer', title: 'Fire drill', duration_seconds: 30 },
    ];
    const hits = await findDuplicates(check, { known: [], earlier: [], section: { ...SECTION, lessons } });
    expect(hits).toEqual([expect.objectContaining({ kind: 'similar-lesson', sameContent: false, lessonId: 'l-same' })]);
  });
});

describe('journal migration', () => {
  it('adds the file-check table to a journal written before it, keeping its uploads', () => {
    const v1Path = join(dir, 'v1.sqlite');
    const v1 = openDatabase({ path: v1Path, migrations: migrations.slice(0, 1) });
    v1.prepare(
      `INSERT INTO uploads (id, position, path, file_name, content_type, size, mtime_ms, head_sha256, tail_sha256,
         target_kind, course_id, section_id, title, state, session_key, lesson_key, created_at, updated_at)
       VALUES ('u1', 1, '/v/a.mp4', 'a.mp4', 'video/mp4', 10, 1, 'h', 't', 'new', 'c', 's', 'A', 'done', 'sk', 'lk', 'x', 'x')`,
    ).run();
    v1.close();
    const journal = new UploadJournal(v1Path);
    expect(journal.loadAll().map((r) => r.id)).toEqual(['u1']);
    expect(journal.loadFileChecks().size).toBe(0);
    const check = {
      mime: 'video/mp4',
      media: null,
      content: { size: 10, sampleSha256: 's', sha256: null },
      mtimeMs: 5,
    };
    journal.setFileCheck('u1', check);
    expect(journal.loadFileChecks().get('u1')).toEqual(check);
    journal.delete('u1');
    expect(journal.loadFileChecks().size).toBe(0);
    journal.close();
  });
});

describe('the app side: staged rows and the guard before the engine', () => {
  it('refuses a batch holding a non-video before anything is added, and describes staged files', async () => {
    const notes = join(dir, 'notes.mp4');
    writeFileSync(notes, 'not a video\n');
    const video = videoWithTrailer('clip.mp4', 4096, 6);
    await expect(requireVideos([video, notes])).rejects.toMatchObject({
      code: 'NOT_A_VIDEO',
      message: 'notes.mp4 is a text file, not a video.',
    });
    const [stored] = await requireVideos([video]);
    expect(stored!.media).toMatchObject({ videoCodec: 'AVC', width: 160 });

    const copy = join(dir, 'clip again.mp4');
    copyFileSync(video, copy);
    const manager = createUploadManager({
      journalPath: join(dir, 'uploads.sqlite'),
      api: {} as UploadApi,
      md5Workers: 0,
    });
    try {
      const rows = await checkStagedFiles(
        [
          { handle: 'h-notes', path: notes },
          { handle: 'h-clip', path: video },
          { handle: 'h-copy', path: copy },
          { handle: 'h-gone', path: join(dir, 'gone.mp4') },
        ],
        { manager, section: null, loadLessons: async () => null },
      );
      expect(rows).toEqual([
        expect.objectContaining({ handle: 'h-notes', video: false, reason: 'notes.mp4 is a text file, not a video.' }),
        expect.objectContaining({
          handle: 'h-clip',
          video: true,
          duplicates: [],
          media: expect.objectContaining({ summary: '0:03 · 160×120 · AVC + AAC', durationSeconds: 3 }),
        }),
        expect.objectContaining({
          handle: 'h-copy',
          duplicates: [{ kind: 'batch', message: 'Same video as clip.mp4 in this batch.', sameContent: true }],
        }),
        expect.objectContaining({ handle: 'h-gone', video: false, reason: 'gone.mp4 was not found.' }),
      ]);
    } finally {
      await manager.close();
    }
  });
});
