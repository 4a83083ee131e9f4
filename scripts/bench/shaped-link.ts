// Plain Node (benchmarks). A link like an instructor's: a private network namespace whose loopback
// is shaped with `tc … tbf` (the way bench:link shapes it). The bench script runs itself again inside
// the namespace; everything it starts there (the bridge host, Chromium) shares the shaped loopback.
// Where no namespace can be made (not root, no `ip`/`tc`, no tbf) it says why, and the caller decides.
import { spawnSync } from 'node:child_process';

export interface ShapedRun {
  /** The child's exit status, or null when no namespace could be made (`why` says why). */
  status: number | null;
  why?: string;
}

/** The namespace's name when this process runs inside one made by `runShaped` (from `envName`). */
export function shapedNamespace(envName: string): string | undefined {
  return process.env[envName];
}

export function runShaped(options: {
  envName: string;
  rateMbit: number;
  /** The Node arguments to run inside (script first). */
  nodeArgs: string[];
}): ShapedRun {
  const name = `lectern-shaped-${process.pid}`;
  const run = (command: string[]) => spawnSync(command[0]!, command.slice(1), { encoding: 'utf8' });
  if (process.getuid?.() !== 0) return { status: null, why: 'making a network namespace needs root' };
  for (const tool of ['ip', 'tc']) {
    if (run(['which', tool]).status !== 0) return { status: null, why: `\`${tool}\` (iproute2) is not installed` };
  }
  const made = run(['ip', 'netns', 'add', name]);
  if (made.status !== 0) return { status: null, why: `ip netns add failed: ${made.stderr.trim()}` };
  try {
    const lo = run(['ip', 'netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up']);
    if (lo.status !== 0) return { status: null, why: `loopback in the namespace: ${lo.stderr.trim()}` };
    // Burst a little above loopback's 64 KiB packets; the queue holds about 50 ms of traffic.
    const shape = [
      'tc',
      'qdisc',
      'add',
      'dev',
      'lo',
      'root',
      'tbf',
      'rate',
      `${options.rateMbit}mbit`,
      'burst',
      '256kb',
    ];
    const tbf = run(['ip', 'netns', 'exec', name, ...shape, 'latency', '50ms']);
    if (tbf.status !== 0) return { status: null, why: `tc tbf on the namespace's loopback: ${tbf.stderr.trim()}` };
    const self = spawnSync('ip', ['netns', 'exec', name, process.execPath, ...options.nodeArgs], {
      stdio: 'inherit',
      env: { ...process.env, [options.envName]: name },
    });
    return { status: self.status ?? 1 };
  } finally {
    run(['ip', 'netns', 'del', name]);
  }
}
