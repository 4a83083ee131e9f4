// Main process / plain Node. The sandbox's stand-in for a server's video processing: a lesson given a
// `video_upload_id` (or a course given a `preview_video_upload_id`) reads PROCESSING for
// `processingMs`, then READY (a lesson with the duration the prober reads from the stored bytes), or
// FAILED with the reason when the bytes are not media it can read. Videos still PROCESSING when the
// sandbox stops finish after the next start (their due time is stored).
import { open } from 'node:fs/promises';
import { FormatReadError, MediaProbeError, detectFormat, durationSecondsOf, probeMediaChunks } from '../media/index.ts';
import type { Sql } from './sql.ts';
import { partFile } from './uploads-repo.ts';

export const DEFAULT_PROCESSING_MS = 3000;

/** Video containers whose MIME type file-type does not put under `video/`. */
const CONTAINERS_OUTSIDE_VIDEO_MIME = new Set(['application/vnd.ms-asf', 'application/mxf']);

export interface VideoProcessorOptions {
  sql: Sql;
  storageDir: string;
  processingMs: number;
  log: (line: string) => void;
}

/** Where a processed video's state lives: a lesson's own video, or a course's preview video. */
interface Target {
  table: 'lessons' | 'courses';
  upload: string;
  status: string;
  error: string;
  due: string;
  /** What "no error" is stored as (a course's preview_video_error is "string or null"). */
  noError: string;
  /** Extra assignments while it processes, and when it is READY (`?` = the duration in seconds). */
  onBegin: string;
  onReady: string;
}

const LESSON: Target = {
  table: 'lessons',
  upload: 'video_upload_id',
  status: 'video_status',
  error: 'video_error',
  due: 'video_due_ms',
  noError: "''",
  onBegin: ', duration_seconds = 0',
  onReady: ', duration_seconds = ?',
};
const COURSE_PREVIEW: Target = {
  table: 'courses',
  upload: 'preview_video_upload_id',
  status: 'preview_video_status',
  error: 'preview_video_error',
  due: 'preview_video_due_ms',
  noError: 'NULL',
  onBegin: ", preview_video_ready = 'false'",
  onReady: ", preview_video_ready = 'true'",
};

interface Pending {
  target: Target;
  id: string;
  uploadId: string;
  dueMs: number;
}

export class VideoProcessor {
  private readonly options: VideoProcessorOptions;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** What each timer finishes, so a shorter processing time can bring it forward. */
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<Promise<void>>();
  private processingMs: number;
  private closed = false;

  constructor(options: VideoProcessorOptions) {
    this.options = options;
    this.processingMs = options.processingMs;
  }

  /**
   * How long videos started from now on read PROCESSING; those already processing finish no later
   * than that from now (a test holds a video in PROCESSING, then lets it finish).
   */
  setProcessingMs(ms: number): void {
    this.processingMs = ms;
    const due = Date.now() + ms;
    for (const pending of [...this.pending.values()]) {
      if (pending.dueMs <= due) continue;
      this.options.sql.run(
        `UPDATE ${pending.target.table} SET ${pending.target.due} = ? WHERE id = ?`,
        due,
        pending.id,
      );
      this.schedule({ ...pending, dueMs: due });
    }
  }

  /** The lesson now references this upload: it reads PROCESSING until its processing ends. */
  begin(lessonId: string, uploadId: string | null): void {
    this.start(LESSON, lessonId, uploadId);
  }

  /** The course's preview video is now this upload (ASSUMPTIONS.md "Course structure"): processed
   * as a lesson's video is, PROCESSING then READY or FAILED. */
  beginPreview(courseId: string, uploadId: string | null): void {
    this.start(COURSE_PREVIEW, courseId, uploadId);
  }

