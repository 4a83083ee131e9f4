// Main process / plain Node. One part PUT to a presigned storage URL: streams the byte range
// from disk (reopened on every attempt, never a whole part in memory), hashes MD5 on the way,
// honours the shared bandwidth cap, and aborts itself when no byte moves for stallTimeoutMs.
// Storage is not the API: no envelope, no Authorization header.

import { createHash } from 'node:crypto';
import { openPickedFile } from '../platform/index.ts';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { Agent, request } from '../api/index.ts';
import type { Md5Pool, PartHasher } from './md5-pool.ts';
import type { TokenBucket } from './token-bucket.ts';
import { AbortedError } from './token-bucket.ts';
import { parseRetryAfter } from './retry-policy.ts';
import { READ_BYTES, ReadBufferPool } from './read-buffers.ts';

export { READ_BYTES, ReadBufferPool };

/**
 * The file is read READ_BYTES at a time (read-buffers.ts) and handed to the socket in quarter-MiB
 * slices, the grain at which the stall watchdog sees progress and the bandwidth cap meters bytes
 * (a slice is pulled only once the socket has taken the one before).
 */
export const SEND_SLICE_BYTES = 256 * 1024;

export function createStorageAgent(): Agent {
  return new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 120_000,
    connections: 64,
    pipelining: 1,
    connectTimeout: 15_000,
    // Our own stall watchdog decides; these are only last-resort ceilings.
    headersTimeout: 600_000,
    bodyTimeout: 600_000,
  });
}

