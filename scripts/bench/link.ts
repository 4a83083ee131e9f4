// Benchmark (plain Node 24, as root): `npm run bench:link [-- --rounds N --latencies 1,40,100,200]
// [--pipeline-only]` (--pipeline-only: the many-files case alone, without the big file's 2–4).
// Uploads over a link like an instructor's to a far-away server: a private network namespace whose
// loopback is shaped with `tc … tbf rate 400mbit`, and the sandbox adding the round trip to every API
// call and every part PUT (no netem here). In one run, side by side with curl and the least Node code
// for the same PUTs, it prints each ratio against its goal:
//   1. 60 files × 4 MiB to one section through the CLI ÷ the time the bytes need on the link, at each
//      latency (≤ 1.15 in every round); also ÷ the floor any client of this API has (the bytes plus
//      the five round trips of one file: create the session, sign, the PUT's answer, complete, create
//      the lesson), printed, not judged;
//   2. one 1 GiB file: throughput of the engine ÷ `curl -T` of the same bytes (≥ 0.98);
//   3. the CLI's CPU for that GiB beyond its fixed cost ÷ the least Node + undici code for the same
//      PUTs (least-node-put.ts, ≤ 1.15), and the fixed cost itself: the same upload of one 4 MiB file
//      (≤ 0.3 CPU-s);
//   4. the sandbox's CPU receiving the CLI's GiB ÷ receiving curl's (≤ 1.05).
// The machine's speed (a fixed loop) is printed at the start and the end. Where no namespace can be
// made (not root, no `ip`/`tc`, no tbf) it says why and skips.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseByteCount } from '../../src-main/cli/args.ts';
import { fixedLoopMs, md5CpuSecondsPerGiB, processCpuSeconds } from './measure.ts';
import {
  PIN,
  curlPut,
  enginePut,
  forgetAllStoredBytes,
  forgetStoredBytes,
  firstSection,
  medianOf,
  pinThisProcessToCore0,
  requireCurl,
  settle,
  startSandboxProcess,
  stopSandboxProcess,
  timedCommand,
  type SandboxProcess,
} from './sandbox-process.ts';
import { writeBigVideo, writeSmallVideos } from './link-jobs.ts';
import { leastNodePut } from './least-node-put.ts';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const RATE_MBIT = 400;
const BYTES_PER_SECOND = (RATE_MBIT * 1e6) / 8;
const NETNS_ENV = 'LECTERN_BENCH_NETNS';
const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    latencies: { type: 'string' },
    files: { type: 'string' },
    'big-size': { type: 'string' },
    concurrency: { type: 'string' },
    'pipeline-only': { type: 'boolean' },
  },
});
/** The latency of the single-file cases (the big file, the fixed cost). */
const LATENCY_MS = 40;
/** The round trips one file needs whatever the client: session, sign, PUT answer, complete, lesson. */
const ROUND_TRIPS_PER_FILE = 5;
const ROUNDS = Number(values.rounds ?? 3);
const LATENCIES = (values.latencies ?? '1,40,100,200').split(',').map(Number);
const FILES = Number(values.files ?? 60);
const SMALL_SIZE = 4 * MiB;
const BIG_SIZE = values['big-size'] === undefined ? GiB : byteSize(values['big-size']);
const CLI = fileURLToPath(new URL('../../bin/lectern.js', import.meta.url));

/** `--big-size`: bytes, or a size like 256MiB or 1G (the CLI's own reading); anything else stops the bench. */
function byteSize(text: string): number {
  const bytes = parseByteCount(text);
  if (!(bytes > 0)) throw new Error(`--big-size ${JSON.stringify(text)}: give bytes, or a size like 256MiB or 1GiB`);
  return bytes;
}

if (process.env[NETNS_ENV] === undefined) process.exit(outside());
await inside();

