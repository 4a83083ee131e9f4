// Main process / plain Node. The sandbox's object storage, reached only through presigned URLs:
// PUT a part (streamed to disk, MD5 computed on the way, quoted-MD5 ETag back), GET/HEAD a completed
// upload's assembled bytes. Like S3, its responses are not API envelopes (errors are small XML bodies).
import { createReadStream, mkdirSync, renameSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from './context.ts';
import { queryValue } from './pagination.ts';
import { sleep } from './faults.ts';
import { assetPath, partPath } from './signing.ts';
import { findUpload, partFile, uploadDir } from './uploads-repo.ts';
import type { PartWriteJob } from './storage-writer.ts';
import { UUID_PATTERN } from './validation.ts';

export function registerStorageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(async (storage) => {
    // Part bodies are raw bytes of any type: take the stream as it is, with no body limit.
    storage.removeAllContentTypeParsers();
    storage.addContentTypeParser('*', (_request, _payload, done) => done(null));
    storage.setErrorHandler((error, _request, reply) => {
      ctx.log(`storage error: ${error instanceof Error ? error.message : String(error)}`);
      return storageError(reply, 500, 'InternalError', 'We encountered an internal error. Please try again.');
    });
    storage.put('/storage/uploads/:uploadId/parts/:partNumber', (request, reply) => receivePart(ctx, request, reply));
    storage.get('/storage/assets/:uploadId', (request, reply) => sendAsset(ctx, request, reply));
  });
}

