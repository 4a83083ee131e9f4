// Tests (plain Node): who owns an upload row, against real processes. A live process is alive; an
// exited one is gone; a killed process its parent has not reaped (a real zombie, made by a shell
// whose `exec`ed child never waits) is gone too, although `kill(pid, 0)` still answers for it; a
// recycled pid (same number, another start time) is not the owner.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ownerAlive, ownerText, thisProcess } from './ownership.ts';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

function procField(pid: number, index: number): string {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[index]!;
}

async function waitFor(test: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !test(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(test()).toBe(true);
}

/** `sh` starts `sleep` in the background, prints its pid, then becomes a `sleep` that never reaps it. */
async function childWithUnreapedGrandchild(): Promise<number> {
  const shell = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(shell);
  const line = await new Promise<string>((resolve) => shell.stdout.once('data', (d: Buffer) => resolve(d.toString())));
  // Until the shell has become `sleep` it may still reap its child itself, and there is no zombie.
  await waitFor(() => readFileSync(`/proc/${shell.pid}/comm`, 'utf8').trim() === 'sleep');
  return Number(line.trim());
}

describe.runIf(process.platform === 'linux')('upload ownership on Linux', () => {
  it('this process owns while it runs', () => {
    expect(ownerAlive(ownerText(thisProcess(), 'a'))).toBe(true);
  });

  it('a killed owner its parent has not reaped (a zombie) is gone at once', async () => {
    const pid = await childWithUnreapedGrandchild();
    const owner = ownerText({ pid, started: procField(pid, 19) }, 'b');
    expect(ownerAlive(owner)).toBe(true);
    process.kill(pid, 'SIGKILL');
    await waitFor(() => procField(pid, 0) === 'Z');
    // The zombie still answers a signal test: the check must read its state.
    expect(() => process.kill(pid, 0)).not.toThrow();
    expect(ownerAlive(owner)).toBe(false);
  });

  it('an exited owner is gone, and a recycled pid is not the owner', async () => {
    const child = spawn('sleep', ['600'], { stdio: 'ignore' });
    started.push(child);
    const pid = child.pid!;
    const start = procField(pid, 19);
    expect(ownerAlive(ownerText({ pid, started: start }, 'c'))).toBe(true);
    expect(ownerAlive(ownerText({ pid, started: String(Number(start) + 1) }, 'c'))).toBe(false);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await waitFor(() => !ownerAlive(ownerText({ pid, started: start }, 'c')));
  });
});
