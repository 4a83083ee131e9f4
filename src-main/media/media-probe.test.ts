// Real files made with ffmpeg (see test-fixtures/README.md), probed by the real detector and prober.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { appendFileSync, copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkVideoContainer, durationSecondsOf, mediaWarnings, probeMedia, MediaProbeError } from './media-probe.ts';

const fixture = (name: string): string => join(import.meta.dirname, 'test-fixtures', name);

describe('checkVideoContainer', () => {
  it.each([
    ['h264-3s.mp4', 'video/mp4'],
    ['vp8-2s.webm', 'video/webm'],
    ['mpegts-2s.m2t', 'video/mp2t'],
  ])('accepts %s by its bytes', async (name, mime) => {
    expect(await checkVideoContainer(fixture(name))).toEqual({ ok: true, mime, reason: null });
  });

  it('refuses a text file named .mp4, saying what it is', async () => {
    const dir = tempDir('lectern-probe-');
    const path = join(dir, 'notes.mp4');
    writeFileSync(path, 'Week 1 notes: remember the safety briefing. Ünïcödé is still text.\n'.repeat(200));
    expect(await checkVideoContainer(path)).toEqual({
      ok: false,
      mime: null,
      reason: 'notes.mp4 is a text file, not a video.',
    });
  });

  it('refuses an image renamed to .mov, and unknown binary bytes', async () => {
    const dir = tempDir('lectern-probe-');
    const png = join(dir, 'slide.mov');
    writeFileSync(png, Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]));
    const verdict = await checkVideoContainer(png);
    expect(verdict).toMatchObject({ ok: false, mime: 'image/png' });
    expect(verdict.reason).toBe('slide.mov is an image (PNG), not a video.');
    const noise = join(dir, 'noise.mp4');
    writeFileSync(noise, Buffer.from([0, 1, 2, 3, 255, 254, 0, 7, 9]).toString('latin1').repeat(100), 'latin1');
    expect((await checkVideoContainer(noise)).reason).toBe(
      'noise.mp4 is not a video Lectern can read. Choose an MP4, MOV, WebM or other video file.',
    );
  });

  it('still accepts a real container followed by trailing bytes', async () => {
    const dir = tempDir('lectern-probe-');
    const path = join(dir, 'lecture.mp4');
    copyFileSync(fixture('h264-3s.mp4'), path);
    appendFileSync(path, 'trailing bytes a camera or a bad copy left behind'.repeat(50));
    expect((await checkVideoContainer(path)).ok).toBe(true);
    expect(durationSecondsOf(await probeMedia(path))).toBe(3);
  });
});

describe('probeMedia', () => {
  it('reads duration, resolution and codecs', async () => {
    const facts = await probeMedia(fixture('h264-3s.mp4'));
    expect(facts).toMatchObject({
      container: 'MPEG-4',
      durationSeconds: 3,
      width: 160,
      height: 120,
      videoCodec: 'AVC',
      audioCodec: 'AAC',
      frameRateMode: 'CFR',
    });
    expect(mediaWarnings(facts)).toEqual([]);
  });

  it('warns, without refusing, on HEVC, variable frame rate and a missing video track', async () => {
    const [hevc, vfr, audioOnly] = await Promise.all([
      probeMedia(fixture('hevc-2s.mp4')),
      probeMedia(fixture('vfr-h264.mp4')),
      probeMedia(fixture('audio-only.mp4')),
    ]);
    expect(mediaWarnings(hevc).map((w) => w.code)).toEqual(['HEVC']);
    expect(mediaWarnings(vfr).map((w) => w.code)).toEqual(['VARIABLE_FRAME_RATE']);
    expect(mediaWarnings(audioOnly).map((w) => w.code)).toEqual(['NO_VIDEO_TRACK']);
    expect(audioOnly.durationSeconds).toBe(2);
  });

  it('throws a typed error for bytes holding no media', async () => {
    const dir = tempDir('lectern-probe-');
    const path = join(dir, 'broken.mp4');
    writeFileSync(path, 'not a video at all\n'.repeat(100));
    await expect(probeMedia(path)).rejects.toBeInstanceOf(MediaProbeError);
    // The shared instance still works after a failure.
    expect((await probeMedia(fixture('vp8-2s.webm'))).videoCodec).toBe('VP8');
  });
});