function storageError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>\n`);
}

function signatureRefused(reply: FastifyReply, check: 'expired' | 'invalid'): FastifyReply {
  return check === 'expired'
    ? storageError(reply, 403, 'AccessDenied', 'Request has expired')
    : storageError(
        reply,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
}

async function receivePart(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const { uploadId, partNumber } = request.params as { uploadId: string; partNumber: string };
  if (!UUID_PATTERN.test(uploadId) || !/^[1-9]\d{0,4}$/.test(partNumber)) {
    return storageError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
  }
  const id = uploadId.toLowerCase();
  const part = Number(partNumber);
  const check = ctx.signer.verify(
    'PUT',
    partPath(id, part),
    queryValue(request.query, 'expires'),
    queryValue(request.query, 'signature'),
  );
  if (check !== 'ok') return signatureRefused(reply, check);
  const row = findUpload(ctx.sql, id);
  if (row === undefined || row.status !== 'INITIATED' || part > row.total_parts) {
    return storageError(reply, 404, 'NoSuchUpload', 'The specified upload does not exist or is no longer open.');
  }
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (declared > row.part_size) {
    reply.header('connection', 'close');
    return storageError(reply, 400, 'EntityTooLarge', `A part may hold at most ${row.part_size} bytes.`);
  }
  const raw = request.raw;
  const expected = part < row.total_parts ? row.part_size : row.file_size - (row.total_parts - 1) * row.part_size;
  const fault = ctx.faults.storageFault();
  if (fault === 'error') {
    await drain(raw);
    return storageError(reply, 500, 'InternalError', 'Injected storage failure (--storage-fail-rate).');
  }

  mkdirSync(uploadDir(ctx.storageDir, id), { recursive: true });
  const temp = join(uploadDir(ctx.storageDir, id), `${part}.${randomBytes(6).toString('hex')}.tmp`);
  const job = ctx.writers.open(temp);
  const stopAt =
    fault === 'drop' || fault === 'stall'
      ? ctx.faults.cutOffPoint(Number.isFinite(declared) ? declared : expected)
      : undefined;
  const received = await pump(raw, job, row.part_size, stopAt);

  if (received.kind !== 'ended') {
    job.abort();
    if (received.kind === 'too_large') {
      reply.header('connection', 'close');
      return storageError(reply, 400, 'EntityTooLarge', `A part may hold at most ${row.part_size} bytes.`);
    }
    // The client went away, or an injected drop/stall: no response is ever written.
    reply.hijack();
    if (fault === 'drop') raw.socket.destroy();
    return reply;
  }
  let result: Awaited<ReturnType<PartWriteJob['finish']>> | undefined;
  try {
    result = await job.finish();
  } catch (error) {
    // An abort that removed the session's folder mid-part is a closed session, not a server fault.
    if (findUpload(ctx.sql, id)?.status === 'INITIATED') throw error;
  }
  // Synchronous from here: the rename and the row change land together, last writer wins.
  const current = findUpload(ctx.sql, id);
  if (result === undefined || current === undefined || current.status !== 'INITIATED') {
    rmSync(temp, { force: true });
    return storageError(reply, 404, 'NoSuchUpload', 'The upload was completed or aborted while this part was sent.');
  }
  renameSync(temp, partFile(ctx.storageDir, id, part));
  ctx.sql.run(
    `INSERT INTO upload_parts (upload_id, part_number, etag, size, updated) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (upload_id, part_number) DO UPDATE SET etag = excluded.etag, size = excluded.size, updated = excluded.updated`,
    id,
    part,
    result.md5,
    result.size,
    ctx.clock.now(),
  );
  // A far-away storage: the answer reaches the client a round trip after its last byte left.
  const latencyMs = ctx.faults.settings.storageLatencyMs;
  if (latencyMs > 0) await sleep(latencyMs);
  return reply.code(200).header('etag', `"${result.md5}"`).send();
}

type PumpResult = { kind: 'ended'; bytes: number } | { kind: 'closed' } | { kind: 'too_large' } | { kind: 'stopped' };

/**
 * Forwards the request body to the writer with backpressure. Stops early when the body exceeds
 * maxBytes, when the client goes away, or at `stopAt` (an injected drop or stall: the stream is paused
 * and left alone, so the server stops reading mid-body).
 */
function pump(
  raw: IncomingMessage,
  job: PartWriteJob,
  maxBytes: number,
  stopAt: number | undefined,
): Promise<PumpResult> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (result: PumpResult): void => {
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      if (stopAt !== undefined && bytes + chunk.byteLength > stopAt) {
        raw.pause();
        finish({ kind: 'stopped' });
        return;
      }
      bytes += chunk.byteLength;
      if (bytes > maxBytes) {
        finish({ kind: 'too_large' });
        return;
      }
      if (!job.adopt(chunk)) {
        raw.pause();
        job.onDrain(() => raw.resume());
      }
    };
    const onEnd = (): void => finish({ kind: 'ended', bytes });
    const onClose = (): void => {
      if (!raw.complete) finish({ kind: 'closed' });
    };
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.on('error', onClose);
    raw.resume();
  });
}

function drain(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    raw.on('data', () => undefined);
    raw.once('end', resolve);
    raw.once('close', resolve);
    raw.resume();
  });
}

async function sendAsset(ctx: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const { uploadId } = request.params as { uploadId: string };
  if (!UUID_PATTERN.test(uploadId)) return storageError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
  const id = uploadId.toLowerCase();
  const check = ctx.signer.verify(
    'GET',
    assetPath(id),
    queryValue(request.query, 'expires'),
    queryValue(request.query, 'signature'),
  );
  if (check !== 'ok') return signatureRefused(reply, check);
  const row = findUpload(ctx.sql, id);
  if (row === undefined || row.status !== 'COMPLETED') {
    return storageError(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
  }
  const parts = ctx.sql.all<{ part_number: number; size: number }>(
    'SELECT part_number, size FROM upload_parts WHERE upload_id = ? ORDER BY part_number',
    id,
  );
  const total = parts.reduce((sum, item) => sum + item.size, 0);
  const range = parseRange(request.headers.range, total);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${total}`).type('application/xml').send();
  }
  const [start, end] = range ?? [0, total - 1];
  reply
    .code(range === null ? 200 : 206)
    .header('accept-ranges', 'bytes')
    .header('content-type', row.content_type)
    .header('content-length', String(Math.max(0, end - start + 1)))
    .header('etag', `"${row.multipart_upload_id.slice(0, 16)}-${parts.length}"`);
  if (range !== null) reply.header('content-range', `bytes ${start}-${end}/${total}`);
  // An empty stream (not an empty body) keeps our Content-Length on HEAD, where fastify would write 0.
  if (request.method === 'HEAD' || total === 0) return reply.send(Readable.from([]));
  return reply.send(Readable.from(readRange(ctx.storageDir, id, parts, start, end)));
}

/** The bytes start..end (inclusive) of the parts laid end to end, read from disk a MiB at a time. */
async function* readRange(
  storageDir: string,
  id: string,
  parts: { part_number: number; size: number }[],
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const part of parts) {
    const partStart = offset;
    const partEnd = offset + part.size - 1;
    offset += part.size;
    if (partEnd < start || partStart > end || part.size === 0) continue;
    const stream = createReadStream(partFile(storageDir, id, part.part_number), {
      start: Math.max(start, partStart) - partStart,
      end: Math.min(end, partEnd) - partStart,
      highWaterMark: 1024 * 1024,
    });
    for await (const chunk of stream) yield chunk as Buffer;
  }
}

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range; null = whole file (also for ranges we do not serve). */
function parseRange(header: string | undefined, total: number): [number, number] | null | 'unsatisfiable' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, total - Number(match[2]));
    end = total - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1);
  }
  if (start >= total || start > end) return 'unsatisfiable';
  return [start, end];
}
