#!/usr/bin/env node
// CLI launcher (plain Node, any version): re-runs `src-main/cli/main.ts` under the project's Node 24
// (node_modules/.bin/node next to the package when present, else this node) with the same
// arguments and stdio, and exits with its exit code or signal.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const exe = process.platform === 'win32' ? 'node.exe' : 'node';
const candidates = [
  join(root, 'node_modules', 'node', 'bin', exe),
  join(root, 'node_modules', '.bin', exe),
  // Installed as a dependency: the project's node sits in the enclosing node_modules.
  join(root, '..', 'node', 'bin', exe),
  join(root, '..', '.bin', exe),
];
const nodeBin = candidates.find((p) => existsSync(p)) ?? process.execPath;
if (nodeBin === process.execPath && Number(process.versions.node.split('.')[0]) < 24) {
  process.stderr.write(`lectern: needs Node 24 or newer (this is ${process.version}); run npm install first.\n`);
  process.exit(2);
}

const child = spawn(nodeBin, [join(root, 'src-main', 'cli', 'main.ts'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
// The child shares our terminal and gets Ctrl-C from it directly; forward signals sent to us alone.
for (const signal of ['SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
process.on('SIGINT', () => {});
child.on('error', (e) => {
  process.stderr.write(`lectern: cannot start ${nodeBin}: ${e.message}\n`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
