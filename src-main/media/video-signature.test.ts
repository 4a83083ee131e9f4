// Tests (plain Node): the signature main reads itself (video-signature.ts) against file-type, which
// decides every other file on the parsers' thread. For the same bytes both must give the same answer,
// and an MP4 is decided without starting that thread.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { checkVideoContainer, formatReader } from './media-probe.ts';
import { videoBrandSignature } from './video-signature.ts';

const FIXTURES = join(import.meta.dirname, 'test-fixtures');

/** A file that starts with an `ftyp` box of `size` bytes naming `brand`, then a `free` box. */
function ftyp(brand: string, size = 32): Uint8Array {
  const bytes = new Uint8Array(4096);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(Buffer.from(`ftyp${brand.padEnd(4, ' ').slice(0, 4)}`, 'latin1'), 4);
  bytes.set(Buffer.from('isomiso2mp41', 'latin1'), 16);
  new DataView(bytes.buffer).setUint32(size, 4096 - size);
  bytes.set(Buffer.from('free', 'latin1'), size + 4);
  return bytes;
}

describe('the video signature main reads gives what file-type gives', () => {
  it('for every real file of the fixtures, and decides the MP4s', async () => {
    const decided: string[] = [];
    for (const name of readdirSync(FIXTURES).filter((n) => !n.endsWith('.md'))) {
      const head = new Uint8Array(readFileSync(join(FIXTURES, name)).subarray(0, 1024 * 1024));
      const quick = videoBrandSignature(head);
      if (quick === null) continue;
      decided.push(name);
      expect({ name, ...quick }).toEqual({ name, ...(await fileTypeFromBuffer(head)) });
    }
    expect(decided.sort()).toEqual([
      'audio-only.mp4',
      'fragmented.mp4',
      'h264-1080p-ntsc.mp4',
      'h264-1s.mov',
      'h264-3s.mp4',
      'h264-bframes.mp4',
      'h264-mp42-360p.mp4',
      'hevc-2s.mp4',
      'vfr-h264.mp4',
    ]);
  });

  it.each([
    ['isom', 'video/mp4'],
    ['iso2', 'video/mp4'],
    ['iso5', 'video/mp4'],
    ['mp41', 'video/mp4'],
    ['mp42', 'video/mp4'],
    ['avc1', 'video/mp4'],
    ['qt  ', 'video/quicktime'],
    ['M4V ', 'video/x-m4v'],
    ['M4VH', 'video/x-m4v'],
    ['3gp5', 'video/3gpp'],
    ['3g2a', 'video/3gpp2'],
  ])('brand %j: %s, as file-type says', async (brand, mime) => {
    const bytes = ftyp(brand);
    expect(videoBrandSignature(bytes)?.mime).toBe(mime);
    expect(videoBrandSignature(bytes)).toEqual(await fileTypeFromBuffer(bytes));
  });

  it.each(['M4A ', 'M4B ', 'F4A ', 'heic', 'mif1', 'avif', 'crx ', 'dash', 'abcd'])(
    'brand %j: left to file-type (audio, images, or unknown here)',
    (brand) => {
      expect(videoBrandSignature(ftyp(brand))).toBeNull();
    },
  );

  it('reads nothing else: no ftyp box first, one of 256 bytes or more, an odd size, or too few bytes', () => {
    expect(videoBrandSignature(ftyp('isom', 256))).toBeNull();
    expect(videoBrandSignature(ftyp('isom', 30))).toBeNull();
    expect(videoBrandSignature(ftyp('isom', 12))).toBeNull();
    expect(videoBrandSignature(ftyp('isom').subarray(0, 15))).toBeNull();
    const moov = ftyp('isom');
    moov.set(Buffer.from('moov', 'latin1'), 4);
    expect(videoBrandSignature(moov)).toBeNull();
    expect(videoBrandSignature(new Uint8Array(readFileSync(join(FIXTURES, 'vp8-2s.webm'))))).toBeNull();
  });

  it('decides an MP4 without starting the parsers thread; a WebM starts it', async () => {
    await formatReader.close();
    const started: Worker[] = [];
    formatReader.onWorker = (worker) => started.push(worker);
    try {
      expect(await checkVideoContainer(join(FIXTURES, 'h264-3s.mp4'))).toEqual({
        ok: true,
        mime: 'video/mp4',
        reason: null,
      });
      expect(started).toHaveLength(0);
      expect(await checkVideoContainer(join(FIXTURES, 'vp8-2s.webm'))).toMatchObject({ ok: true, mime: 'video/webm' });
      expect(started).toHaveLength(1);
    } finally {
      formatReader.onWorker = undefined;
      await formatReader.close();
    }
  });
});