/** Makes the shaped namespace, runs this script again inside it, and removes the namespace. */
function outside(): number {
  const name = `lectern-link-${process.pid}`;
  const run = (command: string[]) => spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
  const skip = (why: string): number => {
    console.log(`bench:link skipped: ${why}`);
    console.log(JSON.stringify({ bench: 'link', skipped: why }));
    return 0;
  };
  if (process.getuid?.() !== 0) return skip('making a network namespace needs root');
  for (const tool of ['ip', 'tc']) {
    if (run(['which', tool]).status !== 0) return skip(`\`${tool}\` (iproute2) is not installed`);
  }
  const made = run(['ip', 'netns', 'add', name]);
  if (made.status !== 0) return skip(`ip netns add failed: ${made.stderr.trim()}`);
  try {
    const lo = run(['ip', 'netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
    if (lo.status !== 0) return skip(`loopback in the namespace: ${lo.stderr.trim()}`);
    // Burst a little above loopback's 64 KiB packets; the queue holds about 50 ms of traffic.
    const shape = ['tc', 'qdisc', 'add', 'dev', 'lo', 'root', 'tbf', 'rate', `${RATE_MBIT}mbit`, 'burst', '256kb'];
    const tbf = run(['ip', 'netns', 'exec', name, ...shape, 'latency', '50ms']);
    if (tbf.status !== 0) return skip(`tc tbf on the namespace's loopback: ${tbf.stderr.trim()}`);
    const self = spawnSync(
      'ip',
      [
        'netns',
        'exec',
        name,
        process.execPath,
        '--expose-gc',
        fileURLToPath(import.meta.url),
        ...process.argv.slice(2),
      ],
      { stdio: 'inherit', env: { ...process.env, [NETNS_ENV]: name } },
    );
    return self.status ?? 1;
  } finally {
    run(['ip', 'netns', 'del', name]);
  }
}

function ratioLine(name: string, value: number, target: string, detail: string, unit = 'x'): Record<string, unknown> {
  const [op, limit] = [target.slice(0, 2), Number(target.slice(2))];
  const met = op === '<=' ? value <= limit : value >= limit;
  const shown = unit === 'x' ? `${value.toFixed(3)}x` : `${value.toFixed(2)} ${unit}`;
  console.log(`${met ? 'MET ' : 'MISS'} ${name}: ${shown} (target ${target}) — ${detail}`);
  return { name, ratio: Number(value.toFixed(3)), target, met, ...(unit === 'x' ? {} : { unit }) };
}

function cliEnv(sandbox: SandboxProcess, dataDir: string): NodeJS.ProcessEnv {
  return { ...process.env, LECTERN_API_KEY: sandbox.apiKey, LECTERN_DATA_DIR: dataDir };
}

/** 60 files × 4 MiB to one section through the CLI, on a fresh sandbox with `latencyMs`. */
async function pipelineJob(dir: string, files: string[], latencyMs: number, round: number) {
  const work = join(dir, `pipeline-${latencyMs}-${round}`);
  const sandbox = await startSandboxProcess(8 * MiB, join(work, 'sandbox'), [
    '--latency',
    String(latencyMs),
    '--storage-latency',
    String(latencyMs),
  ]);
  try {
    const target = await firstSection(sandbox.client);
    const concurrency = values.concurrency ? ['--concurrency', values.concurrency] : [];
    const args = ['upload', ...files, '--section', `${target.courseId}/${target.sectionId}`, ...concurrency];
    const run = await timedCommand(
      [process.execPath, CLI, ...args, '--base-url', sandbox.baseUrl],
      cliEnv(sandbox, join(work, 'cli')),
    );
    if (run.code !== 0) throw new Error(`lectern upload exited ${run.code}: ${run.stderr.slice(-2000)}`);
    // The run only counts if every file became a lesson, in the order given.
    const section = await sandbox.client.sections.get(target.courseId, target.sectionId);
    const titles = (section.lessons ?? []).map((l) => l.title ?? '').filter((t) => t.startsWith('link-'));
    const expected = files.map((_, i) => `link-${String(i + 1).padStart(3, '0')}`);
    if (titles.join() !== expected.join()) throw new Error(`lessons not in the given order: ${titles.join(', ')}`);
    return run;
  } finally {
    await stopSandboxProcess(sandbox);
    rmSync(work, { recursive: true, force: true });
  }
}

async function inside(): Promise<void> {
  requireCurl('bench:link');
  pinThisProcessToCore0();
  const dir = mkdtempSync(join(tmpdir(), 'lectern-bench-link-'));
  const results: Record<string, unknown>[] = [];
  const loopAtStart = fixedLoopMs();
  try {
    const smallFiles = writeSmallVideos(join(dir, 'small'), FILES, SMALL_SIZE);
    const linkSeconds = (FILES * SMALL_SIZE) / BYTES_PER_SECOND;
    console.log(
      `Link: netns ${process.env[NETNS_ENV]}, lo shaped to ${RATE_MBIT} Mbit/s (tbf), sandbox latency per API ` +
        `call and part PUT; client on core 0, server on core 1: ${PIN ? 'yes' : 'no (not pinned)'}; ` +
        `load average ${(await import('node:os'))
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}; machine speed: a fixed loop takes ${Math.round(loopAtStart)} ms`,
    );

    // 1. The pipeline at each latency, every round judged: the goal holds three runs in a row.
    for (const latency of LATENCIES) {
      const rounds: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await settle();
        rounds.push((await pipelineJob(dir, smallFiles, latency, round)).seconds);
      }
      const slowest = Math.max(...rounds);
      const floorSeconds = linkSeconds + (ROUND_TRIPS_PER_FILE * latency) / 1000;
      results.push(
        ratioLine(
          `${FILES} files × ${SMALL_SIZE / MiB} MiB through the CLI at ${latency} ms, slowest of ${ROUNDS}`,
          slowest / linkSeconds,
          '<=1.15',
          `rounds ${rounds.map((s) => s.toFixed(2)).join(', ')} s vs ${linkSeconds.toFixed(2)} s the bytes need at ` +
            `${RATE_MBIT} Mbit/s; ÷ the floor of bytes + ${ROUND_TRIPS_PER_FILE} round trips ` +
            `(${floorSeconds.toFixed(2)} s): ${(slowest / floorSeconds).toFixed(3)}x`,
        ),
      );
      // Far from the server the goal is below that floor (at 200 ms five round trips alone exceed the
      // 15 % it allows), so it is also judged against it: the time beyond the round trips no client
      // can avoid ÷ the time the bytes need.
      const unavoidableSeconds = (ROUND_TRIPS_PER_FILE * latency) / 1000;
      results.push(
        ratioLine(
          `the same beyond the API's ${ROUND_TRIPS_PER_FILE} unavoidable round trips at ${latency} ms`,
          (slowest - unavoidableSeconds) / linkSeconds,
          '<=1.15',
          `(${slowest.toFixed(2)} s − ${unavoidableSeconds.toFixed(2)} s) ÷ ${linkSeconds.toFixed(2)} s`,
        ),
      );
    }

    if (values['pipeline-only'] === true) {
      console.log(
        JSON.stringify({ bench: 'link', rateMbit: RATE_MBIT, load: (await import('node:os')).loadavg(), results }),
      );
      return;
    }

    // 2–4. One big file: curl -T, the engine in-process, the CLI.
    const bigPath = join(dir, 'big.mp4');
    writeBigVideo(bigPath, BIG_SIZE);
    const latency = ['--latency', String(LATENCY_MS), '--storage-latency', String(LATENCY_MS)];
    const engineSandbox = await startSandboxProcess(8 * MiB, join(dir, 'engine-sandbox'), latency);
    const curlSandbox = await startSandboxProcess(BIG_SIZE, join(dir, 'curl-sandbox'), latency);
    try {
      const target = await firstSection(engineSandbox.client);
      const curl: number[] = [];
      const engine: number[] = [];
      const curlCpu: number[] = [];
      const cliCpu: number[] = [];
      const cliSeconds: number[] = [];
      const leastCpu: number[] = [];
      const md5: number[] = [];
      const curlServer: number[] = [];
      const cliServer: number[] = [];
      const serverCpu = (s: SandboxProcess) => processCpuSeconds(s.child.pid ?? 0);
      const cliUpload = async (path: string, dataDir: string) => {
        const args = ['upload', path, '--section', `${target.courseId}/${target.sectionId}`, '--allow-duplicates'];
        const cli = await timedCommand(
          [process.execPath, CLI, ...args, '--base-url', engineSandbox.baseUrl],
          cliEnv(engineSandbox, join(dir, dataDir)),
        );
        if (cli.code !== 0)
          throw new Error(`lectern upload (${dataDir}) exited ${cli.code}: ${cli.stderr.slice(-2000)}`);
        forgetAllStoredBytes(engineSandbox);
        return cli;
      };
      for (let round = 0; round < ROUNDS; round++) {
        await settle();
        const curlServer0 = serverCpu(curlSandbox);
        const c = await curlPut(curlSandbox, bigPath, BIG_SIZE, dir);
        curlServer.push(serverCpu(curlSandbox) - curlServer0);
        curl.push(c.seconds);
        curlCpu.push(c.cpu);
        md5.push(md5CpuSecondsPerGiB() * (BIG_SIZE / GiB));
        await settle();
        engine.push((await enginePut(engineSandbox, target, bigPath, dir)).seconds);
        await settle();
        const cliServer0 = serverCpu(engineSandbox);
        const cli = await cliUpload(bigPath, `cli-big-${round}`);
        cliServer.push(serverCpu(engineSandbox) - cliServer0);
        cliCpu.push(cli.cpu);
        cliSeconds.push(cli.seconds);
        await settle();
        const least = await leastNodePut(engineSandbox, bigPath, BIG_SIZE);
        forgetStoredBytes(engineSandbox, least.uploadId);
        leastCpu.push(least.cpu);
      }
      // What the command spends whatever the file's size (its start, the file check, the API
      // steps, the journal): the same upload of one small file. Printed, not judged, so a reader
      // can tell the command's fixed cost from its cost per byte.
      const fixedCpu: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        await settle();
        fixedCpu.push((await cliUpload(smallFiles[0]!, `cli-small-${round}`)).cpu);
      }
      const size = `${(BIG_SIZE / GiB).toFixed(2)} GiB`;
      const paired = curl.map((c, i) => c / engine[i]!);
      results.push(
        ratioLine(
          `one ${size} file, engine throughput ÷ curl -T`,
          medianOf(paired),
          '>=0.98',
          `engine ${engine.map((s) => s.toFixed(2)).join(', ')} s vs curl ${curl.map((s) => s.toFixed(2)).join(', ')} s; ` +
            `through the CLI (with its start and file check) ${cliSeconds.map((s) => s.toFixed(2)).join(', ')} s = ` +
            `${medianOf(curl.map((c, i) => c / cliSeconds[i]!)).toFixed(3)}x`,
        ),
      );
      // curl + one MD5 of the bytes: printed for comparison with earlier runs, no longer the goal. Its
      // cheapest round: through this shaped loopback curl's PUT costs 0.5–0.8 CPU-s in some rounds and
      // 3–4.5 CPU-s of system time in others (the tbf queue's and TCP's work landing in its sends).
      const curlFloor = Math.min(...curlCpu) + medianOf(md5);
      const fixed = medianOf(fixedCpu);
      const least = medianOf(leastCpu);
      const beyondFixed = medianOf(cliCpu) - fixed;
      results.push(
        ratioLine(
          `client CPU for ${size} through the CLI beyond its fixed cost ÷ the least Node + undici code`,
          beyondFixed / least,
          '<=1.15',
          `CLI ${cliCpu.map((s) => s.toFixed(2)).join(', ')} CPU-s − fixed ${fixed.toFixed(2)} = ${beyondFixed.toFixed(2)} vs ` +
            `least-node-put.ts (the same PUTs, no engine, no journal) ${leastCpu.map((s) => s.toFixed(2)).join(', ')}; ` +
            `whole CLI ÷ least: ${(medianOf(cliCpu) / least).toFixed(3)}x; ÷ curl's cheapest round + MD5 ` +
            `(${curlFloor.toFixed(2)}): ${(medianOf(cliCpu) / curlFloor).toFixed(3)}x`,
        ),
      );
      results.push(
        ratioLine(
          `the CLI's fixed cost (the same upload of one ${SMALL_SIZE / MiB} MiB file)`,
          fixed,
          '<=0.3',
          `rounds ${fixedCpu.map((s) => s.toFixed(2)).join(', ')} CPU-s`,
          'CPU-s',
        ),
      );
      results.push(
        ratioLine(
          `server CPU receiving the CLI's ${size} ÷ curl's`,
          medianOf(cliServer) / medianOf(curlServer),
          '<=1.05',
          `sandbox ${cliServer.map((s) => s.toFixed(2)).join(', ')} CPU-s vs ${curlServer.map((s) => s.toFixed(2)).join(', ')} for curl's PUT`,
        ),
      );
    } finally {
      await stopSandboxProcess(engineSandbox);
      await stopSandboxProcess(curlSandbox);
    }
    const load = (await import('node:os')).loadavg();
    const loopMs = [loopAtStart, fixedLoopMs()].map((ms) => Math.round(ms));
    console.log(
      `Machine speed: the same fixed loop took ${loopMs[0]} ms at the start and ${loopMs[1]} ms at the end ` +
        '(they differ when the machine itself got slower or faster during the run).',
    );
    console.log(JSON.stringify({ bench: 'link', rateMbit: RATE_MBIT, latencyMs: LATENCY_MS, load, loopMs, results }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
