/**
 * Build time (Node 24), part of `npm run build`: bundles the bridge host (src-main/bridge-host/
 * main.ts) into out/bridge-host/main.mjs the way the command line is bundled (cli.ts), so a start
 * reads one file with no TypeScript to strip and no package lookups, starting in about half the
 * time the sources take. `npm start` without an
 * Electron binary and the end-to-end tests (Playwright's global setup, so they never run a stale
 * bundle) start it from there; `npm run bridge-host` still runs the sources, for working on them.
 */
import { join } from 'node:path';
import { bundleNodeEntries } from './cli.ts';

const ROOT = join(import.meta.dirname, '..', '..');
export const BRIDGE_HOST_OUT_DIR = join(ROOT, 'out', 'bridge-host');
export const BRIDGE_HOST_BUNDLE = join(BRIDGE_HOST_OUT_DIR, 'main.mjs');

export async function buildBridgeHost(outDir = BRIDGE_HOST_OUT_DIR): Promise<void> {
  await bundleNodeEntries(outDir, { main: join(ROOT, 'src-main', 'bridge-host', 'main.ts') });
}

if (import.meta.main) {
  await buildBridgeHost();
  console.log(`bridge host bundled into ${BRIDGE_HOST_OUT_DIR}`);
}
