// Test support (plain Node, used only by *.test.ts): runs the real CLI as a child process under
// the same Node 24 that runs vitest.
import { testChildEntry } from '../../test-support/children.ts';
import { spawn } from 'node:child_process';

export const MAIN = testChildEntry('lectern');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runLectern(
  args: string[],
  env: Record<string, string | undefined> = {},
  stdin?: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** The JSON error object the CLI prints as the last line of stderr. */
export function stderrJson(result: CliResult): Record<string, unknown> {
  const last = result.stderr.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as Record<string, unknown>;
}
