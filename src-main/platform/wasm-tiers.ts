// Main process / plain Node, and the file-format worker thread. Which of V8's compilers WebAssembly
// gets: Lectern runs two modules, llhttp (undici's HTTP parser, a few short answers per part) and
// mediainfo.js (megabytes, run a few milliseconds per file). V8's dynamic tiering recompiled hundreds
// of their functions with TurboFan on background threads: CPU that competed with the uploads and
// never paid back. Liftoff, the baseline compiler, is enough for both: `lectern upload` (alternating
// builds, `npm run bench:upload` / `bench:link`) spends less CPU per file with it, for each module.
// Electron, like Node, starts V8 with --no-freeze-flags-after-init, which is what lets flags change
// at run time.
//
// The flags are set as late as they can be, and llhttp's are put back: V8 takes compiled code from
// a cache only when the flags that differ from its defaults are the ones the cache was made with,
// so while these are set, every one of Node's built-in modules loaded after (a worker thread's start
// loads dozens) is compiled afresh, which made a worker's start markedly dearer. Putting them back is safe only for a module compiled whole at once: V8 keeps the tiering
// choice of a compile, but compiles most functions lazily, at their first call, with the flags of
// that moment (no dynamic tiering and tier-up on means TurboFan for every one: far worse). llhttp
// is small and compiled whole; mediainfo is megabytes, mostly never run, so it stays lazy and its
// flags stay set for good, late, in the thread that runs it (compiling it whole makes every probe
// dearer).
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { setFlagsFromString } from 'node:v8';

// V8 flags hold for the whole process, so the threads that change them share this state:
// [0] a lock around each change, [1] 1 once a thread has kept the flags set for good.
const LOCK = 0;
const KEPT = 1;
let shared = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/** For a worker thread's `workerData`: the state the thread then adopts (adoptWasmTierState). */
export function wasmTierState(): SharedArrayBuffer {
  return shared.buffer;
}

/** In a worker thread, before it changes any flag: the process's one state, from its creator. */
export function adoptWasmTierState(state: SharedArrayBuffer): void {
  shared = new Int32Array(state);
}

function underLock(change: () => void): void {
  while (Atomics.compareExchange(shared, LOCK, 0, 1) !== 0) Atomics.wait(shared, LOCK, 1, 1);
  try {
    change();
  } finally {
    Atomics.store(shared, LOCK, 0);
    Atomics.notify(shared, LOCK, 1);
  }
}

/** No dynamic tier-up. Flags set at run time do not bring their implications, hence both. Not
 * --liftoff-only: that makes any function Liftoff cannot compile (a CPU without a feature it
 * needs) a fatal error. */
function noTierUp(): void {
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/**
 * For mediainfo: from now on, for the whole process, WebAssembly stays on Liftoff. Call right
 * before the compile, in the thread that runs it.
 */
export function keepWebAssemblyOnBaselineTier(): void {
  underLock(() => {
    Atomics.store(shared, KEPT, 1);
    noTierUp();
  });
}

const BEFORE_CONNECT = 'undici:client:beforeConnect';
const CONNECTED = 'undici:client:connected';
const CONNECT_ERROR = 'undici:client:connectError';

/**
 * For llhttp: undici compiles it inside the first connection it makes (after the socket connects,
 * before 'connected' is published), not at a call Lectern makes. So while a connection is being
 * made, WebAssembly is compiled whole and on Liftoff only; the flags go back to V8's defaults (the
 * ones Node's and Electron's caches are made with) as it ends, unless a thread kept them
 * meanwhile. Once one connection is made, the listeners go. Call once, before the first request.
 */
export function compileHttpParserOnBaselineTier(): void {
  let connecting = 0;
  const open = (): void => {
    if (connecting++ > 0) return;
    underLock(() => {
      noTierUp();
      setFlagsFromString('--no-wasm-lazy-compilation');
    });
  };
  const close = (): void => {
    if (connecting === 0 || --connecting > 0) return;
    underLock(() => {
      setFlagsFromString('--wasm-lazy-compilation');
      if (Atomics.load(shared, KEPT) === 1) return;
      setFlagsFromString('--wasm-dynamic-tiering');
      setFlagsFromString('--wasm-tier-up');
    });
  };
  const connected = (): void => {
    unsubscribe(BEFORE_CONNECT, open);
    unsubscribe(CONNECTED, connected);
    unsubscribe(CONNECT_ERROR, close);
    connecting = Math.min(connecting, 1);
    close();
  };
  subscribe(BEFORE_CONNECT, open);
  subscribe(CONNECTED, connected);
  subscribe(CONNECT_ERROR, close);
}
