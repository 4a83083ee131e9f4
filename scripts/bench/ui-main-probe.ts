// Plain Node (benchmarks), loaded into the bridge host with `node --import` by bench:ui, never by
// the app. It watches the host's event loop (perf_hooks.monitorEventLoopDelay) and, on SIGUSR2,
// writes what it saw since the last signal, with the process's memory after a full collection
// (when started with --expose-gc), to the file named by LECTERN_BENCH_PROBE_FILE; then starts over.
// The collection is V8's memory-reducing one (as the renderer's HeapProfiler.collectGarbage): it
// also gives back the young generation's room, which a plain gc() leaves at its largest after a
// busy stretch, so heapTotal is what the heap holds rather than how big it once had to be.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env['LECTERN_BENCH_PROBE_FILE'];
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => ns / 1e6;
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: (options?: object) => void }).gc;
    gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const memory = process.memoryUsage();
    const report = {
      loop: {
        samples: delay.count,
        p50: ms(delay.percentile(50)),
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
      },
      memory: {
        rss: memory.rss,
        heapUsed: memory.heapUsed,
        heapTotal: memory.heapTotal,
        external: memory.external,
        collected: gc !== undefined,
      },
      at: Date.now(),
    };
    writeFileSync(file, JSON.stringify(report));
    delay.reset();
  });
}
