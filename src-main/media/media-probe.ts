// Main process / plain Node (the upload engine and the sandbox's video processing). What a file is, decided by its bytes and not
// its name: a video container or not (file-type reads the signature), and what it holds (mediainfo.js,
// WebAssembly, so no native binary ships with the app). Both parsers run in a worker thread
// (format-reader.ts); this side opens and reads the file and words the verdict.
import { t } from '../i18n/index.ts';
import { fileReadBuffers, openPickedFile } from '../platform/index.ts';
import { basename } from 'node:path';
import type { AudioTrack, GeneralTrack, MediaInfoResult, VideoTrack } from 'mediainfo.js';
import { FormatReader, type ReadBytes } from './format-reader.ts';
import type { MediaFacts } from './facts.ts';
import { plainMp4Facts, readsOf } from './mp4-facts.ts';
import { videoBrandSignature } from './video-signature.ts';

export { FormatReadError } from './format-reader.ts';
export type { MediaFacts } from './facts.ts';

/** The thread that reads signatures, started by the first check (or ahead of it: prepareFileChecks). */
export const formatReader = new FormatReader();

/** The thread that runs mediainfo: its own, so a long probe (its first start compiles WebAssembly)
 * never holds the next file's signature check, which is what lets an upload begin. */
let mediaReader = new FormatReader();

/** Names of files main usually reads by itself (video-signature.ts, mp4-facts.ts). */
const READ_IN_MAIN = /\.(mp4|m4v|mov|3gp)$/i;

/**
 * Starts the signature reader's thread now: it takes a while to start, and a file's check
 * that needs it waits for it (`lectern upload` calls this as soon as the engine is loaded) —
 * unless every one of `paths` is named like an MP4 or MOV: main decides and describes those itself
 * when they are plain, and the thread (costly to start) starts only if one is not.
 * `probesAfterEveryCheck`: the caller probes only once every file is decided (`lectern upload`),
 * so no probe can hold a signature check, and the probes run on the same thread: one thread
 * fewer to start.
 */
export function prepareFileChecks(options: { probesAfterEveryCheck?: boolean; paths?: readonly string[] } = {}): void {
  if (options.probesAfterEveryCheck) mediaReader = formatReader;
  if (options.paths?.every((path) => READ_IN_MAIN.test(path))) return;
  formatReader.prepare();
}

export interface ContainerVerdict {
  ok: boolean;
  /** The detected MIME type, or null when the bytes match no known signature. */
  mime: string | null;
  /** Why the file is refused ("notes.mp4 is a text file, not a video"); null when it is a video. */
  reason: string | null;
}

export type MediaWarningCode = 'NO_VIDEO_TRACK' | 'HEVC' | 'VARIABLE_FRAME_RATE' | 'NO_DURATION' | 'MEDIA_UNREADABLE';

export interface MediaWarning {
  code: MediaWarningCode;
  message: string;
}

const SIGNATURE_BYTES = 1024 * 1024;
/** What main reads first: enough for the first box (video-signature.ts), one page. */
const FIRST_BOX_BYTES = 4096;

/** Containers without a `video/` MIME type in file-type's table that still carry video. */
const VIDEO_CONTAINERS_OUTSIDE_VIDEO_MIME = new Set(['application/vnd.ms-asf', 'application/mxf']);

/** Decides by the file's first bytes whether it is a video container. A container followed by
 * trailing bytes still counts: only the signature at the start is read. Throws FormatReadError
 * when the reader thread fails on the bytes. */
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
      reason: notAVideo(name, detected.ext, detected.mime),
    };
  }
  const reason = (await looksLikeText(path))
    ? t({ id: 'media.probe.textNotVideo', defaultMessage: '{name} is a text file, not a video.' }, { name })
    : t(
        {
          id: 'media.probe.unknownNotVideo',
          defaultMessage: '{name} is not a video Lectern can read. Choose an MP4, MOV, WebM or other video file.',
        },
        { name },
      );
  return { ok: false, mime: null, reason };
}

/** What the file's first MiB says it is, read through the one opener for picked files: an MP4 or
 * MOV by main's own reading of its first box, else file-type's verdict (its detectors look at the
 * start) from the thread. */
