// Main process / plain Node. The sandbox's stand-in for a server's video processing: a lesson given a
// `video_upload_id` reads PROCESSING for `processingMs`, then READY with the duration the prober reads
// from the stored bytes, or FAILED with the reason when the bytes are not media it can read. Lessons
// still PROCESSING when the sandbox stops finish after the next start (their due time is stored).
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer } from 'file-type';
import { MediaProbeError, durationSecondsOf, probeMediaChunks } from '../uploads/index.ts';
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

interface PendingLesson {
  id: string;
  video_upload_id: string;
  video_due_ms: number;
}

export class VideoProcessor {
  private readonly options: VideoProcessorOptions;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(options: VideoProcessorOptions) {
    this.options = options;
  }

  /** The lesson now references this upload: it reads PROCESSING until its processing ends. */
  begin(lessonId: string, uploadId: string | null): void {
    const { sql, processingMs } = this.options;
    clearTimeout(this.timers.get(lessonId));
    this.timers.delete(lessonId);
    if (uploadId === null) {
      sql.run(
        "UPDATE lessons SET video_status = NULL, video_error = '', video_due_ms = NULL, duration_seconds = 0 WHERE id = ?",
        lessonId,
      );
      return;
    }
    const due = Date.now() + processingMs;
    sql.run(
      "UPDATE lessons SET video_status = 'PROCESSING', video_error = '', video_due_ms = ?, duration_seconds = 0 WHERE id = ?",
      due,
      lessonId,
    );
    this.schedule({ id: lessonId, video_upload_id: uploadId, video_due_ms: due });
  }

  /** After a start: lessons a previous run left PROCESSING finish at their stored due time. */
  resumePending(): void {
    const rows = this.options.sql.all<PendingLesson>(
      "SELECT id, video_upload_id, video_due_ms FROM lessons WHERE video_status = 'PROCESSING' AND video_upload_id IS NOT NULL",
    );
    for (const row of rows) this.schedule({ ...row, video_due_ms: Number(row.video_due_ms ?? 0) });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(lesson: PendingLesson): void {
    if (this.closed) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(lesson.id);
        const work = this.finish(lesson).catch((error: unknown) =>
          this.options.log(`video processing of lesson ${lesson.id} broke: ${String(error)}`),
        );
        this.running.add(work);
        void work.finally(() => this.running.delete(work));
      },
      Math.max(0, lesson.video_due_ms - Date.now()),
    );
    timer.unref();
    this.timers.set(lesson.id, timer);
  }

  private async finish(lesson: PendingLesson): Promise<void> {
    const outcome = await this.probe(lesson.video_upload_id);
    if (this.closed) return;
    // Only if the lesson still waits for this very video (it may have been swapped or deleted).
    const { sql } = this.options;
    if ('error' in outcome) {
      sql.run(
        `UPDATE lessons SET video_status = 'FAILED', video_error = ?, video_due_ms = NULL
         WHERE id = ? AND video_upload_id = ? AND video_status = 'PROCESSING'`,
        outcome.error,
        lesson.id,
        lesson.video_upload_id,
      );
    } else {
      sql.run(
        `UPDATE lessons SET video_status = 'READY', video_error = '', video_due_ms = NULL, duration_seconds = ?
         WHERE id = ? AND video_upload_id = ? AND video_status = 'PROCESSING'`,
        outcome.durationSeconds,
        lesson.id,
        lesson.video_upload_id,
      );
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
    const type = await fileTypeFromBuffer(await read(4100, 0));
    if (!type || !(type.mime.startsWith('video/') || CONTAINERS_OUTSIDE_VIDEO_MIME.has(type.mime))) {
      return { error: `${name} is not a video the server can process.` };
    }
    try {
      const facts = await probeMediaChunks(name, size, read);
      if (!facts.videoCodec) return { error: `${name} holds no video track.` };
      return { durationSeconds: durationSecondsOf(facts) ?? 0 };
    } catch (error) {
      if (error instanceof MediaProbeError) return { error: `${name} is not a video the server can process.` };
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
