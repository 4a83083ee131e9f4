// Main process / plain Node (the sandbox uses it too). What a file is, decided by its bytes and not
// its name: a video container or not (file-type reads the signature), and what it holds (mediainfo.js,
// WebAssembly, so no native binary ships with the app).
import { openPickedFile } from '../platform/index.ts';
import { basename } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import mediaInfoFactory, {
  type AudioTrack,
  type GeneralTrack,
  type MediaInfo,
  type MediaInfoResult,
  type VideoTrack,
} from 'mediainfo.js';

export interface ContainerVerdict {
  ok: boolean;
  /** The detected MIME type, or null when the bytes match no known signature. */
  mime: string | null;
  /** Why the file is refused ("notes.mp4 is a text file, not a video"); null when it is a video. */
  reason: string | null;
}

export interface MediaFacts {
  /** Container format as the prober names it ("MPEG-4", "Matroska", "WebM", "MPEG-TS", …). */
  container: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  frameRateMode: 'CFR' | 'VFR' | null;
  frameRate: number | null;
}

export type MediaWarningCode = 'NO_VIDEO_TRACK' | 'HEVC' | 'VARIABLE_FRAME_RATE' | 'NO_DURATION' | 'MEDIA_UNREADABLE';

export interface MediaWarning {
  code: MediaWarningCode;
  message: string;
}

const SIGNATURE_BYTES = 1024 * 1024;

/** Containers without a `video/` MIME type in file-type's table that still carry video. */
const VIDEO_CONTAINERS_OUTSIDE_VIDEO_MIME = new Set(['application/vnd.ms-asf', 'application/mxf']);

/** Decides by the file's first bytes whether it is a video container. A container followed by
 * trailing bytes still counts: only the signature at the start is read. */
export async function checkVideoContainer(path: string): Promise<ContainerVerdict> {
  const name = basename(path);
  const detected = await detectFileType(path);
  if (detected) {
    if (detected.mime.startsWith('video/') || VIDEO_CONTAINERS_OUTSIDE_VIDEO_MIME.has(detected.mime)) {
      return { ok: true, mime: detected.mime, reason: null };
    }
    return {
      ok: false,
      mime: detected.mime,
      reason: `${name} is ${describe(detected.ext, detected.mime)}, not a video.`,
    };
  }
  const kind = (await looksLikeText(path)) ? 'a text file' : 'not in a video format Lectern recognises';
  return { ok: false, mime: null, reason: `${name} is ${kind}, not a video.` };
}

/** file-type's verdict on the file's first MiB (its detectors look at the start), read through
 * the one opener for picked files instead of by path a second time. */
async function detectFileType(path: string): Promise<Awaited<ReturnType<typeof fileTypeFromBuffer>>> {
  const handle = await openPickedFile(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SIGNATURE_BYTES), 0, SIGNATURE_BYTES, 0);
    return await fileTypeFromBuffer(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

function describe(ext: string, mime: string): string {
  if (mime.startsWith('audio/')) return `an audio file (${ext.toUpperCase()})`;
  if (mime.startsWith('image/')) return `an image (${ext.toUpperCase()})`;
  return `a ${ext.toUpperCase()} file`;
}

/** Valid UTF-8 without NUL bytes in the first 8 KiB: what editors would open as text. */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await openPickedFile(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8192), 0, 8192, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    // A multi-byte character cut at the 8 KiB edge is still text.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    try {
      decoder.decode(head, { stream: true });
      return true;
    } catch {
      return false;
    }
  } finally {
    await handle.close();
  }
}

export class MediaProbeError extends Error {
  readonly code = 'MEDIA_UNREADABLE';
}

// One WebAssembly instance for the process, used by one analysis at a time (mediainfo.js keeps
// per-instance state), created on first use so start-up does not pay for it.
let instance: Promise<MediaInfo<'object'>> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function mediaInfo(): Promise<MediaInfo<'object'>> {
  instance ??= mediaInfoFactory({ format: 'object' });
  return instance;
}

/** Reads duration, resolution and codecs from the file's bytes. Throws MediaProbeError when the
 * prober finds no media in them. */
export function probeMedia(path: string): Promise<MediaFacts> {
  const run = queue.then(() => analyse(path));
  queue = run.catch(() => undefined);
  return run;
}

async function analyse(path: string): Promise<MediaFacts> {
  const handle = await openPickedFile(path);
  try {
    const { size } = await handle.stat();
    return await analyseChunks(basename(path), size, async (chunkSize, offset) => {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(chunkSize), 0, chunkSize, offset);
      return buffer.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

/** Reads `size` bytes through `read`: probeMedia for bytes that are not one file (stored parts). */
export function probeMediaChunks(
  name: string,
  size: number,
  read: (chunkSize: number, offset: number) => Promise<Uint8Array>,
): Promise<MediaFacts> {
  const run = queue.then(() => analyseChunks(name, size, read));
  queue = run.catch(() => undefined);
  return run;
}

async function analyseChunks(
  name: string,
  size: number,
  read: (chunkSize: number, offset: number) => Promise<Uint8Array>,
): Promise<MediaFacts> {
  const info = await mediaInfo();
  let result: MediaInfoResult;
  try {
    result = await info.analyzeData(size, read);
  } catch (error) {
    throw new MediaProbeError(`${name} could not be read as media.`, { cause: error });
  }
  return factsFrom(result, name);
}

function factsFrom(result: MediaInfoResult, name: string): MediaFacts {
  const tracks = result.media?.track ?? [];
  const general = tracks.find((t): t is GeneralTrack => t['@type'] === 'General');
  const video = tracks.find((t): t is VideoTrack => t['@type'] === 'Video');
  const audio = tracks.find((t): t is AudioTrack => t['@type'] === 'Audio');
  if (!general || (!video && !audio)) throw new MediaProbeError(`${name} holds no audio or video the prober can read.`);
  const mode = video?.FrameRate_Mode;
  return {
    container: text(general.Format),
    durationSeconds: number(general.Duration) ?? number(video?.Duration) ?? number(audio?.Duration),
    width: number(video?.Width),
    height: number(video?.Height),
    videoCodec: text(video?.Format),
    audioCodec: text(audio?.Format),
    frameRateMode: mode === 'CFR' || mode === 'VFR' ? mode : null,
    frameRate: number(video?.FrameRate),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function number(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** What servers commonly reject or transcode slowly: worth a warning, never a refusal. */
export function mediaWarnings(facts: MediaFacts): MediaWarning[] {
  const warnings: MediaWarning[] = [];
  if (!facts.videoCodec) {
    warnings.push({ code: 'NO_VIDEO_TRACK', message: 'No video track: learners will only hear sound.' });
  }
  if (facts.videoCodec === 'HEVC') {
    warnings.push({ code: 'HEVC', message: 'HEVC (H.265) video: many servers reject it or convert it slowly.' });
  }
  if (facts.frameRateMode === 'VFR') {
    warnings.push({
      code: 'VARIABLE_FRAME_RATE',
      message: 'Variable frame rate: processing may take longer and audio can drift.',
    });
  }
  if (facts.durationSeconds === null) {
    warnings.push({ code: 'NO_DURATION', message: 'The length of this video could not be read.' });
  }
  return warnings;
}

/** Whole seconds, as the API's `duration_seconds` integer. */
export function durationSecondsOf(facts: MediaFacts): number | null {
  return facts.durationSeconds === null ? null : Math.round(facts.durationSeconds);
}
