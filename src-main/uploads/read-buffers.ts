// Main process / plain Node. The buffers part PUTs read the file into: rings of reused buffers,
// kept by a pool, carved out of page-aligned memory.
//
// Page-aligned because of how the kernel copies a file's cached pages into them: with `rep movsb`,
// which on some CPUs (AMD EPYC measured) runs several times slower when the destination lies a few
// bytes past a page boundary while the source (the page cache) starts on one. That is exactly where
// malloc puts a big buffer (glibc: 16 bytes into a fresh mapping), so a new process's
// Buffer.allocUnsafeSlow rings made the reads cost more CPU than all of the engine's own bookkeeping
// (`npm run bench:link`). WebAssembly memory always starts on a page boundary.

/**
 * The file is read half a MiB at a time. Half a MiB: each read's bytes are still in the CPU's cache
 * when they are hashed and copied to the socket; reads of a whole MiB (4 MiB of ring per part) cost
 * more CPU, and so do quarter-MiB reads (more calls); `npm run bench:link` measures the engine's CPU
 * against the least Node code for the same PUTs.
 */
export const READ_BYTES = 512 * 1024;

const WASM_PAGE_BYTES = 64 * 1024;

/** Rings of read buffers, reused across parts (a handful per slot, allocated once). */
export class ReadBufferPool {
  static readonly RING_SLOTS = 4;
  private readonly free: Buffer[][] = [];
  private readonly keep: number;
  /** Room for `keep` rings, carved as they are first needed; null when no such memory can be had. */
  private arena: ArrayBuffer | null | undefined;
  private carved = 0;

  constructor(keep = 4) {
    this.keep = keep;
  }

  take(): Buffer[] {
    return this.free.pop() ?? this.newRing();
  }

  give(ring: Buffer[]): void {
    if (this.free.length < this.keep) this.free.push(ring);
  }

  private newRing(): Buffer[] {
    const ringBytes = ReadBufferPool.RING_SLOTS * READ_BYTES;
    // A used-up arena stays alive only through its rings still in use; the next rings come from a new one.
    if (this.arena === undefined || (this.arena !== null && this.carved === this.keep)) {
      this.arena = pageAlignedMemory(this.keep * ringBytes);
      this.carved = 0;
    }
    const arena = this.arena;
    if (arena === null) {
      return Array.from({ length: ReadBufferPool.RING_SLOTS }, () => Buffer.allocUnsafeSlow(READ_BYTES));
    }
    const start = this.carved++ * ringBytes;
    return Array.from({ length: ReadBufferPool.RING_SLOTS }, (_, i) =>
      Buffer.from(arena, start + i * READ_BYTES, READ_BYTES),
    );
  }
}

/**
 * `bytes` of zeroed memory starting on a page boundary, or null where WebAssembly is off (--jitless)
 * or the address space is short: the rings are then plain buffers, slower to read into, nothing else.
 * The memory never grows, so its buffer is never detached under a ring.
 */
function pageAlignedMemory(bytes: number): ArrayBuffer | null {
  // The main process's type library has no WebAssembly; at run time it is there unless turned off.
  const wasm = (globalThis as { WebAssembly?: { Memory: WasmMemoryConstructor } }).WebAssembly;
  if (!wasm) return null;
  try {
    const pages = Math.ceil(bytes / WASM_PAGE_BYTES);
    return new wasm.Memory({ initial: pages, maximum: pages }).buffer;
  } catch {
    return null;
  }
}

type WasmMemoryConstructor = new (size: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
