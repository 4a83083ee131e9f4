// Plain Node (benchmarks). The least code Node and undici need for the engine's part PUTs, with no
// engine around it: the server's part size, four parts at a time, each read in half-MiB chunks into
// a reused ring, hashed on the way and handed to undici in quarter-MiB slices with a Content-Length.
// No journal, no progress, no stall watchdog, no bandwidth cap, no retries. The read and slice sizes,
// the ring and the ETag reading are the engine's own (storage-put.ts), so the two stay comparable.
// bench:link runs it in its own process (pinned to the CLI's core) and prints its CPU next to the
// CLI's, so a reader can tell what the engine adds from what this runtime costs for the same bytes.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Agent, request } from '../../src-main/api/index.ts';
import { READ_BYTES, ReadBufferPool, SEND_SLICE_BYTES, bareEtag } from '../../src-main/uploads/storage-put.ts';
import type { SandboxProcess } from './sandbox-process.ts';

const PARALLEL_PARTS = 4;
const SIGN_BATCH = 100;

/** Uploads `path` (`size` bytes) to a new session; returns the CPU-s of the PUTs alone and the session id. */
export async function leastNodePut(sandbox: SandboxProcess, path: string, size: number) {
  const { client } = sandbox;
  const session = await client.uploads.create(
    { upload_type: 'VIDEO', file_name: 'least-node.mp4', content_type: 'video/mp4', file_size: size },
    { idempotencyKey: crypto.randomUUID() },
  );
  const urls = new Map<number, string>();
  for (let first = 1; first <= session.total_parts; first += SIGN_BATCH) {
    const numbers = Array.from({ length: Math.min(SIGN_BATCH, session.total_parts - first + 1) }, (_, i) => first + i);
    for (const signed of await client.uploads.signParts(session.id, numbers)) urls.set(signed.part_number, signed.url);
  }
  const agent = new Agent({ connections: PARALLEL_PARTS });
  const buffers = new ReadBufferPool(PARALLEL_PARTS);
  const parts: { part_number: number; etag: string }[] = [];
  let next = 1;

  async function sendParts(): Promise<void> {
    const ring = buffers.take();
    while (next <= session.total_parts) {
      const part = next++;
      const start = (part - 1) * session.part_size;
      const length = Math.min(session.part_size, size - start);
      const handle = await open(path, 'r');
      const hash = createHash('md5');
      async function* body(): AsyncGenerator<Buffer> {
        let slot = 0;
        for (let at = 0; at < length;) {
          const buffer = ring[slot++ % ring.length]!;
          const { bytesRead } = await handle.read(buffer, 0, Math.min(READ_BYTES, length - at), start + at);
          if (bytesRead === 0) throw new Error(`${path} is shorter than ${size} bytes`);
          hash.update(buffer.subarray(0, bytesRead));
          for (let s = 0; s < bytesRead; s += SEND_SLICE_BYTES)
            yield buffer.subarray(s, Math.min(bytesRead, s + SEND_SLICE_BYTES));
          at += bytesRead;
        }
      }
      try {
        const response = await request(urls.get(part)!, {
          method: 'PUT',
          dispatcher: agent,
          headers: { 'content-length': String(length) },
          body: Readable.from(body(), { objectMode: false, highWaterMark: 1 }),
        });
        await response.body.dump();
        const etag = String(response.headers.etag ?? '');
        if (response.statusCode !== 200 || bareEtag(etag) !== hash.digest('hex')) {
          throw new Error(`part ${part}: storage answered ${response.statusCode} with ETag ${etag}`);
        }
        parts.push({ part_number: part, etag });
      } finally {
        await handle.close();
      }
    }
  }

  const before = process.cpuUsage();
  await Promise.all(Array.from({ length: PARALLEL_PARTS }, sendParts));
  const used = process.cpuUsage(before);
  await agent.close();
  parts.sort((a, b) => a.part_number - b.part_number);
  await client.uploads.complete(session.id, parts);
  return { cpu: (used.user + used.system) / 1e6, uploadId: session.id };
}
