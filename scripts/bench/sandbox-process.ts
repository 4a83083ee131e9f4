// Plain Node (benchmarks). What bench:upload and bench:link share: the sandbox as its own process, a
// child command timed with its CPU (bash's `times`), `curl -T` of a file to a one-part session, and
// the pinning of client and server to different cores.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, ftruncateSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createApiClient, type ApiClient } from '../../src-main/api/index.ts';
import { removeUploadFiles } from '../../src-main/sandbox/uploads-repo.ts';
import { createUploadManager } from '../../src-main/uploads/index.ts';

const SANDBOX_MAIN = fileURLToPath(new URL('../../src-main/sandbox/main.ts', import.meta.url));

/** Client on core 0, server on core 1 (with two cores and taskset): they never share one. */
export const PIN = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

export function pinThisProcessToCore0(): void {
  if (PIN) spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}

export const onCore = (core: number, command: string[]): string[] =>
  PIN ? ['taskset', '-c', String(core), ...command] : command;

/** The benchmarks compare with `curl -T`: without curl there is nothing to compare with. */
export function requireCurl(bench: string): void {
  if (spawnSync('curl', ['--version']).status !== 0)
    throw new Error(`${bench} compares with curl -T: install curl first`);
}

export interface SandboxProcess {
  child: ChildProcess;
  baseUrl: string;
  apiKey: string;
  client: ApiClient;
  storageDir: string;
}

/** A sandbox server process on core 1, keeping its data in `dataDir`; `extra` are more CLI flags. */
export async function startSandboxProcess(partSize: number, dataDir: string, extra: string[] = []) {
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
    ...extra,
  ]);
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  const info = JSON.parse(first) as { baseUrl: string; keys: { tenantAdmin: string } };
  const sandbox: SandboxProcess = {
    child,
    baseUrl: info.baseUrl,
    apiKey: info.keys.tenantAdmin,
    client: createApiClient({ baseUrl: info.baseUrl, apiKey: info.keys.tenantAdmin }),
    storageDir: join(dataDir, 'storage'),
  };
  return sandbox;
}

export async function stopSandboxProcess(sandbox: SandboxProcess): Promise<void> {
  await sandbox.client.close();
  const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
  sandbox.child.kill('SIGTERM');
  await exited;
}

/**
 * Deletes an upload's stored bytes once it is timed and completed (nothing reads them back). Kept,
 * the rounds' GiBs fill RAM with page cache, and the kernel's reclaim then lands on whichever side
 * runs next.
 */
export function forgetStoredBytes(sandbox: SandboxProcess, uploadId: string | null): void {
  if (uploadId !== null) removeUploadFiles(sandbox.storageDir, uploadId);
}

export async function firstSection(client: ApiClient): Promise<{ courseId: string; sectionId: string }> {
  for await (const course of client.courses.iterate()) {
    const section = (await client.sections.list(course.id)).results[0];
    if (section) return { courseId: course.id, sectionId: section.id };
  }
  throw new Error('no section in the demo seed');
}

export interface TimedRun {
  seconds: number;
  /** CPU-s of the command and every process it waited for (user + system). */
  cpu: number;
  code: number | null;
  stderr: string;
}

/** Runs `command` on core 0 under bash, timing it and reading its CPU from bash's `times`. */
export async function timedCommand(command: string[], env: NodeJS.ProcessEnv = process.env): Promise<TimedRun> {
  const script = '"$@"; s=$?; times >&2; exit $s';
  const [exe, ...args] = onCore(0, ['bash', '-c', script, 'bench', ...command]);
  const t0 = performance.now();
  const child = spawn(exe!, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const seconds = (performance.now() - t0) / 1000;
  // `times` prints the shell's line, then its children's: "0m0.412s 0m0.130s".
  const lines = stderr.trim().split('\n');
  const children = lines.at(-1) ?? '';
  const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((n, m) => n + Number(m[1]) * 60 + Number(m[2]), 0);
  return { seconds, cpu, code, stderr: lines.slice(0, -2).join('\n') };
}

/**
 * `curl -T` of the whole file to a one-part session (the sandbox's part size >= file size), pinned
 * like the engine, completed like the engine's so both sides do the same work.
 */
export async function curlPut(sandbox: SandboxProcess, path: string, size: number, dir: string): Promise<TimedRun> {
  const session = await sandbox.client.uploads.create(
    { upload_type: 'VIDEO', file_name: 'curl.mp4', content_type: 'video/mp4', file_size: size },
    { idempotencyKey: crypto.randomUUID() },
  );
  if (session.total_parts !== 1) throw new Error('the curl sandbox must take the file as one part');
  const [signed] = await sandbox.client.uploads.signParts(session.id, [1]);
  const headers = join(dir, 'curl-headers.txt');
  const run = await timedCommand(['curl', '-sS', '--fail', '-H', 'Expect:', '-T', path, signed!.url, '-D', headers]);
  if (run.code !== 0) throw new Error(`curl -T failed (${run.code}): ${run.stderr}`);
  const etag = /^etag:\s*(.+?)\s*$/im.exec(readFileSync(headers, 'utf8'))?.[1];
  if (!etag) throw new Error('curl -T: storage sent no ETag');
  await sandbox.client.uploads.complete(session.id, [{ part_number: 1, etag }]);
  forgetStoredBytes(sandbox, session.id);
  return run;
}

/**
 * Both sandboxes keep what they receive on disk, so each side leaves dirty pages behind. Flushing
 * them before every timed side keeps the kernel's write-back of one side's bytes out of the other's.
 */
export async function settle(): Promise<void> {
  spawnSync('sync', { stdio: 'ignore' });
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
}

/** Sparse: reading it costs no disk, so both sides read alike. */
export function writeSparseFile(path: string, size: number): void {
  const fd = openSync(path, 'w');
  ftruncateSync(fd, size);
  closeSync(fd);
}

export function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One file through the upload engine in this process (add → idle), timed from start to idle. */
export async function enginePut(
  sandbox: SandboxProcess,
  target: { courseId: string; sectionId: string },
  path: string,
  dir: string,
  options: { concurrency?: number; md5Workers?: number } = {},
): Promise<{ seconds: number; rssGrowth: number; cpu: number }> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const manager = createUploadManager({
    journalPath: join(dir, `journal-${crypto.randomUUID()}.sqlite`),
    api: sandbox.client,
    ...options,
  });
  try {
    const [row] = await manager.add([{ path, lessonTarget: { kind: 'new', ...target, title: 'Bench' } }]);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    manager.start();
    await manager.whenIdle();
    const seconds = (performance.now() - t0) / 1000;
    const used = process.cpuUsage(cpu0);
    const final = manager.get(row!.id)!;
    if (final.state !== 'done') throw new Error(`engine ended ${final.state}: ${final.error?.message}`);
    // Nothing should be sent twice on a healthy link (an ETag mismatch would show up here).
    if (final.bytesResent !== 0) throw new Error(`engine re-sent ${final.bytesResent} bytes`);
    forgetStoredBytes(sandbox, final.uploadId);
    return { seconds, rssGrowth: peak - baseline, cpu: (used.user + used.system) / 1e6 };
  } finally {
    clearInterval(sampler);
    await manager.close();
  }
}

/** Removes every stored upload's bytes (after a CLI run, whose upload ids this process never sees). */
export function forgetAllStoredBytes(sandbox: SandboxProcess): void {
  for (const name of readdirSync(sandbox.storageDir, { withFileTypes: true })) {
    if (name.isDirectory()) rmSync(join(sandbox.storageDir, name.name), { recursive: true, force: true });
  }
}
