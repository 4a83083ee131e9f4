// Plain Node (benchmarks). Real videos for bench:link, whose uploads pass the engine's check by bytes:
// the small H.264 test clip with a trailing `free` box (which players and probers skip) filling each
// file to its size. The small files' padding is random, so no two count as duplicates of each other;
// the big file's padding is sparse, so reading it costs no disk on either side.
import { randomBytes } from 'node:crypto';
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const CLIP = readFileSync(new URL('../../src-main/media/test-fixtures/h264-3s.mp4', import.meta.url));

function freeBoxHeader(size: number): Buffer {
  if (size > 0xffffffff) throw new Error('a 32-bit free box holds less than 4 GiB');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(size, 0);
  header.write('free', 4, 'latin1');
  return header;
}

/** `count` distinct MP4 files of exactly `size` bytes, named link-001.mp4 …, in order. */
export function writeSmallVideos(dir: string, count: number, size: number): string[] {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  for (let i = 1; i <= count; i++) {
    const path = join(dir, `link-${String(i).padStart(3, '0')}.mp4`);
    const padding = size - CLIP.length;
    const fd = openSync(path, 'w');
    try {
      writeSync(fd, CLIP);
      writeSync(fd, freeBoxHeader(padding));
      writeSync(fd, randomBytes(padding - 8));
    } finally {
      closeSync(fd);
    }
    paths.push(path);
  }
  return paths;
}

/** One MP4 of `size` bytes whose padding is a hole in the file. */
export function writeBigVideo(path: string, size: number): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, CLIP);
    writeSync(fd, freeBoxHeader(size - CLIP.length));
    writeSync(fd, randomBytes(4096));
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
}
