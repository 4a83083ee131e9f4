// Plain Node (benchmarks). Another process's CPU time and memory, from Linux /proc; elsewhere the
// figures come out as NaN and the benchmarks print them as such.
import { readFileSync } from 'node:fs';

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
