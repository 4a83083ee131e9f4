// Benchmark (plain Node 24): `npm run bench:upload [-- --big]`. Uploads a sparse 1 GiB file (256 MiB,
// 1 GiB and 4 GiB with --big) to sandbox storage through the upload engine, and the same bytes with
// `curl -T` as one PUT, in the same run, alternating rounds. With 2+ cores the client side (this
// process with all its threads, or curl) is pinned to core 0 and the sandboxes to core 1 (taskset),
// so client and server never compete. Prints, per size:
//   - engine CPU-s per GiB ÷ the floor (curl's CPU-s + one MD5 of the bytes, both measured now),
//     target <= 1.25;
//   - throughput engine ÷ curl (median of paired rounds), target >= 0.95;
//   - the engine's peak RSS growth, target < 64 MiB and flat across sizes.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultMd5Workers } from '../../src-main/uploads/md5-pool.ts';
import { md5CpuSecondsPerGiB, processCpuSeconds } from './measure.ts';
import {
  PIN,
  curlPut,
  enginePut,
  firstSection,
  medianOf,
  pinThisProcessToCore0,
  requireCurl,
  settle,
  startSandboxProcess,
  stopSandboxProcess,
  writeSparseFile,
} from './sandbox-process.ts';

const GiB = 1024 ** 3;
const { values } = parseArgs({
  options: {
    big: { type: 'boolean' },
    size: { type: 'string' },
    rounds: { type: 'string' },
    concurrency: { type: 'string' },
    'part-size': { type: 'string' },
    'md5-workers': { type: 'string' },
  },
});
const sizes = values.size ? [Number(values.size)] : values.big ? [GiB / 4, GiB, 4 * GiB] : [GiB];
const ROUNDS = values.rounds ? Number(values.rounds) : undefined;
const CONCURRENCY = Number(values.concurrency ?? 4);
const PART_SIZE = Number(values['part-size'] ?? 8 * 1024 * 1024);
const MD5_WORKERS = Number(values['md5-workers'] ?? defaultMd5Workers());
requireCurl('bench:upload');
pinThisProcessToCore0();

const engineOptions = { concurrency: CONCURRENCY, md5Workers: MD5_WORKERS };

