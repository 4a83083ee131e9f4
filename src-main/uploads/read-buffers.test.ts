import { describe, expect, it } from 'vitest';
import { READ_BYTES, ReadBufferPool } from './read-buffers.ts';

describe('ReadBufferPool', () => {
  it('hands out rings whose buffers never share a byte, across more rings than one arena holds', () => {
    const pool = new ReadBufferPool(2);
    const rings = Array.from({ length: 5 }, () => pool.take());
    const buffers = rings.flat();
    expect(buffers).toHaveLength(5 * ReadBufferPool.RING_SLOTS);
    buffers.forEach((buffer, i) => {
      expect(buffer.byteLength).toBe(READ_BYTES);
      buffer.fill(i + 1);
    });
    // Each buffer still holds only its own mark: no two overlap.
    buffers.forEach((buffer, i) => {
      expect(buffer[0]).toBe(i + 1);
      expect(buffer[READ_BYTES - 1]).toBe(i + 1);
    });
  });

  it('gives back the rings it kept before making new ones, up to `keep`', () => {
    const pool = new ReadBufferPool(1);
    const first = pool.take();
    const second = pool.take();
    pool.give(first);
    pool.give(second); // beyond keep: let go
    expect(pool.take()).toBe(first);
    const fresh = pool.take();
    expect(fresh).not.toBe(first);
    expect(fresh).not.toBe(second);
  });
});
