// Benchmark (plain Node 24): `npm run bench:upload [-- --big]`. Uploads a sparse 1 GiB file (256 MiB,
// 1 GiB and 4 GiB with --big) to sandbox storage through the upload engine, and the same bytes with
// `curl -T` as one PUT, in the same run, alternating rounds. With 2+ cores the client side (this
// process with all its threads, or curl) is pinned to core 0 and the sandboxes to core 1 (taskset),
// so client and server never compete. Prints, per size:
//   - engine CPU-s per GiB ÷ the floor (curl's CPU-s + one MD5 of the bytes, both measured now),
//     target <= 1.25;
//   - throughput engine ÷ curl (median of paired rounds), target >= 0.95;
//   - the engine's peak RSS growth, target < 64 MiB and flat across sizes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, openSync, closeSync, ftruncateSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiClient, type ApiClient } from '../../src-main/api/index.ts';
import { createUploadManager } from '../../src-main/uploads/index.ts';
import { defaultMd5Workers } from '../../src-main/uploads/md5-pool.ts';
import { removeUploadFiles } from '../../src-main/sandbox/uploads-repo.ts';
import { md5CpuSecondsPerGiB, processCpuSeconds } from './measure.ts';

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
const SANDBOX_MAIN = fileURLToPath(new URL('../../src-main/sandbox/main.ts', import.meta.url));
const CURL = spawnSync('curl', ['--version']).status === 0;
if (!CURL) throw new Error('bench:upload compares with curl -T: install curl first');
// Client on core 0, server on core 1 (when there are two cores and taskset): they never share one.
const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (PIN) spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
const onCore = (core: number, command: string[]): string[] =>
  PIN ? ['taskset', '-c', String(core), ...command] : command;

interface Sandbox {
  child: ChildProcess;
  baseUrl: string;
  client: ApiClient;
  storageDir: string;
}

/**
 * Deletes an upload's stored bytes once it is timed and completed (nothing reads them back). Kept,
 * the rounds' GiBs fill RAM with page cache, and the kernel's reclaim then lands on whichever side
 * runs next (at 4 GiB it split rounds into 0.75 and 0.98).
 */
function forgetStoredBytes(sandbox: Sandbox, uploadId: string | null): void {
  if (uploadId !== null) removeUploadFiles(sandbox.storageDir, uploadId);
}

async function startSandboxProcess(partSize: number, dataDir: string): Promise<Sandbox> {
  const [command, ...args] = onCore(1, [
    process.execPath,
    SANDBOX_MAIN,
    '--quiet',
    '--seed',
    'demo',
    '--part-size',
    String(partSize),
    '--data',
    dataDir,
  ]);
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(first) as { baseUrl: string; keys: { tenantAdmin: string } };
  return {
    child,
    baseUrl: info.baseUrl,
    client: createApiClient({ baseUrl: info.baseUrl, apiKey: info.keys.tenantAdmin }),
    storageDir: join(dataDir, 'storage'),
  };
}

async function firstSection(client: ApiClient): Promise<{ courseId: string; sectionId: string }> {
  for await (const course of client.courses.iterate()) {
    const section = (await client.sections.list(course.id)).results[0];
    if (section) return { courseId: course.id, sectionId: section.id };
  }
  throw new Error('no section in the demo seed');
}

/**
 * `curl -T` of the whole file to a one-part session (the curl sandbox's part size >= file size),
 * pinned like the engine. Its CPU comes from bash's `times` (the children's user + system).
 */
async function curlPut(
  sandbox: Sandbox,
  path: string,
  size: number,
  dir: string,
): Promise<{ seconds: number; cpu: number }> {
  const session = await sandbox.client.uploads.create(
    { upload_type: 'VIDEO', file_name: 'curl.mp4', content_type: 'video/mp4', file_size: size },
    { idempotencyKey: crypto.randomUUID() },
  );
  if (session.total_parts !== 1) throw new Error('the curl sandbox must take the file as one part');
  const [signed] = await sandbox.client.uploads.signParts(session.id, [1]);
  const headers = join(dir, 'curl-headers.txt');
  const script = 'curl -sS --fail -H "Expect:" -T "$1" "$2" -D "$3" -o /dev/null; s=$?; times >&2; exit $s';
  const [command, ...args] = onCore(0, ['bash', '-c', script, 'bench', path, signed!.url, headers]);
  const t0 = performance.now();
  const child = spawn(command!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - t0) / 1000;
  if (code !== 0) throw new Error(`curl -T failed (${code}): ${stderr}`);
  // `times` prints the shell's line, then its children's: "0m0.412s 0m0.130s".
  const children = stderr.trim().split('\n').at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((n, m) => n + Number(m[1]) * 60 + Number(m[2]), 0);
  const etag = /^etag:\s*(.+?)\s*$/im.exec(readFileSync(headers, 'utf8'))?.[1];
  if (!etag) throw new Error('curl -T: storage sent no ETag');
  // Completed like the engine's, so both sides do the same work.
  await sandbox.client.uploads.complete(session.id, [{ part_number: 1, etag }]);
  forgetStoredBytes(sandbox, session.id);
  return { seconds, cpu };
}

/**
 * Both sandboxes keep what they receive on disk, so each side leaves a GiB of dirty pages behind.
 * Flushing them before every timed side keeps the kernel's write-back of one side's bytes from
 * landing in the other side's timing (on 2 cores it swung single rounds by ±25%).
 */
async function settle(): Promise<void> {
  spawnSync('sync', { stdio: 'ignore' });
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
}

/** Sparse: reading it costs no disk, so both sides read alike. */
function writeSparseFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function cpuSeconds(u: NodeJS.CpuUsage): number {
  return (u.user + u.system) / 1e6;
}

async function enginePut(
  sandbox: Sandbox,
  target: { courseId: string; sectionId: string },
  path: string,
  dir: string,
): Promise<{ seconds: number; rssGrowth: number; cpu: number }> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const manager = createUploadManager({
    journalPath: join(dir, `journal-${crypto.randomUUID()}.sqlite`),
    api: sandbox.client,
    concurrency: CONCURRENCY,
    md5Workers: MD5_WORKERS,
  });
  try {
    const [row] = await manager.add([{ path, lessonTarget: { kind: 'new', ...target, title: 'Bench' } }]);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    manager.start();
    await manager.whenIdle();
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuSeconds(process.cpuUsage(cpu0));
    const final = manager.get(row!.id)!;
    if (final.state !== 'done') throw new Error(`engine ended ${final.state}: ${final.error?.message}`);
    // Nothing should be sent twice on a healthy loopback (an ETag mismatch would show up here).
    if (final.bytesResent !== 0) throw new Error(`engine re-sent ${final.bytesResent} bytes`);
    forgetStoredBytes(sandbox, final.uploadId);
    return { seconds, rssGrowth: peak - baseline, cpu };
  } finally {
    clearInterval(sampler);
    await manager.close();
  }
}

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
  await enginePut(engineSandbox, target, warmPath, dir);
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
          const r = await enginePut(engineSandbox, target, path, dir);
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
  for (const s of [engineSandbox, curlSandbox]) {
    await s.client.close();
    s.child.kill('SIGTERM');
  }
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dir, { recursive: true, force: true });
}
