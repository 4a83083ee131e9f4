// Main process / plain Node, and the file-format worker thread. Which of V8's compilers WebAssembly
// gets: Lectern runs two modules, llhttp (undici's HTTP parser, a few short answers per part) and
// mediainfo.js (megabytes, run a few milliseconds per file). V8's dynamic tiering recompiled hundreds
// of their functions with TurboFan on background threads: CPU that competed with the uploads and
// never paid back. Liftoff, the baseline compiler, is enough for both. Measured through `lectern
// upload`, alternating builds in one run: mediainfo's thread on Liftoff took one 4 MiB file from
// 1.26–1.54 to 1.00–1.21 CPU-s (60 files × 4 MiB: 3.30–3.72 → 3.06–3.26); llhttp too, 0.89–0.97 →
// 0.78–0.83 in a later run. Electron, like Node, starts V8 with --no-freeze-flags-after-init, which
// is what lets flags change at run time.
import { setFlagsFromString } from 'node:v8';

/**
 * Call before the first WebAssembly compile; calling again changes nothing. V8 flags hold for the
 * whole process (every thread); flags set at run time do not bring their implications, hence both.
 * Not --liftoff-only: that makes any function Liftoff cannot compile (a CPU without a feature it
 * needs) a fatal error.
 */
export function keepWebAssemblyOnBaselineTier(): void {
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}
