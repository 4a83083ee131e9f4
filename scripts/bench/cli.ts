// Benchmark (plain Node 24): `npm run bench:cli` (after `npm run build`). How fast the bundled
// `lectern` starts, measured in one run against `node -e 0` on this machine, alternating rounds:
//   - `lectern --help`: wall time ÷ `node -e 0`'s (median of rounds), target <= 2.5; its peak RSS
//     (GNU time's %M), target <= 70 MiB;
//   - `lectern upload FILE --section C/S` against the sandbox: milliseconds from spawning the
//     command until its first HTTP request reaches a loopback listener in front of the sandbox
//     (the listener timestamps the first bytes on a connection, then relays them), target <= 150.
// The command is `node bin/lectern.js` under this Node, as `npm exec lectern` runs it; one warm-up
// run fills Node's compile cache first, as any earlier use would.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LECTERN = join(ROOT, 'bin', 'lectern.js');
const VIDEO = join(ROOT, 'src-main', 'media', 'test-fixtures', 'h264-3s.mp4');
const MiB = 1024 * 1024;
const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 15);

if (!existsSync(join(ROOT, 'out', 'cli', 'lectern.mjs'))) {
  console.error('bench:cli measures the bundled CLI: run `npm run build` first.');
  process.exit(1);
}
const GNU_TIME = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Wall milliseconds from spawn to exit; the exit code must be 0. */
async function timed(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { stdio: 'ignore', env });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
  return performance.now() - t0;
}

/** Peak resident memory of one run, in bytes (GNU time), or NaN without it. */
function peakRss(args: string[]): number {
  if (!GNU_TIME) return Number.NaN;
  const run = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...args], { encoding: 'utf8' });
  return Number(run.stderr.trim().split('\n').at(-1)) * 1024;
}

async function startSandbox(dataDir: string) {
  const sandboxMain = join(ROOT, 'src-main', 'sandbox', 'main.ts');
  const args = [sandboxMain, '--quiet', '--seed', 'demo', '--data', dataDir];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(line) as { baseUrl: string; keys: { tenantAdmin: string } };
  return { child, baseUrl: info.baseUrl, key: info.keys.tenantAdmin };
}

async function firstSection(baseUrl: string, key: string): Promise<string> {
  const get = async (path: string) => {
    const response = await fetch(`${baseUrl}/v1/external/learning${path}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    return (await response.json()) as { data: { results: { id: string }[] } };
  };
  for (const course of (await get('/courses')).data.results) {
    const [section] = (await get(`/courses/${course.id}/sections`)).data.results;
    if (section) return `${course.id}/${section.id}`;
  }
  throw new Error('no section in the demo seed');
}

/** A loopback relay to the sandbox that notes when the first bytes of a connection arrive. */
async function arrivalListener(target: URL) {
  let waiting: ((at: number) => void) | null = null;
  const server = createServer((client: Socket) => {
    client.once('data', () => waiting?.(performance.now()));
    const upstream = connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nextArrival: () =>
      new Promise<number>((resolve) => {
        waiting = (at) => {
          waiting = null;
          resolve(at);
        };
      }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const work = mkdtempSync(join(tmpdir(), 'lectern-bench-cli-'));
const sandbox = await startSandbox(join(work, 'sandbox'));
try {
  const section = await firstSection(sandbox.baseUrl, sandbox.key);
  const listener = await arrivalListener(new URL(sandbox.baseUrl));
  const env = { ...process.env, LECTERN_API_KEY: sandbox.key };

  let uploads = 0;
  /** One `lectern upload` of a fresh copy of a 3 s video with a fresh journal: ms until its first request. */
  async function uploadFirstRequestMs(): Promise<number> {
    const n = ++uploads;
    const file = join(work, `lesson-${n}.mp4`);
    copyFileSync(VIDEO, file);
    const args = [LECTERN, 'upload', file, '--section', section, '--base-url', listener.url];
    const arrival = listener.nextArrival();
    const t0 = performance.now();
    const child = spawn(
      process.execPath,
      [...args, '--data-dir', join(work, `data-${n}`), '--allow-duplicates', '--json'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
        env,
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) throw new Error(`lectern upload exited with ${code}: ${stderr}`);
    return (await arrival) - t0;
  }

  const help = [LECTERN, '--help'];
  const bare = ['-e', '0'];
  // Warm-up: fills the compile cache and the page cache for both.
  await timed(bare);
  await timed(help);
  await uploadFirstRequestMs();

  const nodeMs: number[] = [];
  const helpMs: number[] = [];
  const firstRequestMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    nodeMs.push(await timed(bare));
    helpMs.push(await timed(help));
    firstRequestMs.push(await uploadFirstRequestMs());
  }
  const nodeRss = median([0, 1, 2].map(() => peakRss(bare)));
  const helpRss = median([0, 1, 2].map(() => peakRss(help)));
  await listener.close();

  const row = (what: string, value: string, target: string, ok: boolean) =>
    console.log(`${what.padEnd(44)} ${value.padStart(18)}   target ${target.padEnd(9)} ${ok ? 'ok' : 'MISSED'}`);
  console.log(`bench:cli — ${ROUNDS} rounds, medians, Node ${process.version}`);
  console.log(`  node -e 0: ${median(nodeMs).toFixed(0)} ms, ${(nodeRss / MiB).toFixed(1)} MiB peak RSS`);
  const helpRatio = median(helpMs) / median(nodeMs);
  row(
    'lectern --help time ÷ node -e 0',
    `${helpRatio.toFixed(2)} × (${median(helpMs).toFixed(0)} ms)`,
    '<= 2.5 ×',
    helpRatio <= 2.5,
  );
  row(
    'lectern --help peak RSS',
    `${(helpRss / MiB).toFixed(1)} MiB (${(helpRss / nodeRss).toFixed(2)} ×)`,
    '<= 70 MiB',
    helpRss <= 70 * MiB,
  );
  const first = median(firstRequestMs);
  row(
    'lectern upload: start → first HTTP request',
    `${first.toFixed(0)} ms (${(first / median(nodeMs)).toFixed(2)} ×)`,
    '<= 150 ms',
    first <= 150,
  );
  if (!GNU_TIME) console.log('  (peak RSS not measured: /usr/bin/time (GNU time) is not installed)');
} finally {
  sandbox.child.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
