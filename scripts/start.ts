/**
 * `npm start` (Node 24). Builds Lectern and opens it: in Electron when its binary is installed
 * (or can be installed), otherwise in the bridge host so the app still works on machines without
 * an Electron binary. Either way the app opens on its built-in Sandbox workspace.
 *
 * It says in a few lines what it does (building, which way it runs, the address, how to stop);
 * the build's chunk list and the Electron download's own output only with `npm start -- --verbose`
 * or LECTERN_VERBOSE=1 (and the build's output whenever the build fails). Other arguments go to
 * the bridge host (`--data DIR`, `--sandbox-seed S`, …: src-main/bridge-host/main.ts).
 * LECTERN_OUT_DIR=DIR builds into DIR instead of out/ and runs from there (tests: a start beside
 * the checkout's own build, never rewriting the out/ other processes run from).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join, resolve } from 'node:path';
import { browserArgs, writeLaunchPage } from '../src-main/bridge-host/index.ts';
import { downloadFailure } from './start-words.ts';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const verbose = args.includes('--verbose') || process.env['LECTERN_VERBOSE'] === '1';
const hostArgs = args.filter((arg) => arg !== '--verbose');
const say = (line: string) => console.error(line);
const outDir = process.env['LECTERN_OUT_DIR'] ? resolve(process.env['LECTERN_OUT_DIR']) : null;

/** Runs a step; its output is shown only when verbose, or when it fails (then it is the story). */
function quietly(command: string, commandArgs: string[]): { ok: boolean; output: string } {
  if (verbose) return { ok: spawnSync(command, commandArgs, { stdio: 'inherit' }).status === 0, output: '' };
  const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

say(verbose ? 'Building Lectern…' : 'Building Lectern… (npm start -- --verbose shows the build’s output)');
const build = quietly(process.execPath, [
  'node_modules/electron-vite/bin/electron-vite.js',
  'build',
  ...(outDir ? ['--outDir', outDir] : []),
]);
if (!build.ok) {
  process.stderr.write(build.output);
  say('The build failed (its output is above).');
  process.exit(1);
}

const electronDir = dirname(require.resolve('electron/package.json'));

/** The Electron binary's path, or why there is none (null when not even tried). */
function electronBinary(allowDownload: boolean): { path: string } | { reason: string | null } {
  const installed = existsSync(join(electronDir, 'path.txt'));
  if (!installed) {
    if (!allowDownload) return { reason: null };
    // Electron's own require() downloads the binary with the installer's output on our terminal
    // (a raw `TypeError: fetch failed` offline): run its installer here and word what happened.
    say('Looking for Electron’s binary (downloading it once)…');
    const download = quietly(process.execPath, [join(electronDir, 'install.js')]);
    if (!download.ok) return { reason: downloadFailure(download.output, process.env) };
  }
  try {
    const path = require('electron') as unknown as string;
    return existsSync(path) ? { path } : { reason: 'Electron’s binary is missing after its install' };
  } catch {
    return { reason: 'Electron’s binary could not be installed' };
  }
}

const binary = electronBinary(process.env['LECTERN_NO_ELECTRON'] !== '1');

if ('path' in binary) {
  say('Starting Lectern in Electron. Close its window (or press Ctrl+C here) to stop.');
  const child = spawn(binary.path, [outDir ? join(outDir, 'main', 'index.js') : '.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  say(
    binary.reason
      ? `${binary.reason}; starting the bridge host instead.`
      : 'No Electron binary here (LECTERN_NO_ELECTRON=1): starting the bridge host instead.',
  );
  say('The bridge host serves Lectern to a browser on this machine only (127.0.0.1).');
  // Bundled first (a few seconds), so the host itself starts from one file.
  const { buildBridgeHost, BRIDGE_HOST_BUNDLE } = await import('./build/bridge-host.ts');
  const bundleDir = outDir ? join(outDir, 'bridge-host') : null;
  await buildBridgeHost(...(bundleDir ? [bundleDir] : []));
  const bundle = bundleDir ? join(bundleDir, 'main.mjs') : BRIDGE_HOST_BUNDLE;
  const renderer = outDir ? ['--renderer', join(outDir, 'renderer')] : [];
  const host = spawn(process.execPath, [bundle, ...renderer, ...hostArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Chromium gets a throwaway profile of its own (removed when Lectern stops): the user's
  // everyday profile would share 127.0.0.1 with whatever else it has open.
  const profile = mkdtempSync(join(tmpdir(), 'lectern-chromium-'));
  process.on('exit', () => rmSync(profile, { recursive: true, force: true }));
  createInterface({ input: host.stdout }).once('line', (line) => {
    // The launch address holds a one-time code in its fragment, dead after first use or a few
    // seconds. Chromium is given a launch page in its private profile instead, so not even the
    // code sits on a command line (readable by every local user).
    const { appUrl, url, token } = JSON.parse(line) as { appUrl: string; url: string; token: string };
    say(
      `Lectern is running. Open this address in Chromium or Chrome (it works once, within a few seconds):\n\n` +
        `  ${appUrl}\n\nPress Enter here for a new address, Ctrl+C to stop.`,
    );
    const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) =>
      existsSync(p),
    );
    if (chromium && (process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY'])) {
      spawn(chromium, browserArgs(writeLaunchPage(profile, appUrl), profile), {
        stdio: 'ignore',
        detached: true,
      }).unref();
    }
    if (process.stdin.isTTY) {
      createInterface({ input: process.stdin }).on('line', () => {
        // The owner secret travels in a header from this process only, never on a command line.
        void fetch(`${url}/__bridge/launch-code`, {
          method: 'POST',
          headers: { 'x-lectern-bridge-token': token, origin: url },
        })
          .then((response) => response.json() as Promise<{ appUrl: string }>)
          .then(({ appUrl: fresh }) => say(`\n  ${fresh}\n`))
          .catch(() => say('Could not get a new address from the bridge host.'));
      });
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}