async function detectFileType(path: string): Promise<{ ext: string; mime: string } | null> {
  const handle = await openPickedFile(path);
  let head: { known: { ext: string; mime: string } } | { signature: Buffer; bytesRead: number };
  try {
    // An MP4 or MOV says so in its first box (video-signature.ts): one page is read, into a lent
    // buffer, and the thread is neither waited for nor handed a MiB.
    head = await fileReadBuffers.withBuffer(async (scratch) => {
      const { bytesRead } = await handle.read(scratch, 0, FIRST_BOX_BYTES, 0);
      const known = videoBrandSignature(scratch.subarray(0, bytesRead));
      if (known) return { known };
      // Memory of its own, not zero-filled first: it is moved to the thread. Made only for a file
      // that is no plain MP4 or MOV, so the usual file costs no MiB.
      const signature = Buffer.allocUnsafeSlow(SIGNATURE_BYTES);
      scratch.copy(signature, 0, 0, bytesRead);
      return { signature, bytesRead };
    });
    if ('known' in head) return head.known;
    if (head.bytesRead === FIRST_BOX_BYTES) {
      const rest = await handle.read(
        head.signature,
        FIRST_BOX_BYTES,
        SIGNATURE_BYTES - FIRST_BOX_BYTES,
        FIRST_BOX_BYTES,
      );
      head.bytesRead += rest.bytesRead;
    }
  } finally {
    await handle.close();
  }
  const { signature, bytesRead } = head;
  // A short file leaves the rest as it was: blanked, so nothing of an earlier use travels along.
  if (bytesRead < SIGNATURE_BYTES) signature.fill(0, bytesRead);
  return formatReader.detect(basename(path), signature.subarray(0, bytesRead));
}

/** file-type's verdict on bytes that are not one file (the sandbox's stored parts). */
export async function detectFormat(name: string, head: Uint8Array): Promise<{ ext: string; mime: string } | null> {
  // An MP4 / MOV by its first box, without the thread (video-signature.ts: file-type's answers).
  const known = videoBrandSignature(head);
  if (known) return known;
  // Its own copy: the thread takes the memory over.
  return formatReader.detect(name, new Uint8Array(head));
}

/** "notes.pdf is a PDF file, not a video.": one sentence per kind, so a language can inflect it. */
function notAVideo(name: string, ext: string, mime: string): string {
  const type = ext.toUpperCase();
  if (mime.startsWith('audio/'))
    return t(
      { id: 'media.probe.audioNotVideo', defaultMessage: '{name} is an audio file ({type}), not a video.' },
      { name, type },
    );
  if (mime.startsWith('image/'))
    return t(
      { id: 'media.probe.imageNotVideo', defaultMessage: '{name} is an image ({type}), not a video.' },
      { name, type },
    );
  return t({ id: 'media.probe.fileNotVideo', defaultMessage: '{name} is a {type} file, not a video.' }, { name, type });
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

/** Reads duration, resolution and codecs from the file's bytes. Throws MediaProbeError when the
 * prober finds no media in them, FormatReadError when the reader thread fails on them. */
export function probeMedia(path: string): Promise<MediaFacts> {
  return inTurn(() => analyse(path));
}

// One analysis at a time (the thread takes one anyway): a file is opened only when its turn comes.
let queue: Promise<unknown> = Promise.resolve();
function inTurn<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job);
  queue = run.catch(() => undefined);
  return run;
}

async function analyse(path: string): Promise<MediaFacts> {
  const handle = await openPickedFile(path);
  try {
    const { size } = await handle.stat();
    return await analyseChunks(basename(path), size, readsOf(handle));
  } finally {
    await handle.close();
  }
}

/** Reads `size` bytes through `read`: probeMedia for bytes that are not one file (stored parts). */
export function probeMediaChunks(name: string, size: number, read: ReadBytes): Promise<MediaFacts> {
  return inTurn(() => analyseChunks(name, size, read));
}

async function analyseChunks(name: string, size: number, read: ReadBytes): Promise<MediaFacts> {
  // A plain MP4 / MOV is described in main, without the thread (mp4-facts.ts).
  return (await plainMp4Facts(read, size)) ?? analyseWithMediainfo(name, size, read);
}

/** mediainfo's reading, in its thread, whatever the file (mp4-facts.test.ts compares with it). */
export async function analyseWithMediainfo(name: string, size: number, read: ReadBytes): Promise<MediaFacts> {
  const analysis = await mediaReader.analyse(name, size, read);
  if (!analysis.ok) throw new MediaProbeError(`${name} could not be read as media.`, { cause: analysis.message });
  return factsFrom(analysis.result, name);
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
    const message = t({
      id: 'media.probe.noVideoTrack',
      defaultMessage: 'No video track: learners will only hear sound.',
    });
    warnings.push({ code: 'NO_VIDEO_TRACK', message });
  }
  if (facts.videoCodec === 'HEVC') {
    const message = t({
      id: 'media.probe.hevc',
      defaultMessage: 'HEVC (H.265) video: many servers reject it or convert it slowly.',
    });
    warnings.push({ code: 'HEVC', message });
  }
  if (facts.frameRateMode === 'VFR') {
    warnings.push({
      code: 'VARIABLE_FRAME_RATE',
      message: t({
        id: 'media.probe.variableFrameRate',
        defaultMessage: 'Variable frame rate: processing may take longer and audio can drift.',
      }),
    });
  }
  if (facts.durationSeconds === null) {
    const message = t({ id: 'media.probe.noDuration', defaultMessage: 'The length of this video could not be read.' });
    warnings.push({ code: 'NO_DURATION', message });
  }
  return warnings;
}

/** Whole seconds, as the API's `duration_seconds` integer. */
export function durationSecondsOf(facts: MediaFacts): number | null {
  return facts.durationSeconds === null ? null : Math.round(facts.durationSeconds);
}
