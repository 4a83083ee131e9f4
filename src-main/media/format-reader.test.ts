// Tests (plain Node): the file-format parsers in their worker thread (format-worker.ts, started from
// source as the app and CLI start it from their bundles). Real files go through the real thread.
// A thread that dies mid-file (terminated from here, as a crash or the memory limit ends it) or
// works past the timeout gives the caller FormatReadError; this process lives on and the next file
// is read by a fresh thread.
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { FormatReadError, FormatReader } from './format-reader.ts';
import { checkVideoContainer, formatReader, prepareFileChecks, probeMedia } from './media-probe.ts';
import { inspectFile } from '../uploads/index.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(join(import.meta.dirname, 'test-fixtures', name)));
const readerOf = (bytes: Uint8Array) => async (chunkSize: number, offset: number) =>
  bytes.subarray(offset, offset + chunkSize);

/** Runs an ES module of source text in a child Node (the project's, TypeScript stripped) to its end. */
function runScript(source: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

function trackedReader(options: { timeoutMs?: number } = {}) {
  const workers: Worker[] = [];
  const reader = new FormatReader({ ...options, onWorker: (w) => workers.push(w) });
  return { reader, workers };
}

/** What the thread read from a whole file: its container and video codec. */
async function containerOf(reader: FormatReader, name: string, bytes: Uint8Array) {
  const analysis = await reader.analyse(name, bytes.length, readerOf(bytes));
  if (!analysis.ok) throw new Error(analysis.message);
  const tracks = analysis.result.media?.track ?? [];
  return {
    general: tracks.find((t) => t['@type'] === 'General')?.Format,
    video: tracks.find((t) => t['@type'] === 'Video')?.Format,
  };
}

describe('FormatReader', () => {
  it('reads real files in one reused thread: signatures and tracks', async () => {
    const { reader, workers } = trackedReader();
    try {
      const mp4 = fixture('h264-3s.mp4');
      expect(await reader.detect('a.mp4', mp4.slice(0, 4100))).toEqual({ ext: 'mp4', mime: 'video/mp4' });
      expect(await reader.detect('noise', new Uint8Array([0, 1, 2, 3, 255, 254]))).toBeNull();
      expect(await containerOf(reader, 'a.mp4', mp4)).toEqual({ general: 'MPEG-4', video: 'AVC' });
      expect(await containerOf(reader, 'b.webm', fixture('vp8-2s.webm'))).toEqual({ general: 'WebM', video: 'VP8' });
      const text = new TextEncoder().encode('not media at all\n'.repeat(100));
      expect((await containerOf(reader, 'notes.txt', text)).video).toBeUndefined();
      expect(workers).toHaveLength(1);
      // The thread runs under V8 heap limits of its own.
      expect(workers[0]!.resourceLimits).toMatchObject({ maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 });
    } finally {
      await reader.close();
    }
  });

  it('prepare() starts the thread before the first job, which then uses it; idle, it holds no process open', async () => {
    const { reader, workers } = trackedReader();
    try {
      reader.prepare();
      expect(workers).toHaveLength(1);
      const online = await new Promise<boolean>((resolve) => workers[0]!.once('online', () => resolve(true)));
      expect(online).toBe(true);
      reader.prepare(); // already running: no second thread
      expect(await reader.detect('a.mp4', fixture('h264-3s.mp4').slice(0, 4100))).toEqual({
        ext: 'mp4',
        mime: 'video/mp4',
      });
      expect(workers).toHaveLength(1);
      // unref'd: a child process that only prepared the reader exits by itself.
      const child = await runScript(
        `import { FormatReader } from ${JSON.stringify(join(import.meta.dirname, 'format-reader.ts'))};` +
          `new FormatReader().prepare(); console.log('prepared');`,
      );
      expect(child).toEqual({ code: 0, stdout: 'prepared\n' });
    } finally {
      await reader.close();
    }
  });

  it('a thread that dies mid-file gives FormatReadError, and the next file is read by a new one', async () => {
    const { reader, workers } = trackedReader();
    try {
      const mp4 = fixture('h264-3s.mp4');
      // Killed from outside while the prober is inside the file, as a crash or the heap limit would.
      const killing = async (chunkSize: number, offset: number) => {
        await workers.at(-1)!.terminate();
        return mp4.subarray(offset, offset + chunkSize);
      };
      const failed = reader.analyse('hostile.mp4', mp4.length, killing);
      await expect(failed).rejects.toBeInstanceOf(FormatReadError);
      await expect(failed).rejects.toThrow(/^Lectern could not read this file's format \(hostile\.mp4: the reader /);
      expect(await containerOf(reader, 'next.mp4', mp4)).toEqual({ general: 'MPEG-4', video: 'AVC' });
      expect(await reader.detect('next.mp4', mp4.slice(0, 4100))).toMatchObject({ mime: 'video/mp4' });
      expect(workers).toHaveLength(2);
    } finally {
      await reader.close();
    }
  });

  it('a thread working past the timeout is stopped with FormatReadError; the next file reads fine', async () => {
    // 1 ms: a new thread cannot even load its parsers in that time, so the limit is always passed.
    const { reader, workers } = trackedReader({ timeoutMs: 1 });
    try {
      const mp4 = fixture('h264-3s.mp4');
      const failed = reader.analyse('slow.mp4', mp4.length, readerOf(mp4));
      await expect(failed).rejects.toBeInstanceOf(FormatReadError);
      await expect(failed).rejects.toThrow(/slow\.mp4: the reader took longer than 1 ms and was stopped/);
      reader.timeoutMs = 60_000;
      expect(await containerOf(reader, 'next.mp4', mp4)).toEqual({ general: 'MPEG-4', video: 'AVC' });
      expect(workers).toHaveLength(2);
    } finally {
      await reader.close();
    }
  });

  it('the limit is the thread’s total working time on a file, not a fresh one per chunk', async () => {
    const { reader } = trackedReader();
    try {
      const mp4 = fixture('h264-3s.mp4');
      await containerOf(reader, 'warm.mp4', mp4); // the thread and its parsers loaded, outside the limit
      // 16 MiB of 8-byte boxes: 64 chunks, each about 20 ms of parsing, about 1.3 s in all.
      const size = 16 * 1024 * 1024;
      const boxes = Buffer.alloc(size);
      boxes.write('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2', 0, 'latin1');
      for (let at = 24; at + 8 <= size; at += 8) {
        boxes.writeUInt32BE(8, at);
        boxes.write('free', at + 4, 'latin1');
      }
      reader.timeoutMs = 300;
      let reads = 0;
      const failed = reader.analyse('boxes.mp4', size, async (length, offset) => {
        reads++;
        return boxes.subarray(offset, offset + length);
      });
      await expect(failed).rejects.toThrow(/boxes\.mp4: the reader took longer than 300 ms and was stopped/);
      // Re-armed at each chunk, it would have read on to the end (64 chunks).
      expect(reads).toBeGreaterThan(1);
      expect(reads).toBeLessThan(64);
      reader.timeoutMs = 60_000;
      expect(await containerOf(reader, 'next.mp4', mp4)).toEqual({ general: 'MPEG-4', video: 'AVC' });
    } finally {
      await reader.close();
    }
  });

  it("a failed read of the file itself reaches the caller as that error (not the thread's)", async () => {
    const { reader } = trackedReader();
    try {
      const gone = Object.assign(new Error('ENOENT: the file went away'), { code: 'ENOENT' });
      await expect(
        reader.analyse('gone.mp4', 1000, async () => {
          throw gone;
        }),
      ).rejects.toBe(gone);
      const mp4 = fixture('h264-3s.mp4');
      expect(await containerOf(reader, 'next.mp4', mp4)).toEqual({ general: 'MPEG-4', video: 'AVC' });
    } finally {
      await reader.close();
    }
  });
});

describe("the upload checks when the process's reader thread dies", () => {
  it('the pre-flight says the format could not be read; this process lives on and checks as before', async () => {
    const dir = tempDir('lectern-format-');
    // A WebM: main tells MP4 and MOV by their first bytes alone (video-signature.ts), without the thread.
    const video = join(dir, 'lecture.webm');
    copyFileSync(join(import.meta.dirname, 'test-fixtures', 'vp8-2s.webm'), video);
    const notes = join(dir, 'notes.mp4');
    writeFileSync(notes, 'Week 1 notes\n'.repeat(50));
    // A fresh thread for the next check, ended the moment it starts (as a crash would end it).
    await formatReader.close();
    let kill = true;
    formatReader.onWorker = (worker) => {
      if (!kill) return;
      kill = false;
      void worker.terminate();
    };
    try {
      await expect(inspectFile(video)).rejects.toMatchObject({
        code: 'FILE_UNREADABLE',
        message: expect.stringMatching(/^Lectern could not read this file's format \(lecture\.webm: the reader /),
      });
      expect(await inspectFile(video)).toMatchObject({ video: true, mime: 'video/webm', warnings: [] });
      expect(await checkVideoContainer(notes)).toEqual({
        ok: false,
        mime: null,
        reason: 'notes.mp4 is a text file, not a video.',
      });
    } finally {
      formatReader.onWorker = undefined;
    }
  });
});

describe('one thread for checks and probes (lectern upload, which probes once every file is decided)', () => {
  it('runs the probe on the signature thread: one thread started for both', async () => {
    const dir = tempDir('lectern-format-');
    const video = join(dir, 'lecture.webm');
    copyFileSync(join(import.meta.dirname, 'test-fixtures', 'vp8-2s.webm'), video);
    await formatReader.close();
    const started: Worker[] = [];
    const replies: string[] = [];
    formatReader.onWorker = (worker) => {
      started.push(worker);
      worker.on('message', (m: { t: string }) => replies.push(m.t));
    };
    try {
      prepareFileChecks({ probesAfterEveryCheck: true });
      expect(await checkVideoContainer(video)).toMatchObject({ ok: true, mime: 'video/webm' });
      expect(await probeMedia(video)).toMatchObject({ container: 'WebM', videoCodec: 'VP8' });
      expect(started).toHaveLength(1);
      expect(replies).toEqual(expect.arrayContaining(['detected', 'analysed']));
    } finally {
      formatReader.onWorker = undefined;
      await formatReader.close();
    }
  });
});