export class StorageHttpError extends Error {
  readonly status: number;
  readonly retryAfterMs?: number;
  constructor(status: number, detail: string, retryAfterMs?: number) {
    super(`Storage answered ${status}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export class StallError extends Error {
  readonly stalled = true;
  readonly code = 'STALLED';
  constructor(ms: number) {
    super(`No progress for ${Math.round(ms / 1000)} s; the part is sent again.`);
  }
}

export class FileShrankError extends Error {
  readonly code = 'FILE_CHANGED';
  constructor(read: number, expected: number) {
    super(`The file changed while it was read (${read} of ${expected} bytes).`);
  }
}

export interface PutPartInput {
  dispatcher: Dispatcher;
  url: string;
  path: string;
  start: number;
  size: number;
  signal: AbortSignal;
  limiter?: TokenBucket;
  /** Hash on worker threads; without it the MD5 is computed inline. */
  md5Pool?: Md5Pool;
  /** Reused read buffers; without it every chunk is a fresh buffer. */
  buffers?: ReadBufferPool;
  stallTimeoutMs: number;
  /** Called with each chunk's length as undici takes it for the socket. */
  onBytes: (bytes: number) => void;
  /** Called once the socket has taken the last byte (the answer is still to come). */
  onBodySent?: () => void;
}

export interface PutPartResult {
  /** The ETag header as sent (quotes kept), or null when storage sent none. */
  etag: string | null;
  md5: string;
}

export async function putPart(input: PutPartInput): Promise<PutPartResult> {
  const { path, start, size, limiter, stallTimeoutMs, onBytes } = input;
  const local = new AbortController();
  const onOuterAbort = () => local.abort(input.signal.reason);
  if (input.signal.aborted) throw new AbortedError(input.signal.reason);
  input.signal.addEventListener('abort', onOuterAbort, { once: true });

  let lastActivity = performance.now();
  let waitingForTokens = false;
  let stalled: StallError | null = null;
  let shrank: FileShrankError | null = null;
  const watchdog = setInterval(
    () => {
      if (waitingForTokens) {
        lastActivity = performance.now();
        return;
      }
      if (performance.now() - lastActivity >= stallTimeoutMs) {
        stalled = new StallError(stallTimeoutMs);
        local.abort(stalled);
      }
    },
    Math.max(20, Math.min(1000, stallTimeoutMs / 4)),
  );

  const hasher = input.md5Pool?.open() ?? inlineHasher();
  const signal = local.signal;
  // Chunks are read into a ring of reused buffers: no garbage per chunk, so memory stays flat
  // however big the file (fresh buffers pile up to V8's 64 MB external-memory GC trigger).
  // A buffer comes round again only RING_SLOTS reads later; by then the socket has long taken
  // it (undici pulls the next chunk only once the socket is below its high-water mark). Were
  // that ever wrong, the storage's ETag would not match our MD5 and the part would be re-sent.
  const ring = input.buffers?.take() ?? null;
  let ringSafe = false;
  async function* body(): AsyncGenerator<Buffer> {
    const handle = await openPickedFile(path);
    let read = 0;
    let slot = 0;
    const readAt = (offset: number) => {
      const buffer = ring ? ring[slot++ % ring.length]! : Buffer.allocUnsafeSlow(READ_BYTES);
      const length = Math.min(READ_BYTES, size - offset);
      return handle.read(buffer, 0, length, start + offset).then(({ bytesRead }) => ({ buffer, bytesRead }));
    };
    // One read ahead: the next MiB comes from disk while this one goes out, so the socket never
    // waits for the disk (bounded: at most two of the ring's buffers are ours at a time).
    let ahead: ReturnType<typeof readAt> | null = size > 0 ? readAt(0) : null;
    try {
      while (ahead) {
        const { buffer, bytesRead } = await ahead;
        ahead = null;
        if (bytesRead === 0) break;
        read += bytesRead;
        if (read < size) ahead = readAt(read);
        const backlog = hasher.update(buffer.subarray(0, bytesRead));
        if (backlog) await backlog;
        for (let at = 0; at < bytesRead; at += SEND_SLICE_BYTES) {
          const slice = buffer.subarray(at, Math.min(bytesRead, at + SEND_SLICE_BYTES));
          // Without a cap take() would resolve at once: asking is a wasted turn of the event loop per slice.
          if (limiter && limiter.bytesPerSec !== null) {
            waitingForTokens = true;
            try {
              await limiter.take(slice.byteLength, signal);
            } finally {
              waitingForTokens = false;
            }
          }
          if (signal.aborted) throw new AbortedError(signal.reason);
          lastActivity = performance.now();
          onBytes(slice.byteLength);
          yield slice;
          lastActivity = performance.now();
        }
      }
    } finally {
      // A read still running when the PUT ends must finish before its file handle closes.
      await (ahead as Promise<unknown> | null)?.catch(() => undefined);
      await handle.close();
    }
    if (read !== size) {
      shrank = new FileShrankError(read, size);
      throw shrank;
    }
    input.onBodySent?.();
  }

  try {
    const response = await request(input.url, {
      method: 'PUT',
      dispatcher: input.dispatcher,
      headers: { 'content-length': String(size) },
      // Small buffer: a chunk is pulled only as the socket drains, so stalls show up at once.
      body: Readable.from(body(), { objectMode: false, highWaterMark: 1 }),
      signal,
    });
    lastActivity = performance.now();
    const etagHeader = response.headers.etag;
    const etag = (Array.isArray(etagHeader) ? etagHeader[0] : etagHeader) ?? null;
    if (response.statusCode >= 200 && response.statusCode < 300) {
      await response.body.dump({ limit: 64 * 1024 });
      // The server answered, so it read the whole body: the socket holds none of our buffers.
      ringSafe = true;
      return { etag: etag && etag.length > 0 ? etag : null, md5: await hasher.digest() };
    }
    const detail = await readSmall(response.body);
    throw new StorageHttpError(response.statusCode, detail, parseRetryAfter(response.headers['retry-after']));
  } catch (error) {
    hasher.discard();
    if (shrank) throw shrank;
    if (stalled) throw stalled;
    if (input.signal.aborted) throw new AbortedError(input.signal.reason);
    throw error;
  } finally {
    clearInterval(watchdog);
    input.signal.removeEventListener('abort', onOuterAbort);
    // After a failure a dying socket may still hold a buffer: let that ring go to the GC.
    if (ring && ringSafe) input.buffers?.give(ring);
  }
}

function inlineHasher(): PartHasher {
  const hash = createHash('md5');
  return {
    update: (chunk) => void hash.update(chunk),
    digest: async () => hash.digest('hex'),
    discard: () => undefined,
  };
}

async function readSmall(body: Dispatcher.ResponseData['body']): Promise<string> {
  try {
    let text = '';
    for await (const chunk of body as AsyncIterable<Buffer>) {
      text += chunk.toString('utf8');
      if (text.length > 4096) {
        body.destroy();
        break;
      }
    }
    return text.replace(/\s+/g, ' ').trim().slice(0, 200);
  } catch {
    return '';
  }
}

/** `"abc"` / `W/"abc"` / `abc` → `abc` lowercased. */
export function bareEtag(etag: string): string {
  return etag
    .trim()
    .replace(/^W\//i, '')
    .replace(/^"(.*)"$/, '$1')
    .toLowerCase();
}

/** True when the ETag is a plain MD5 we can check (multipart or opaque ETags cannot be). */
export function etagIsMd5(etag: string): boolean {
  return /^[0-9a-f]{32}$/.test(bareEtag(etag));
}
