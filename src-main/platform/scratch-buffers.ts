/**
 * Main process / plain Node. The buffers main reads files into to hash or sniff them (a file's
 * identity, its samples, a part's MD5, its first box): a few, made once and lent out, instead of a
 * fresh buffer per read.
 *
 * Why not a fresh one: a Buffer's memory comes from malloc and goes back only when V8 collects the
 * Buffer, which for a batch of files is after hundreds of them were made. Those big blocks sit
 * between the small allocations made meanwhile, and the holes they leave when freed are split up by
 * later small ones, so glibc's heap kept growing with every file while nothing in it stayed alive.
 * Lent buffers are made once and stay put.
 *
 * Lending at most `count` at a time also bounds the reads in flight: a batch's files queue for a
 * buffer rather than all reading at once (the file system's thread pool runs four reads at a time
 * anyway).
 */

export interface ScratchBuffers {
  /**
   * Runs `use` with a buffer of `bytes` bytes (holding whatever the last use left), lent until it
   * settles. `use` must not borrow a second one: with every buffer out it would wait on itself.
   */
  withBuffer<T>(use: (buffer: Buffer) => Promise<T>): Promise<T>;
  /** Buffers made so far (at most `count`). */
  readonly made: number;
  /** Callers waiting for a buffer. */
  readonly waiting: number;
}

export function createScratchBuffers(bytes: number, count: number): ScratchBuffers {
  const free: Buffer[] = [];
  const queue: ((buffer: Buffer) => void)[] = [];
  let made = 0;

  function take(): Promise<Buffer> {
    const ready = free.pop();
    if (ready) return Promise.resolve(ready);
    if (made < count) {
      made++;
      return Promise.resolve(Buffer.allocUnsafeSlow(bytes));
    }
    return new Promise((lend) => queue.push(lend));
  }

  function give(buffer: Buffer): void {
    const next = queue.shift();
    if (next) next(buffer);
    else free.push(buffer);
  }

  return {
    async withBuffer(use) {
      const buffer = await take();
      try {
        return await use(buffer);
      } finally {
        give(buffer);
      }
    },
    get made() {
      return made;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Main's shared lender for file reads: four quarter-MiB buffers. */
export const fileReadBuffers: ScratchBuffers = createScratchBuffers(256 * 1024, 4);
