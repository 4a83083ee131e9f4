// Main process / plain Node. Telling the same content apart from different content without
// reading whole files: size plus a SHA-256 of a few fixed-position samples finds candidates in
// milliseconds whatever the size; a full SHA-256 confirms a candidate before it is called a duplicate.
import { createHash } from 'node:crypto';
import { fileReadBuffers, openPickedFile } from '../platform/index.ts';
import type { DuplicateKind } from '../../src-shared/index.ts';

/** What the journal keeps to recognise a file's content later. */
export interface ContentFingerprint {
  size: number;
  /** SHA-256 of the size and five 64 KiB samples (start, quarters, end); the whole file when small. */
  sampleSha256: string;
  /** SHA-256 of every byte; null until a possible duplicate made it worth reading the file. */
  sha256: string | null;
}

const SAMPLE = 64 * 1024;
const SAMPLES = 5;

export async function sampleSha256(path: string): Promise<{ size: number; sampleSha256: string }> {
  const handle = await openPickedFile(path);
  try {
    const { size } = await handle.stat();
    const hash = createHash('sha256').update(`size:${size}\n`);
    await fileReadBuffers.withBuffer(async (buffer) => {
      for (const offset of sampleOffsets(size)) {
        const length = Math.min(SAMPLE, size - offset);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        hash.update(buffer.subarray(0, bytesRead));
      }
    });
    return { size, sampleSha256: hash.digest('hex') };
  } finally {
    await handle.close();
  }
}

/** Fixed positions (so the same bytes always give the same samples); every byte when small. */
export function sampleOffsets(size: number): number[] {
  if (size <= SAMPLE * SAMPLES) {
    const all: number[] = [];
    for (let offset = 0; offset < size; offset += SAMPLE) all.push(offset);
    return all;
  }
  const last = size - SAMPLE;
  return Array.from({ length: SAMPLES }, (_, i) => Math.floor((last * i) / (SAMPLES - 1)));
}

export async function fullSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await openPickedFile(path);
  try {
    // Read through a lent buffer: a read stream makes a MiB buffer per read, whatever the file's size.
    await fileReadBuffers.withBuffer(async (buffer) => {
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) return;
        hash.update(buffer.subarray(0, bytesRead));
      }
    });
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

export type { DuplicateKind };

export interface DuplicateHit {
  kind: DuplicateKind;
  message: string;
  /** Same bytes (size, samples and, where the other file could be read, full hash). False for a hint. */
  sameContent: boolean;
  /** The journal row or the earlier file in the batch it matches; the lesson it matches. */
  uploadRowId?: string;
  lessonId?: string;
}

/** A lesson of the chosen section, as the API lists it (title and length are display fields: may be absent). */
export interface SectionLesson {
  id: string;
  title?: string;
  duration_seconds?: number;
}
