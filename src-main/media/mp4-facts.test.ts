// Tests (plain Node): the facts main reads from a plain MP4 / MOV are mediainfo's for the same
// bytes (every fixture, made with ffmpeg: see test-fixtures/README.md); files that are not plain
// (variable frame rate, no video, fragments) are left to mediainfo; damaged and hostile boxes give
// null without throwing or spinning; and a probe of a plain file starts no thread.
import fc from 'fast-check';
import { open, readFile } from 'node:fs/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import type { Worker } from 'node:worker_threads';
import {
  analyseWithMediainfo,
  detectFormat,
  formatReader,
  prepareFileChecks,
  probeMedia,
  probeMediaChunks,
} from './media-probe.ts';
import type { ReadBytes } from './format-reader.ts';
import { plainMp4Facts, readsOf } from './mp4-facts.ts';

const fixture = (name: string): string => join(import.meta.dirname, 'test-fixtures', name);

async function factsInMain(path: string) {
  const handle = await open(path);
  try {
    return await plainMp4Facts(readsOf(handle), (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/** Reads of bytes in memory (as the sandbox's stored parts are read). */
const readsOfBytes =
  (bytes: Buffer): ReadBytes =>
  async (length, position) =>
    bytes.subarray(position, position + length);

/** What mediainfo (in its thread) reads from the same bytes. */
async function factsByMediainfo(path: string) {
  const bytes = await readFile(path);
  return analyseWithMediainfo(path, bytes.length, readsOfBytes(bytes));
}

describe('plain MP4 / MOV facts read in main', () => {
  it.each([
    'h264-3s.mp4',
    'hevc-2s.mp4',
    'h264-1080p-ntsc.mp4',
    'h264-mp42-360p.mp4',
    'h264-bframes.mp4',
    'h264-1s.mov',
  ])('%s: the same facts as mediainfo', async (name) => {
    const inMain = await factsInMain(fixture(name));
    expect(inMain).not.toBeNull();
    expect(inMain).toEqual(await factsByMediainfo(fixture(name)));
  });

  it.each([
    ['vfr-h264.mp4', 'samples of several durations'],
    ['audio-only.mp4', 'no video track'],
    ['fragmented.mp4', 'samples in fragments'],
    ['vp8-2s.webm', 'not an MP4 at all'],
  ])('%s is left to mediainfo (%s)', async (name) => {
    expect(await factsInMain(fixture(name))).toBeNull();
    await expect(probeMedia(fixture(name))).resolves.toBeTruthy();
  });

  it('gives null, without throwing, for a truncated file and for boxes that claim too much or too little', async () => {
    const dir = tempDir('lectern-mp4-facts-');
    const whole = readFileSync(fixture('h264-3s.mp4'));
    const cases: Record<string, Buffer> = {
      truncated: whole.subarray(0, whole.length - 100),
      // The first box says it is 4 bytes long (shorter than its own header).
      tiny: Buffer.concat([Buffer.from([0, 0, 0, 4]), whole.subarray(4)]),
      // The first box says it runs past the end of the file.
      huge: Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xf0]), whole.subarray(4)]),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const path = join(dir, `${name}.mp4`);
      writeFileSync(path, bytes);
      expect(await factsInMain(path), name).toBeNull();
    }
  });

  it('never throws on damaged bytes: any answer is null or facts of the plain shape', async () => {
    const dir = tempDir('lectern-mp4-fuzz-');
    const whole = readFileSync(fixture('h264-1080p-ntsc.mp4'));
    const moovAt = whole.indexOf('moov') - 4;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat({ max: whole.length - moovAt - 1 }), fc.nat({ max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
        async (flips) => {
          const bytes = Buffer.from(whole);
          for (const [offset, value] of flips) bytes[moovAt + offset] = value;
          const path = join(dir, 'damaged.mp4');
          writeFileSync(path, bytes);
          const facts = await factsInMain(path);
          if (facts !== null) expect(facts).toMatchObject({ container: 'MPEG-4', frameRateMode: 'CFR' });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a batch of plain MP4s (or their stored parts) starts no parsers’ thread; a WebM in it does', async () => {
    await formatReader.close();
    const started: Worker[] = [];
    formatReader.onWorker = (worker) => started.push(worker);
    try {
      // As `lectern upload a.mp4 b.mov` does: probes on the checks' thread, not started ahead.
      prepareFileChecks({ probesAfterEveryCheck: true, paths: ['a.mp4', 'b.MOV'] });
      expect(await probeMedia(fixture('h264-bframes.mp4'))).toMatchObject({ videoCodec: 'AVC', frameRate: 24 });
      expect(await probeMedia(fixture('h264-1s.mov'))).toMatchObject({ videoCodec: 'AVC', frameRate: 15 });
      // The sandbox's processing reads stored parts the same way: signature and facts in main.
      const stored = readFileSync(fixture('h264-3s.mp4'));
      expect(await detectFormat('stored.mp4', stored.subarray(0, 4100))).toEqual({ ext: 'mp4', mime: 'video/mp4' });
      expect(await probeMediaChunks('stored.mp4', stored.length, readsOfBytes(stored))).toMatchObject({
        videoCodec: 'AVC',
        audioCodec: 'AAC',
        durationSeconds: 3,
      });
      expect(started).toHaveLength(0);
      expect(await probeMedia(fixture('vp8-2s.webm'))).toMatchObject({ videoCodec: 'VP8' });
      expect(started).toHaveLength(1);
      await formatReader.close();
      prepareFileChecks({ probesAfterEveryCheck: true, paths: ['a.mp4', 'c.webm'] });
      expect(started).toHaveLength(2); // started ahead: the WebM will need it
    } finally {
      formatReader.onWorker = undefined;
      await formatReader.close();
    }
  });
});
