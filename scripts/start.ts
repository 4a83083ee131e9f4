/**
 * `npm start` (Node 24). Builds Lectern and opens it: in Electron when its binary is installed
 * (or can be installed), otherwise in the bridge host so the app still works on machines without
 * an Electron binary. Either way the app opens on its built-in Sandbox workspace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { browserArgs, writeLaunchPage } from '../src-main/bridge-host/session.ts';

const require = createRequire(import.meta.url);
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;

if (run(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build']) !== 0) process.exit(1);

/** require('electron') downloads the binary on first use; skip that when asked to (or offline tests). */
function electronBinary(allowDownload: boolean): string | null {
  const installed = existsSync(join(dirname(require.resolve('electron/package.json')), 'path.txt'));
  if (!installed && !allowDownload) return null;
  try {
    const path = require('electron') as unknown as string;
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary(process.env['LECTERN_NO_ELECTRON'] !== '1');

if (binary) {
  const child = spawn(binary, ['.'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.error('No Electron binary here: starting Lectern in the bridge host instead.');
  // Bundled first (a few seconds), so the host itself starts from one file.
  const { buildBridgeHost, BRIDGE_HOST_BUNDLE } = await import('./build/bridge-host.ts');
  await buildBridgeHost();
  const host = spawn(process.execPath, [BRIDGE_HOST_BUNDLE], { stdio: ['ignore', 'pipe', 'inherit'] });
  // Chromium gets a throwaway profile of its own (removed when Lectern stops): the user's
  // everyday profile would share 127.0.0.1 with whatever else it has open.
  const profile = mkdtempSync(join(tmpdir(), 'lectern-chromium-'));
  process.on('exit', () => rmSync(profile, { recursive: true, force: true }));
  createInterface({ input: host.stdout }).once('line', (line) => {
    // The launch address holds a one-time code in its fragment, dead after first use or a few
    // seconds. Chromium is given a launch page in its private profile instead, so not even the
    // code sits on a command line (readable by every local user).
    const { appUrl, url, token } = JSON.parse(line) as { appUrl: string; url: string; token: string };
    console.error(
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
          .then(({ appUrl: fresh }) => console.error(`\n  ${fresh}\n`))
          .catch(() => console.error('Could not get a new address from the bridge host.'));
      });
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}