const dir = mkdtempSync(join(tmpdir(), 'lectern-bench-upload-'));
const engineSandbox = await startSandboxProcess(PART_SIZE, join(dir, 'engine-sandbox'));
const curlSandbox = await startSandboxProcess(Math.max(...sizes), join(dir, 'curl-sandbox'));
const results: Record<string, unknown>[] = [];
try {
  const target = await firstSection(engineSandbox.client);
  // One untimed full-size run of each side first (JIT, connections, both sandboxes' first parts, and
  // the first GiB of page cache, which on VMs comes far cheaper than the next): without it the first
  // timed round ran 25-35% below the rest.
  const warmPath = join(dir, 'warm-up.bin');
  writeSparseFile(warmPath, sizes[0]!);
  await curlPut(curlSandbox, warmPath, sizes[0]!, dir);
  await enginePut(engineSandbox, target, warmPath, dir, engineOptions);
  rmSync(warmPath, { force: true });
  for (const size of sizes) {
    const path = join(dir, `source-${size}.bin`);
    writeSparseFile(path, size);
    // A sparse file's first read makes the kernel build its zero pages: do it once, untimed, so
    // neither side pays for it. Then alternate which side goes first.
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) void chunk;
    const curl: number[] = [];
    const engine: number[] = [];
    const rss: number[] = [];
    const curlCpu: number[] = [];
    const md5Cpu: number[] = [];
    const engineCpu: number[] = [];
    const curlSandboxCpu: number[] = [];
    const engineSandboxCpu: number[] = [];
    const rounds = ROUNDS ?? (size > GiB ? 3 : 5);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? ['curl', 'engine'] : ['engine', 'curl'];
      for (const side of order) {
        await settle();
        if (side === 'curl') {
          const serverCpu = processCpuSeconds(curlSandbox.child.pid ?? 0);
          md5Cpu.push(md5CpuSecondsPerGiB());
          const r = await curlPut(curlSandbox, path, size, dir);
          curlSandboxCpu.push(processCpuSeconds(curlSandbox.child.pid ?? 0) - serverCpu);
          curl.push(r.seconds);
          curlCpu.push(r.cpu);
        } else {
          const serverCpu = processCpuSeconds(engineSandbox.child.pid ?? 0);
          const r = await enginePut(engineSandbox, target, path, dir, engineOptions);
          engineSandboxCpu.push(processCpuSeconds(engineSandbox.child.pid ?? 0) - serverCpu);
          engine.push(r.seconds);
          rss.push(r.rssGrowth);
          engineCpu.push(r.cpu);
        }
      }
    }
    const perGiB = (cpu: number) => (cpu * GiB) / size;
    const mbps = (s: number) => size / s / 1024 ** 2;
    // Each round runs both sides back to back, so its ratio shares the machine's load at that
    // moment; the median of those is the headline.
    const paired = curl.map((c, i) => c / engine[i]!).sort((a, b) => a - b);
    // The floor any engine must pay on the client: what curl spends moving the bytes, plus one
    // MD5 of them (the ETag check), measured in every round on this core (the median of those).
    const md5 = medianOf(md5Cpu);
    const floor = medianOf(curlCpu.map(perGiB)) + md5;
    const engineCpuPerGiB = medianOf(engineCpu.map(perGiB));
    const row = {
      sizeGiB: size / GiB,
      pinned: PIN,
      curlMiBps: Number(mbps(medianOf(curl)).toFixed(1)),
      engineMiBps: Number(mbps(medianOf(engine)).toFixed(1)),
      throughputRatio: Number(medianOf(paired).toFixed(3)),
      roundRatios: paired.map((r) => Number(r.toFixed(3))),
      engineCpuSecPerGiB: Number(engineCpuPerGiB.toFixed(2)),
      curlCpuSecPerGiB: Number(medianOf(curlCpu.map(perGiB)).toFixed(2)),
      md5CpuSecPerGiB: Number(md5.toFixed(2)),
      floorCpuSecPerGiB: Number(floor.toFixed(2)),
      cpuRatio: Number((engineCpuPerGiB / floor).toFixed(3)),
      enginePeakRssGrowthMiB: Number((Math.max(...rss) / 1024 ** 2).toFixed(1)),
      curlSandboxCpuSecPerGiB: Number(medianOf(curlSandboxCpu.map(perGiB)).toFixed(2)),
      engineSandboxCpuSecPerGiB: Number(medianOf(engineSandboxCpu.map(perGiB)).toFixed(2)),
      rounds,
      concurrency: CONCURRENCY,
      md5Workers: MD5_WORKERS,
      partSizeMiB: PART_SIZE / 1024 ** 2,
    };
    results.push(row);
    console.log(
      `${row.sizeGiB} GiB${PIN ? ' (client on core 0, server on core 1)' : ' (not pinned)'}: ` +
        `CPU engine ${row.engineCpuSecPerGiB} s/GiB vs floor ${row.floorCpuSecPerGiB} ` +
        `(curl ${row.curlCpuSecPerGiB} + MD5 ${row.md5CpuSecPerGiB}) = ${row.cpuRatio}x (target <= 1.25); ` +
        `throughput engine ${row.engineMiBps} MiB/s vs curl -T ${row.curlMiBps} MiB/s = ${row.throughputRatio} ` +
        `(median of rounds ${row.roundRatios.join(', ')}; target >= 0.95); ` +
        `engine peak RSS growth ${row.enginePeakRssGrowthMiB} MiB (target < 64, flat); ` +
        `sandbox CPU per GiB: ${row.curlSandboxCpuSecPerGiB} s for curl's PUT, ${row.engineSandboxCpuSecPerGiB} s for the engine's parts`,
    );
    rmSync(path, { force: true });
  }
  if (results.length > 1) {
    const growth = results.map((r) => Number(r.enginePeakRssGrowthMiB));
    console.log(
      `RSS growth across sizes: ${growth.join(', ')} MiB (spread ${(Math.max(...growth) - Math.min(...growth)).toFixed(1)} MiB)`,
    );
  }
  console.log(JSON.stringify({ bench: 'upload', results }));
} finally {
  for (const s of [engineSandbox, curlSandbox]) await stopSandboxProcess(s);
  rmSync(dir, { recursive: true, force: true });
}
