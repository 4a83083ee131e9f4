// Plain Node (benchmarks), loaded into the bridge host with `node --import` by bench:ui, never by
// the app. It watches the host's event loop (perf_hooks.monitorEventLoopDelay) and, on SIGUSR2,
// writes what it saw since the last signal, with the process's memory after a full collection
// (when started with --expose-gc), to the file named by LECTERN_BENCH_PROBE_FILE; then starts over.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env['LECTERN_BENCH_PROBE_FILE'];
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => ns / 1e6;
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const memory = process.memoryUsage();
    const report = {
      loop: {
        samples: delay.count,
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, external: memory.external, collected: gc !== undefined },
      at: Date.now(),
    };
    writeFileSync(file, JSON.stringify(report));
    delay.reset();
  });
}
