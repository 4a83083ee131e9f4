/**
 * `npm start` on a fresh clone with no connection: the whole script (build, the Electron download
 * attempt, the bridge host) is run for real and killed once it printed the address. What comes
 * before the address is a few sentences: no build chunk list, no bundler warning, no stack trace.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadFailure, downloadHost } from './start-words.ts';

const ROOT = resolve(import.meta.dirname, '..');
const electronInstalled = existsSync(
  join(dirname(createRequire(import.meta.url).resolve('electron/package.json')), 'path.txt'),
);

function runStart(extraEnv: Record<string, string>, args: string[] = []): Promise<{ before: string[]; all: string }> {
  const scratch = mkdtempSync(join(tmpdir(), 'lectern-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  for (const name of ['LECTERN_NO_ELECTRON', 'LECTERN_VERBOSE', 'DISPLAY', 'WAYLAND_DISPLAY', 'ELECTRON_MIRROR'])
    if (!(name in extraEnv)) delete env[name];
  // Nothing cached and nowhere to download from: a refused port stands for "no network".
  env['electron_config_cache'] = join(scratch, 'electron-cache');
  // Built beside the checkout: out/ stays as other processes (running tests) left it.
  env['LECTERN_OUT_DIR'] = join(scratch, 'out');
  env['ELECTRON_MIRROR'] ??= 'http://127.0.0.1:9/';
  const child = spawn(
    process.execPath,
    ['scripts/start.ts', '--data', join(scratch, 'data'), '--sandbox-seed', 'empty', ...args],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let all = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      all += chunk.toString();
      const lines = all.split('\n');
      const at = lines.findIndex((line) => /^\s+http:\/\/127\.0\.0\.1:\d+\/#lectern-launch=/.test(line));
      if (at >= 0 && /Ctrl\+C to stop/.test(all)) {
        child.kill('SIGTERM');
        done({ before: lines.slice(0, at).filter((line) => line.trim() !== ''), all });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`npm start ended (${code}) before the address:\n${all}`)));
  }).finally(async () => {
    if (child.exitCode === null && child.signalCode === null) await new Promise((end) => child.once('exit', end));
    rmSync(scratch, { recursive: true, force: true });
  }) as Promise<{ before: string[]; all: string }>;
}

describe('npm start', () => {
  it.skipIf(electronInstalled)(
    'offline on a fresh clone: a few sentences, then the address; no chunk list, bundler warning or TypeError',
    async () => {
      const { before, all } = await runStart({});
      expect(before.length).toBeLessThanOrEqual(10);
      expect(before[0]).toMatch(/^Building Lectern…/);
      expect(all).toContain(
        'Electron’s binary could not be downloaded (no connection to 127.0.0.1:9); starting the bridge host instead.',
      );
      expect(all).toContain('Ctrl+C to stop');
      for (const noise of ['TypeError', 'INEFFECTIVE_DYNAMIC_IMPORT', 'fetch failed', 'kB', 'vite v', '✓'])
        expect(all).not.toContain(noise);
    },
    120_000,
  );

  it('with --verbose the build shows its chunk list, and still no bundler warning', async () => {
    const { all } = await runStart({ LECTERN_NO_ELECTRON: '1' }, ['--verbose']);
    // A content hash may hold '-' or '_' (seen: index-DptL-YEs.js).
    expect(all).toMatch(/renderer\/assets\/index-[\w-]+\.js/);
    expect(all).not.toContain('INEFFECTIVE_DYNAMIC_IMPORT');
    expect(all).toContain('No Electron binary here (LECTERN_NO_ELECTRON=1): starting the bridge host instead.');
  }, 120_000);
});

describe('the words for a failed Electron download', () => {
  it('names the host it could not reach instead of the raw error', () => {
    const raw = 'TypeError: fetch failed\n    at node:internal/deps/undici/undici:13502:13\n';
    expect(downloadFailure(raw, {})).toBe('Electron’s binary could not be downloaded (no connection to github.com)');
    expect(downloadFailure('Error: getaddrinfo ENOTFOUND github.com', {})).toContain('no connection to github.com');
    expect(downloadHost({ ELECTRON_MIRROR: 'https://npmmirror.com/mirrors/electron/' })).toBe('npmmirror.com');
    expect(downloadFailure('HTTPError: Response code 404 (Not Found) for https://github.com/x', {})).toBe(
      'Electron’s binary could not be downloaded (github.com answered 404)',
    );
    expect(downloadFailure('something else entirely', {})).toContain('npm start -- --verbose shows why');
  });
});
