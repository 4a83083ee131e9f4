#!/usr/bin/env node
// CLI launcher (plain Node, any version). On Node 24 or newer it runs the bundled command line
// (out/cli/lectern.mjs, made by `npm run build`) in this very process with Node's module compile
// cache on (in the user's cache folder), so a command starts about as fast as Node itself. On an
// older Node it re-runs itself under the project's Node 24 (node_modules/.bin/node) with the same
// arguments and stdio. Without the bundle (a clone not yet built) it says so and runs the
// TypeScript source instead, slower.
// The fast path imports no built-in module: each one Node wraps as an ES module costs a few ms of
// a command's start, and this file only needs to find the bundle and turn the compile cache on.
const bundle = new URL('../out/cli/lectern.mjs', import.meta.url);
const source = new URL('../src-main/cli/main.ts', import.meta.url);

if (Number(process.versions.node.split('.')[0]) >= 24) {
  const { existsSync } = process.getBuiltinModule('node:fs');
  let entry = bundle;
  if (!existsSync(bundle)) {
    process.stderr.write('lectern: out/cli/lectern.mjs is missing (run `npm run build`); running from source.\n');
    entry = source;
  }
  enableCompileCache();
  await import(entry.href);
} else {
  await rerunUnderProjectNode();
}

/**
 * Compiled code is kept between runs, before the bundle is imported so its every chunk is covered:
 * in the user's cache folder, which outlives the temp folder's clean-ups, else in the temp folder
 * (Node's default). NODE_COMPILE_CACHE chooses another folder and NODE_DISABLE_COMPILE_CACHE=1 turns
 * it off (Node reads both). A folder that cannot be written only costs the speed-up, never the command.
 */
function enableCompileCache() {
  const { enableCompileCache, constants } = process.getBuiltinModule('node:module');
  const status = enableCompileCache(userCacheFolder('compile-cache'))?.status;
  if (status === constants?.compileCacheStatus?.FAILED) enableCompileCache();
}

/** Where this user's caches go: XDG_CACHE_HOME or ~/.cache, ~/Library/Caches, %LOCALAPPDATA%. */
function userCacheFolder(name) {
  const env = process.env;
  const home = () => env.HOME || env.USERPROFILE || process.getBuiltinModule('node:os').homedir();
  if (process.platform === 'win32') return `${env.LOCALAPPDATA || `${home()}\\AppData\\Local`}\\Lectern\\${name}`;
  if (process.platform === 'darwin') return `${home()}/Library/Caches/Lectern/${name}`;
  return `${env.XDG_CACHE_HOME || `${home()}/.cache`}/lectern/${name}`;
}

async function rerunUnderProjectNode() {
  const { spawn } = await import('node:child_process');
  const { existsSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const { fileURLToPath } = await import('node:url');
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const exe = process.platform === 'win32' ? 'node.exe' : 'node';
  const candidates = [
    join(root, 'node_modules', 'node', 'bin', exe),
    join(root, 'node_modules', '.bin', exe),
    // Installed as a dependency: the project's node sits in the enclosing node_modules.
    join(root, '..', 'node', 'bin', exe),
    join(root, '..', '.bin', exe),
  ];
  const nodeBin = candidates.find((p) => existsSync(p));
  if (!nodeBin) {
    process.stderr.write(`lectern: needs Node 24 or newer (this is ${process.version}); run npm install first.\n`);
    process.exit(2);
  }
  // Fd 3 is a pipe the child watches (src-main/cli/launcher-link.ts): this launcher killed outright
  // closes it, and the child stops at once instead of uploading on alone.
  const child = spawn(nodeBin, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    env: { ...process.env, LECTERN_LAUNCHER_PIPE: '3' },
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
}