  /** After a start: videos a previous run left PROCESSING finish at their stored due time. */
  resumePending(): void {
    for (const target of [LESSON, COURSE_PREVIEW]) {
      const rows = this.options.sql.all<{ id: string; upload: string; due: number | null }>(
        `SELECT id, ${target.upload} AS upload, ${target.due} AS due FROM ${target.table}
         WHERE ${target.status} = 'PROCESSING' AND ${target.upload} IS NOT NULL`,
      );
      for (const row of rows) this.schedule({ target, id: row.id, uploadId: row.upload, dueMs: Number(row.due ?? 0) });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    await Promise.allSettled([...this.running]);
  }

  private start(target: Target, id: string, uploadId: string | null): void {
    const { sql } = this.options;
    const processingMs = this.processingMs;
    const key = `${target.table}:${id}`;
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
    this.pending.delete(key);
    if (uploadId === null) {
      sql.run(
        `UPDATE ${target.table} SET ${target.status} = ${target.table === 'courses' ? "'NONE'" : 'NULL'},
           ${target.error} = ${target.noError}, ${target.due} = NULL${target.onBegin} WHERE id = ?`,
        id,
      );
      return;
    }
    const due = Date.now() + processingMs;
    sql.run(
      `UPDATE ${target.table} SET ${target.status} = 'PROCESSING', ${target.error} = ${target.noError},
         ${target.due} = ?${target.onBegin} WHERE id = ?`,
      due,
      id,
    );
    this.schedule({ target, id, uploadId, dueMs: due });
  }

  private schedule(pending: Pending): void {
    if (this.closed) return;
    const key = `${pending.target.table}:${pending.id}`;
    clearTimeout(this.timers.get(key));
    this.pending.set(key, pending);
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        this.pending.delete(key);
        const work = this.finish(pending).catch((error: unknown) =>
          this.options.log(`video processing of ${key} broke: ${String(error)}`),
        );
        this.running.add(work);
        void work.finally(() => this.running.delete(work));
      },
      Math.max(0, pending.dueMs - Date.now()),
    );
    timer.unref();
    this.timers.set(key, timer);
  }

  private async finish({ target, id, uploadId }: Pending): Promise<void> {
    const outcome = await this.probe(uploadId);
    if (this.closed) return;
    // Only if it still waits for this very video (it may have been swapped or deleted).
    const { sql } = this.options;
    const still = `WHERE id = ? AND ${target.upload} = ? AND ${target.status} = 'PROCESSING'`;
    if ('error' in outcome) {
      sql.run(
        `UPDATE ${target.table} SET ${target.status} = 'FAILED', ${target.error} = ?, ${target.due} = NULL ${still}`,
        outcome.error,
        id,
        uploadId,
      );
    } else {
      const ready = `UPDATE ${target.table} SET ${target.status} = 'READY', ${target.error} = ${target.noError},
        ${target.due} = NULL${target.onReady} ${still}`;
      if (target === LESSON) sql.run(ready, outcome.durationSeconds, id, uploadId);
      else sql.run(ready, id, uploadId);
    }
  }

  private async probe(uploadId: string): Promise<{ durationSeconds: number } | { error: string }> {
    const { sql, storageDir } = this.options;
    const upload = sql.get<{ file_name: string }>('SELECT file_name FROM uploads WHERE id = ?', uploadId);
    const parts = sql.all<{ part_number: number; size: number }>(
      'SELECT part_number, size FROM upload_parts WHERE upload_id = ? ORDER BY part_number',
      uploadId,
    );
    const name = upload?.file_name ?? 'The video';
    const size = parts.reduce((sum, part) => sum + part.size, 0);
    if (size === 0) return { error: `${name} holds no bytes to process.` };
    const read = (chunkSize: number, offset: number) => readAcrossParts(storageDir, uploadId, parts, chunkSize, offset);
    // No container signature at the start: refused at once, without the prober scanning every byte.
    try {
      const type = await detectFormat(name, await read(4100, 0));
      if (!type || !(type.mime.startsWith('video/') || CONTAINERS_OUTSIDE_VIDEO_MIME.has(type.mime))) {
        return { error: `${name} is not a video the server can process.` };
      }
      const facts = await probeMediaChunks(name, size, read);
      if (!facts.videoCodec) return { error: `${name} holds no video track.` };
      return { durationSeconds: durationSecondsOf(facts) ?? 0 };
    } catch (error) {
      if (error instanceof MediaProbeError || error instanceof FormatReadError)
        return { error: `${name} is not a video the server can process.` };
      throw error;
    }
  }
}

/** `length` bytes from `offset` of the parts laid end to end (fewer at the end of the data). */
async function readAcrossParts(
  storageDir: string,
  uploadId: string,
  parts: readonly { part_number: number; size: number }[],
  length: number,
  offset: number,
): Promise<Uint8Array> {
  const out = Buffer.alloc(length);
  let filled = 0;
  let partStart = 0;
  for (const part of parts) {
    const partEnd = partStart + part.size;
    const want = offset + filled;
    if (filled < length && want < partEnd && want >= partStart) {
      const handle = await open(partFile(storageDir, uploadId, part.part_number), 'r');
      try {
        const count = Math.min(length - filled, partEnd - want);
        const { bytesRead } = await handle.read(out, filled, count, want - partStart);
        filled += bytesRead;
      } finally {
        await handle.close();
      }
    }
    partStart = partEnd;
  }
  return out.subarray(0, filled);
}
