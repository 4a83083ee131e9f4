// Test support (plain Node, used only by machine-*.test.ts): faults of the user's own machine
// injected for real — a small tmpfs filled up (root only), the real CLI in child processes — and
// the checks every such test makes: one sentence, a non-zero exit, no stack trace.
import { testChildEntry } from '../../test-support/children.ts';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Harness } from './index.ts';

export const LECTERN_MAIN = testChildEntry('lectern');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  done: Promise<CliResult>;
}

/** `lectern <args>` against the harness's sandbox, in a child process under this Node. */
export function spawnLectern(h: Harness, args: readonly string[], env: NodeJS.ProcessEnv = {}): RunningCli {
  const child = spawn(process.execPath, [LECTERN_MAIN, ...args, '--base-url', h.sandbox.baseUrl], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LECTERN_API_KEY: h.sandbox.keys.tenantAdmin, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, stderr: () => stderr, done };
}

export function runLectern(h: Harness, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return spawnLectern(h, args, env).done;
}

/** The last stdout line of a `--json` upload: `{"uploads":[…]}`. */
export function summaryOf(result: CliResult): { uploads: { file: string; status: string; lessonId: string }[] } {
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as ReturnType<typeof summaryOf>;
}

/** A stack frame or an internal SQLite message on stderr means the user was shown a crash. */
export function crashTextIn(stderr: string): string | null {
  const bad = /^\s+at .+[(:]\d+|cannot rollback|unexpected error|Error: |node:internal/m.exec(stderr);
  return bad ? bad[0] : null;
}

export interface Tmpfs {
  /** Null when mounted; else why not (the test is skipped with this reason printed). */
  skipReason: string | null;
  unmount(): void;
}

/** Mounts a tmpfs of `size` (e.g. '1m') on `dir`. Needs root; otherwise says why it could not. */
export function mountTmpfs(dir: string, size: string): Tmpfs {
  mkdirSync(dir, { recursive: true });
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    const reason = `cannot mount a tmpfs on ${dir} (${(mounted.stderr || mounted.error?.message || 'not root').trim()})`;
    return { skipReason: reason, unmount: () => undefined };
  }
  return {
    skipReason: null,
    unmount: () => {
      spawnSync('umount', ['-l', dir]);
    },
  };
}
