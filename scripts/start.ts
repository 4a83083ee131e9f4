/**
 * `npm start` (Node 24). Builds Lectern and opens it: in Electron when its binary is installed
 * (or can be installed), otherwise in the bridge host so the app still works on machines without
 * an Electron binary. Either way the app opens on its built-in Sandbox workspace.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';

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
  const host = spawn(process.execPath, ['src-main/bridge-host/main.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  createInterface({ input: host.stdout }).once('line', (line) => {
    const { appUrl } = JSON.parse(line) as { appUrl: string };
    console.error(
      `Lectern is running. Open this address in Chromium or Chrome:\n\n  ${appUrl}\n\nPress Ctrl+C to stop.`,
    );
    const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) =>
      existsSync(p),
    );
    if (chromium && (process.env['DISPLAY'] || process.env['WAYLAND_DISPLAY'])) {
      spawn(chromium, [`--app=${appUrl}`, '--no-first-run', '--disable-background-networking'], {
        stdio: 'ignore',
        detached: true,
      }).unref();
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => host.kill(signal));
  host.on('exit', (code) => process.exit(code ?? 0));
}
