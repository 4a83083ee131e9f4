// Test support (plain Node, used only by *.test.ts): the private keyring `scripts/with-keyring.sh`
// starts, `secret-tool` to look at it from outside Lectern, and a child-process runner.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Fails loudly instead of touching a developer's real keychain. */
export function requirePrivateKeyring(): void {
  if (process.platform === 'linux' && !process.env.LECTERN_KEYRING_SESSION) {
    throw new Error(
      'These tests use a real Secret Service. Run them inside the private keyring: ' +
        'bash scripts/with-keyring.sh npx vitest run src-main/keychain src-main/workspaces',
    );
  }
}

/** `secret-tool lookup service S account A`: the stored secret, or null when there is none. */
export function secretToolLookup(account: string, service = 'Lectern'): string | null {
  const result = spawnSync('secret-tool', ['lookup', 'service', service, 'account', account], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.status === 0 ? result.stdout : null;
}

/**
 * `secret-tool search --all service S account A`: one entry per stored item. secret-tool prints
 * item headers, labels and secrets on stdout and the attributes on stderr (in item order), so
 * the two streams are parsed separately. The secrets are dropped: callers may log the result.
 */
export function secretToolSearch(
  account: string,
  service = 'Lectern',
): { label: string; attributes: Record<string, string> }[] {
  const result = spawnSync('secret-tool', ['search', '--all', 'service', service, 'account', account], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  const items: { label: string; attributes: Record<string, string> }[] = [];
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('[')) items.push({ label: '', attributes: {} });
    const label = /^label = (.*)$/.exec(line);
    if (label && items.length > 0) items.at(-1)!.label = label[1] ?? '';
  }
  let index = -1;
  for (const line of result.stderr.split('\n')) {
    const match = /^attribute\.([\w:.-]+) = (.*)$/.exec(line);
    if (!match) continue;
    const name = match[1]!;
    if (index < 0 || items[index]?.attributes[name] !== undefined) index += 1;
    const item = items[index];
    if (item) item.attributes[name] = match[2] ?? '';
  }
  return items;
}

/** Whether any item of `service` in the keyring holds exactly this secret (checked without printing it). */
export function keyringHoldsSecret(secret: string, service = 'Lectern'): boolean {
  const result = spawnSync('secret-tool', ['search', '--all', 'service', service], {
    encoding: 'utf8',
    timeout: 10_000,
  });
  return result.stdout.split('\n').some((line) => line === `secret = ${secret}`);
}

/** Every file under `dir` (recursively) whose bytes contain `needle`. */
export function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const bytes = Buffer.from(needle, 'utf8');
  const walk = (path: string): void => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if (stat.isFile() && readFileSync(path).includes(bytes)) {
      hits.push(path);
    }
  };
  walk(dir);
  return hits;
}

export interface ChildRun {
  lines: string[];
  code: number | null;
  stderr: string;
}

/**
 * Runs `node <script> ...args` and collects stdout lines. With `untilLines`, the child is killed
 * (SIGKILL) once that many lines arrived: a keytar call stuck in a hung daemon keeps a libuv
 * thread busy, so such a child could never exit by itself.
 */
export function runNodeChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  options: { untilLines?: number; timeoutMs?: number; command?: string[]; stdin?: string } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const argv = [...(options.command ?? []), process.execPath, script, ...args];
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end(options.stdin ?? '');
    let out = '';
    let stderr = '';
    let done = false;
    const finish = (code: number | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ lines: out.split('\n').filter((l) => l !== ''), code, stderr });
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`child did not finish in time; stdout: ${out}; stderr: ${stderr}`));
    }, options.timeoutMs ?? 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (options.untilLines !== undefined && out.split('\n').filter((l) => l !== '').length >= options.untilLines) {
        child.kill('SIGKILL');
        finish(null);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => finish(code));
  });
}

/** A minimal environment for children: no session bus unless the test gives one. */
export function bareEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, LANG: 'C.UTF-8' };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}
