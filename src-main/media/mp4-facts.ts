// Main process / plain Node. The facts of a plain MP4 or MOV (duration, picture size, codecs, a
// constant frame rate) read from its `moov` box in main, so the common upload never starts the
// parsers' thread: that thread's start and mediainfo's load and run were a large share of a small
// `lectern upload`'s CPU time (README, "Tests and benchmarks"). Only the plain case is decided here and
// its answer is mediainfo's for the same file (mp4-facts.test.ts compares every fixture): one AVC
// or HEVC video track whose samples all last the same (one `stts` entry), at most one AAC audio
// track, no fragments, a `moov` under 16 MiB. Anything else, or anything odd, is null and
// mediainfo reads the file in its thread as before.
//
// Bounded by construction: each box must be at least 8 bytes and lie inside its parent, so a
// hostile file can neither make a read leave the buffer nor a loop spin; any exception is null.
import type { FileHandle } from 'node:fs/promises';
import type { ReadBytes } from './format-reader.ts';
import type { MediaFacts } from './facts.ts';

const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** Top-level boxes looked at before giving up (ftyp, free, mdat, moov, … are a handful). */
const MAX_TOP_LEVEL_BOXES = 32;
const VIDEO_CODECS: Record<string, string> = { avc1: 'AVC', avc3: 'AVC', hvc1: 'HEVC', hev1: 'HEVC' };
/** MPEG-4 audio object type AAC LC, which mediainfo names "AAC" (others are left to it). */
const AAC_LC = 2;

interface Box {
  type: string;
  /** Payload start and end (after the header), absolute in the buffer. */
  start: number;
  end: number;
}

class Unplain extends Error {}

/** The box whose header starts at `at` in `data`, within a parent (or file) ending at `end`. */
function boxAt(data: Buffer, at: number, end: number): Box {
  let size = data.readUInt32BE(at);
  let header = 8;
  if (size === 1) {
    if (at + 16 > Math.min(end, data.length)) throw new Unplain();
    size = Number(data.readBigUInt64BE(at + 8));
    header = 16;
  } else if (size === 0) size = end - at; // to the end of its parent
  if (size < header || at + size > end) throw new Unplain();
  return { type: data.toString('latin1', at + 4, at + 8), start: at + header, end: at + size };
}

function boxesIn(data: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const box = boxAt(data, at, end);
    boxes.push(box);
    at = box.end;
  }
  return boxes;
}

function only(data: Buffer, parent: Box, type: string): Box {
  const found = boxesIn(data, parent.start, parent.end).filter((b) => b.type === type);
  if (found.length !== 1) throw new Unplain();
  return found[0]!;
}

function need(parent: Box, bytes: number): void {
  if (parent.end - parent.start < bytes) throw new Unplain();
}

