// Plain Node (benchmarks). What the benchmarks measure besides wall time: another process's CPU time
// and memory (Linux /proc; elsewhere NaN, printed as such), and this process's CPU for a piece of work.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) this process spends running `work`. */
export function cpuSecondsOf(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/**
 * Milliseconds one thread takes for a fixed integer loop. This machine's speed moves by up to half
 * within minutes (other guests on its host): the bench times this at its start and end, so a reader
 * can tell a slow minute from a slow program.
 */
export function fixedLoopMs(): number {
  // The least of three: the first run also pays for compiling the loop, any run a preemption.
  return Math.min(loopOnce(), loopOnce(), loopOnce());
}

function loopOnce(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 200_000_000; i++) sum = (sum + (i & 7)) | 0;
  const ms = performance.now() - started;
  return sum === -1 ? Number.NaN : ms;
}

/** CPU seconds one thread spends on MD5 per GiB on this machine, measured now on 64 MiB. */
export function md5CpuSecondsPerGiB(): number {
  const sample = randomBytes(64 * 1024 * 1024);
  return cpuSecondsOf(() => createHash('md5').update(sample).digest()) * 16;
}

/** CPU seconds (user + system, all threads) the process has used so far. */
export function processCpuSeconds(pid: number): number {
  const fields = procFile(pid, 'stat').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function processRssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(procFile(pid, 'status'));
  return match === null ? Number.NaN : Number(match[1]) * 1024;
}

function procFile(pid: number, name: string): string {
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return '';
  }
}
