// The lender of read buffers: the same few buffers serve every caller, a caller beyond the count
// waits for one to come back, and a use that throws still gives its buffer back.
import { describe, expect, it } from 'vitest';
import { createScratchBuffers } from './scratch-buffers.ts';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('scratch buffers', () => {
  it('lends at most `count` buffers at once and hands the same ones to later callers', async () => {
    const lender = createScratchBuffers(1024, 2);
    const seen = new Set<Buffer>();
    const holds = [deferred(), deferred(), deferred()];
    const started = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const uses = holds.map((hold, i) =>
      lender.withBuffer(async (buffer) => {
        expect(buffer.length).toBe(1024);
        seen.add(buffer);
        order.push(i);
        started[i]!.resolve();
        await hold.promise;
      }),
    );
    // The third asked while both buffers were out: it waits.
    expect(lender.waiting).toBe(1);
    await started[0]!.promise;
    await started[1]!.promise;
    expect(order).toEqual([0, 1]);
    expect(lender.made).toBe(2);
    expect(lender.waiting).toBe(1);
    holds[0]!.resolve();
    await uses[0];
    await started[2]!.promise;
    holds[2]!.resolve();
    await uses[2];
    holds[1]!.resolve();
    await uses[1];
    expect(order).toEqual([0, 1, 2]);
    expect(seen.size).toBe(2);
    await lender.withBuffer(async (buffer) => void seen.add(buffer));
    expect(seen.size).toBe(2);
    expect(lender.made).toBe(2);
  });

  it('takes a buffer back from a use that throws', async () => {
    const lender = createScratchBuffers(64, 1);
    let first: Buffer | undefined;
    await expect(
      lender.withBuffer(async (buffer) => {
        first = buffer;
        throw new Error('read failed');
      }),
    ).rejects.toThrow('read failed');
    expect(await lender.withBuffer(async (buffer) => buffer)).toBe(first);
    expect(lender.waiting).toBe(0);
  });
});