/** timescale and duration of an mvhd or mdhd payload (version 0 or 1). */
function timing(data: Buffer, box: Box): { timescale: number; duration: number } {
  const v1 = data[box.start] === 1;
  need(box, v1 ? 32 : 20);
  const timescale = data.readUInt32BE(box.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(data.readBigUInt64BE(box.start + 24)) : data.readUInt32BE(box.start + 16);
  if (timescale === 0 || duration === 0) throw new Unplain();
  return { timescale, duration };
}

/** The single sample entry of a track's stsd. */
function sampleEntry(data: Buffer, stbl: Box): Box {
  const stsd = only(data, stbl, 'stsd');
  need(stsd, 8);
  if (data.readUInt32BE(stsd.start + 4) !== 1) throw new Unplain();
  const entries = boxesIn(data, stsd.start + 8, stsd.end);
  if (entries.length !== 1) throw new Unplain();
  return entries[0]!;
}

/** Where the body of an MPEG-4 descriptor starts, past its length (1–4 bytes, the last < 0x80). */
function descriptorBody(data: Buffer, at: number, end: number): number {
  for (let i = 0; i < 4; i++) {
    if (at + i >= end) throw new Unplain();
    if ((data[at + i]! & 0x80) === 0) return at + i + 1;
  }
  throw new Unplain();
}

/** True for an mp4a entry whose esds says MPEG-4 AAC LC. */
function isAac(data: Buffer, entry: Box): boolean {
  // Audio sample entry: 28 bytes of fields, then its boxes (esds).
  if (entry.type !== 'mp4a') return false;
  need(entry, 28);
  if (data.readUInt16BE(entry.start + 8) !== 0) return false; // QuickTime's longer v1 / v2 entries
  const esds = only(data, { type: 'mp4a', start: entry.start + 28, end: entry.end }, 'esds');
  let at = esds.start + 4; // version and flags
  if (data[at] !== 0x03) return false; // ES_Descriptor
  at = descriptorBody(data, at + 1, esds.end) + 2; // ES_ID
  const flags = data[at++] ?? 0;
  if (flags & 0x80) at += 2; // dependsOn_ES_ID
  if (flags & 0x40) at += 1 + (data[at] ?? 0); // URL
  if (flags & 0x20) at += 2; // OCR_ES_Id
  if (data[at] !== 0x04) return false; // DecoderConfigDescriptor
  const config = descriptorBody(data, at + 1, esds.end);
  if (data[config] !== 0x40) return false; // objectTypeIndication: MPEG-4 audio
  at = config + 13;
  if (data[at] !== 0x05) return false; // DecoderSpecificInfo: AudioSpecificConfig
  const info = descriptorBody(data, at + 1, esds.end);
  if (info >= esds.end) return false;
  return data[info]! >> 3 === AAC_LC;
}

function factsOfMoov(data: Buffer, moov: Box): MediaFacts | null {
  const children = boxesIn(data, moov.start, moov.end);
  if (children.some((b) => b.type === 'mvex')) return null; // fragmented: samples live in moofs
  const movie = timing(data, only(data, moov, 'mvhd'));
  let video: { codec: string; width: number; height: number; frameRate: number } | null = null;
  let audio: string | null = null;
  for (const trak of children.filter((b) => b.type === 'trak')) {
    const mdia = only(data, trak, 'mdia');
    const hdlr = only(data, mdia, 'hdlr');
    need(hdlr, 12);
    const handler = data.toString('latin1', hdlr.start + 8, hdlr.start + 12);
    if (handler !== 'vide' && handler !== 'soun') continue; // timecode, text, metadata: not ours
    const stbl = only(data, only(data, mdia, 'minf'), 'stbl');
    const entry = sampleEntry(data, stbl);
    if (handler === 'soun') {
      if (audio !== null || !isAac(data, entry)) return null;
      audio = 'AAC';
      continue;
    }
    const codec = VIDEO_CODECS[entry.type];
    if (video !== null || !codec) return null;
    // Visual sample entry: width and height 24 bytes into its fields.
    need(entry, 28);
    const width = data.readUInt16BE(entry.start + 24);
    const height = data.readUInt16BE(entry.start + 26);
    const stts = only(data, stbl, 'stts');
    need(stts, 16);
    if (data.readUInt32BE(stts.start + 4) !== 1) return null; // several sample durations: mediainfo decides
    const delta = data.readUInt32BE(stts.start + 12);
    const { timescale } = timing(data, only(data, mdia, 'mdhd'));
    if (width === 0 || height === 0 || delta === 0) return null;
    video = { codec, width, height, frameRate: thousandths(timescale / delta) };
  }
  if (!video) return null;
  return {
    container: 'MPEG-4',
    durationSeconds: thousandths(movie.duration / movie.timescale),
    width: video.width,
    height: video.height,
    videoCodec: video.codec,
    audioCodec: audio,
    frameRateMode: 'CFR',
    frameRate: video.frameRate,
  };
}

/** mediainfo gives seconds and frame rates to three decimals. */
function thousandths(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Reads of an open file. */
export function readsOf(handle: FileHandle): ReadBytes {
  return async (length, position) => {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead);
  };
}

async function readExactly(read: ReadBytes, length: number, position: number): Promise<Buffer> {
  const bytes = await read(length, position);
  if (bytes.length !== length) throw new Unplain();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** The facts of a plain MP4 / MOV of `size` bytes, read in main, or null for mediainfo to decide.
 * Never throws. */
export async function plainMp4Facts(read: ReadBytes, size: number): Promise<MediaFacts | null> {
  try {
    let at = 0;
    for (let i = 0; i < MAX_TOP_LEVEL_BOXES && at + 8 <= size; i++) {
      // The header alone (16 bytes at most), placed in the rest of the file.
      const box = boxAt(await readExactly(read, Math.min(16, size - at), at), 0, size - at);
      if (box.type === 'moof') return null;
      if (box.type === 'moov') {
        if (box.end > MAX_MOOV_BYTES) return null;
        const data = await readExactly(read, box.end, at);
        return factsOfMoov(data, boxAt(data, 0, data.length));
      }
      at += box.end;
    }
    return null;
  } catch {
    return null; // Unplain, or a read past a damaged box: mediainfo decides
  }
}
