// Worker thread (plain Node), started by format-reader.ts: the two parsers that read a file's bytes
// to say what it is, file-type (the signature) and mediainfo.js (WebAssembly: tracks, codecs,
// duration). They run here and not in main or the CLI, so a hostile file that crashes a parser,
// exhausts its memory or makes it spin costs this thread only. The thread opens no file: main sends
// the bytes it read through its own checked opener, chunk by chunk as the prober asks.
import { parentPort, workerData } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import type { MediaInfo, MediaInfoResult } from 'mediainfo.js';
import { adoptWasmTierState, keepWebAssemblyOnBaselineTier } from '../platform/index.ts';

/** Main → worker. One job at a time; `chunk` answers the job's `read`. */
export type FormatRequest =
  | { t: 'detect'; id: number; bytes: Uint8Array }
  | { t: 'analyse'; id: number; size: number }
  | { t: 'chunk'; id: number; bytes: Uint8Array };

/** Worker → main. */
export type FormatReply =
  | { t: 'detected'; id: number; type: { ext: string; mime: string } | null }
  | { t: 'analysed'; id: number; result: MediaInfoResult }
  /** The prober found no media in the bytes (not a failure of the worker). */
  | { t: 'no-media'; id: number; message: string }
  | { t: 'failed'; id: number; message: string }
  | { t: 'read'; id: number; chunkSize: number; offset: number };

const port = parentPort;
if (!port) throw new Error('format-worker.ts runs only as a worker thread (see format-reader.ts).');
// Started by format-reader.ts, which shares the process's state of V8 flag changes.
if (workerData instanceof SharedArrayBuffer) adoptWasmTierState(workerData);

// One WebAssembly instance for the thread, loaded and made on first use (mediainfo.js keeps
// per-instance state; main sends one job at a time). A signature check alone never loads it.
let instance: Promise<MediaInfo<'object'>> | null = null;
let chunkArrived: ((bytes: Uint8Array) => void) | null = null;

function reply(message: FormatReply): void {
  port!.postMessage(message);
}

port.on('message', (m: FormatRequest) => {
  if (m.t === 'chunk') {
    const arrived = chunkArrived;
    chunkArrived = null;
    arrived?.(m.bytes);
    return;
  }
  void run(m).catch((error: unknown) =>
    reply({ t: 'failed', id: m.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

async function run(m: Exclude<FormatRequest, { t: 'chunk' }>): Promise<void> {
  if (m.t === 'detect') {
    const type = await fileTypeFromBuffer(m.bytes);
    reply({ t: 'detected', id: m.id, type: type ? { ext: type.ext, mime: type.mime } : null });
    return;
  }
  // mediainfo.js is megabytes of WebAssembly: kept off TurboFan (see wasm-tiers.ts).
  instance ??= import('mediainfo.js').then(({ default: mediaInfoFactory }) => {
    keepWebAssemblyOnBaselineTier();
    return mediaInfoFactory({ format: 'object' });
  });
  const info = await instance;
  const read = (chunkSize: number, offset: number) =>
    new Promise<Uint8Array>((resolve) => {
      chunkArrived = resolve;
      reply({ t: 'read', id: m.id, chunkSize, offset });
    });
  let result: MediaInfoResult;
  try {
    result = await info.analyzeData(m.size, read);
  } catch (error) {
    reply({ t: 'no-media', id: m.id, message: error instanceof Error ? error.message : String(error) });
    return;
  }
  reply({ t: 'analysed', id: m.id, result });
}
