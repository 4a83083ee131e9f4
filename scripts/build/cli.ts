/**
 * Build time (Node 24), the last step of `npm run build`: bundles the `lectern` command line
 * (src-main/cli/main.ts) with rolldown into out/cli/lectern.mjs, which `bin/lectern.js` runs. No
 * TypeScript and no package lookup is left for run time: zod, undici and the rest are in the
 * bundle. Each command, the API client (with its HTTP stack and schemas) and the upload engine
 * stay behind dynamic imports, in chunks under out/cli/chunks/ that only the command using them
 * loads, so `lectern --help` reads a few kilobytes. out/cli/format-worker.mjs is the file-format
 * parsers' worker thread (file-type bundled, mediainfo.js external). Left outside: keytar (a native addon, loaded by
 * `require` when a keychain command runs) and mediainfo.js (finds its .wasm next to itself).
 *
 * The tests bundle their own child programs the same way (src-main/test-support/children.ts).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'rolldown';

const ROOT = join(import.meta.dirname, '..', '..');
export const CLI_OUT_DIR = join(ROOT, 'out', 'cli');
export const CLI_EXTERNAL = ['keytar', 'mediainfo.js'];
export const CLI_SOURCE = join(ROOT, 'src-main', 'cli', 'main.ts');

/**
 * undici's experimental "milo" HTTP parser (used only when UNDICI_USE_MILO is set) carries two
 * WebAssembly builds as base64 text, about 165 KB that every command reading the HTTP chunk would
 * decode for nothing. Lectern uses undici's default parser; the stub says so if someone opts in.
 */
const MILO = /[\\/]node_modules[\\/]undici[\\/]lib[\\/]milo[\\/](simd|no-simd)\.js$/;
const withoutMilo: Plugin = {
  name: 'lectern:without-milo',
  load(id) {
    if (!MILO.test(id)) return null;
    return `module.exports = { setup() { throw new Error("undici's milo parser (UNDICI_USE_MILO) is not part of Lectern's command line; unset UNDICI_USE_MILO.") } };`;
  },
};

/**
 * undici's Client requires its HTTP/2 half at load time, and with it `node:http2` (which pulls in
 * `tls`, all of `crypto`, readline and more): about 30 ms of a command's start, for a protocol
 * only a TLS server offering h2 ever gets. Here the HTTP/2 half is required the first time a
 * connection negotiates h2, so behaviour is unchanged and the rest never loads it. Should undici
 * change that line, the build fails instead of quietly losing the saving.
 */
const UNDICI_CLIENT = /[\\/]node_modules[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/;
const EAGER_H2 = "const connectH2 = require('./client-h2.js')";
const LAZY_H2 =
  "let loadedH2\nconst connectH2 = (client, socket) => (loadedH2 ??= require('./client-h2.js'))(client, socket)";
const http2WhenNegotiated: Plugin = {
  name: 'lectern:http2-when-negotiated',
  transform(code, id) {
    if (!UNDICI_CLIENT.test(id)) return null;
    if (!code.includes(EAGER_H2)) throw new Error(`${id} no longer has "${EAGER_H2}": update http2WhenNegotiated`);
    return code.replace(EAGER_H2, LAZY_H2);
  },
};

/**
 * Node reads a module's file into a string: pure ASCII becomes a one-byte string by a plain copy,
 * while one curly quote in 700 KB makes the whole file take the slow UTF-8 path (about 6 ms for
 * the HTTP chunk). Every other character is written as a \u escape, which means the same in strings,
 * templates, regular expressions and identifiers (no String.raw in the bundled code).
 */
export function asciiOnly(code: string): string {
  return code.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
const asciiOutput: Plugin = {
  name: 'lectern:ascii-output',
  // On the finished files: a renderChunk result can still be rewritten by later steps.
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) if (file.type === 'chunk') file.code = asciiOnly(file.code);
  },
};

/**
 * Bundles Node entry points (name → source file) into `outDir` as `<name>.mjs`, with the
 * file-format parsers' thread beside them (format-reader.ts finds it there). The output dir must
 * sit inside the project, so the external packages resolve from its node_modules.
 */
export async function bundleNodeEntries(outDir: string, inputs: Record<string, string>): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    input: { ...inputs, 'format-worker': join(ROOT, 'src-main', 'uploads', 'format-worker.ts') },
    platform: 'node',
    external: [/^node:/, ...CLI_EXTERNAL.map((name) => new RegExp(`^${name.replace('.', '\\.')}(/|$)`))],
    logLevel: 'warn',
    // platform/ is entered through its index.ts like every folder, and its files only declare
    // things at load: so the CLI's start takes the loopback check without the file handles
    // (node:crypto, node:fs/promises) that sit behind the same index.
    treeshake: { moduleSideEffects: [{ test: /src-main[\\/]platform[\\/]/, sideEffects: false }] },
    plugins: [withoutMilo, http2WhenNegotiated, asciiOutput],
    output: {
      dir: outDir,
      format: 'esm',
      entryFileNames: '[name].mjs',
      chunkFileNames: 'chunks/[name]-[hash].mjs',
      // Named, so a look at out/cli/chunks says which library a command pulled in.
      codeSplitting: {
        groups: [
          { name: 'undici', test: /[\\/]node_modules[\\/]undici[\\/]/ },
          { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
          // What every command loads before it runs (the entry's own modules): one file, not seven.
          {
            name: 'cli-core',
            test: /[\\/]src-main[\\/]cli[\\/](run|exit-codes|globals|help|output|connection|registry)\.ts$/,
          },
        ],
      },
    },
  });
}

export async function buildCli(outDir = CLI_OUT_DIR): Promise<void> {
  await bundleNodeEntries(outDir, { lectern: CLI_SOURCE });
}

if (import.meta.main) {
  await buildCli();
  console.log(`lectern CLI bundled into ${CLI_OUT_DIR}`);
}
