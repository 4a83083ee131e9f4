// Tests (plain Node): the storage writer on real worker threads and real files — bytes and MD5 come
// out exact across batch edges, many parts run at once, the source is paused when batches pile up,
// and an aborted part leaves no file.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../test-support/index.ts';
import { BATCH_BYTES, MAX_BATCHES_IN_FLIGHT, PartWriterPool } from './storage-writer.ts';

const folder = suiteTempDir('lectern-storage-writer-');
let dir: string;
let pool: PartWriterPool;

beforeAll(() => {
  dir = folder.path;
  pool = new PartWriterPool(2);
});
afterAll(async () => {
  await pool.close();
});

/** Writes `data` in chunks of the given sizes (cycled), waiting for drain like the HTTP route does. */
async function writeAll(path: string, data: Buffer, chunkSizes: number[]) {
  const job = pool.open(path);
  let offset = 0;
  let turn = 0;
  let pauses = 0;
  while (offset < data.byteLength) {
    const size = chunkSizes[turn++ % chunkSizes.length]!;
    const more = job.write(data.subarray(offset, offset + size));
    offset += size;
    if (!more) {
      pauses += 1;
      await new Promise<void>((resolve) => job.onDrain(resolve));
    }
  }
  return { result: await job.finish(), pauses };
}

describe('PartWriterPool', () => {
  it('writes the exact bytes and their MD5 across batch edges, for several parts at once', async () => {
    const sizes = [0, 1, BATCH_BYTES - 1, BATCH_BYTES, BATCH_BYTES + 1, 5 * BATCH_BYTES + 12_345];
    const parts = sizes.map((size, index) => ({ path: join(dir, `part-${index}`), data: randomBytes(size) }));
    const results = await Promise.all(parts.map((part) => writeAll(part.path, part.data, [65_536, 1000, 333_333])));
    for (const [index, part] of parts.entries()) {
      expect(results[index]!.result).toEqual({
        md5: createHash('md5').update(part.data).digest('hex'),
        size: part.data.byteLength,
      });
      expect(readFileSync(part.path).equals(part.data)).toBe(true);
    }
  });

  it('moves chunks that own their memory to the worker uncopied, mixed with copied ones, bytes exact', async () => {
    const data = randomBytes(3 * BATCH_BYTES + 4321);
    const path = join(dir, 'adopted');
    const job = pool.open(path);
    const given: Uint8Array[] = [];
    for (let offset = 0, turn = 0; offset < data.byteLength; turn++) {
      const size = Math.min([65_536, 70_000, 333][turn % 3]!, data.byteLength - offset);
      // Every third chunk is a view into a shared buffer (copied); the others own their memory.
      const chunk =
        turn % 3 === 2 ? data.subarray(offset, offset + size) : Uint8Array.from(data.subarray(offset, offset + size));
      if (turn % 3 !== 2) given.push(chunk);
      if (!job.adopt(chunk)) await new Promise<void>((resolve) => job.onDrain(resolve));
      offset += size;
    }
    const result = await job.finish();
    expect(result).toEqual({ md5: createHash('md5').update(data).digest('hex'), size: data.byteLength });
    expect(readFileSync(path).equals(data)).toBe(true);
    // Moved, not copied: the given chunks are detached on this side.
    expect(given.every((chunk) => chunk.byteLength === 0)).toBe(true);
  });

  it('asks the source to pause once more than the allowed batches are out', async () => {
    const data = randomBytes((MAX_BATCHES_IN_FLIGHT + 6) * BATCH_BYTES);
    const { result, pauses } = await writeAll(join(dir, 'big'), data, [BATCH_BYTES]);
    expect(result.size).toBe(data.byteLength);
    expect(pauses).toBeGreaterThan(0);
  });

  it('deletes the partial file of an aborted part and rejects a later finish', async () => {
    const path = join(dir, 'aborted');
    const job = pool.open(path);
    job.write(randomBytes(3 * BATCH_BYTES));
    job.abort();
    await expect(job.finish()).rejects.toThrow(/already finished or aborted/);
    // The worker handles the abort after the batches before it: a later part proves it is done.
    await writeAll(join(dir, 'after-abort'), randomBytes(10), [10]);
    expect(existsSync(path)).toBe(false);
  });

  it('fails a part whose file cannot be created, and keeps serving others', async () => {
    const job = pool.open(join(dir, 'no-such-folder', 'part'));
    job.write(randomBytes(BATCH_BYTES + 5));
    await expect(job.finish()).rejects.toThrow(/ENOENT/);
    const data = randomBytes(2 * BATCH_BYTES);
    const { result } = await writeAll(join(dir, 'still-fine'), data, [65_536]);
    expect(result.md5).toBe(createHash('md5').update(data).digest('hex'));
  });
});
