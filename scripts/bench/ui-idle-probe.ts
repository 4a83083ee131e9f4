// Plain Node (benchmarks), its own process beside the bridge host during bench:ui's upload window:
// an event loop with nothing to do, watched as ui-main-probe.ts watches main's. Its delay is what
// the machine alone causes a Node process on it then (the kernel giving the cores to Chromium, the
// sandbox server receiving the bytes, the test's own driver): a floor main's delay is judged beyond.
// On SIGUSR2 it prints what it saw since the last signal as one JSON line, then starts over.
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The same resolution as ui-main-probe.ts, so the two are comparable. */
export const PROBE_RESOLUTION_MS = 10;

if (import.meta.main) {
  const delay = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS });
  delay.enable();
  const ms = (ns: number) => ns / 1e6;
  process.on('SIGUSR2', () => {
    const loop = {
      samples: delay.count,
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      mean: ms(delay.mean),
    };
    process.stdout.write(`${JSON.stringify(loop)}\n`);
    delay.reset();
  });
  setInterval(() => {}, 1 << 30);
  process.stdout.write('ready\n');
}
