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
 * undici reaches its fetch half (FormData, its body extraction and WebIDL: about 95 KB the HTTP
 * chunk would read at every start) only for a FormData request body, which Lectern never sends:
 * its bodies are JSON text, Buffers and file streams. The three entry points say so instead.
 */
const FETCH_ENTRIES =
  /[\\/]node_modules[\\/]undici[\\/]lib[\\/]web[\\/](fetch[\\/]formdata|fetch[\\/]body|webidl[\\/]index)\.js$/;
const withoutFetch: Plugin = {
  name: 'lectern:without-fetch',
  load(id) {
    if (!FETCH_ENTRIES.test(id)) return null;
    return `throw new Error("FormData request bodies (undici's fetch half) are not part of Lectern's command line.");`;
  },
};

/**
 * llhttp, undici's HTTP/1 parser, is WebAssembly carried as base64 text (two builds, 72 KB each):
 * text that every command's start would read, hash and scan with the HTTP chunk. The
 * bytes go beside the bundle instead (out/cli/wasm/), and the module reads the one it needs when
 * the first connection opens: the same bytes, read from a file rather than decoded.
 */
const LLHTTP = /[\\/]node_modules[\\/]undici[\\/]lib[\\/]llhttp[\\/](llhttp(?:_simd)?)-wasm\.js$/;
const WASM_BASE64 = /const wasmBase64 = '([A-Za-z0-9+/=]+)'\n/;
const DECODE = "Buffer.from(wasmBase64, 'base64')";
const llhttpBesideBundle: Plugin = {
  name: 'lectern:llhttp-beside-bundle',
  transform(code, id) {
    const name = LLHTTP.exec(id)?.[1];
    if (!name) return null;
    const base64 = WASM_BASE64.exec(code)?.[1];
    if (!base64 || !code.includes(DECODE)) throw new Error(`${id} changed: update llhttpBesideBundle`);
    this.emitFile({ type: 'asset', fileName: `wasm/${name}.wasm`, source: Buffer.from(base64, 'base64') });
    const read = `require('node:fs').readFileSync(new URL('../wasm/${name}.wasm', import.meta.url))`;
    return code.replace(WASM_BASE64, '').replace(DECODE, read);
  },
};

/** Rewrites `from` (which must be there: if undici changes it, the build fails instead of quietly
 * losing the saving) in the undici file whose path ends with `file`. */
interface UndiciRewrite {
  file: string;
  from: string;
  to: string;
}

const UNDICI_REWRITES: UndiciRewrite[] = [
  /**
   * undici's Client requires its HTTP/2 half at load time, and with it `node:http2` (which pulls
   * in `tls`, all of `crypto`, readline and more): a large part of a command's start, for a
   * protocol only a TLS server offering h2 ever gets. It is required the first time a connection
   * negotiates h2.
   */
  {
    file: 'dispatcher/client.js',
    from: "const connectH2 = require('./client-h2.js')",
    to: "let loadedH2\nconst connectH2 = (client, socket) => (loadedH2 ??= require('./client-h2.js'))(client, socket)",
  },
  /**
   * node:http is required for two things: the default header limit, which Lectern's
   * Agent always gives (api/http-stack.ts MAX_HEADER_BYTES), and telling an IncomingMessage
   * apart when destroying a stream, which only a loaded node:http can have made.
   */
  { file: 'dispatcher/client.js', from: "const http = require('node:http')\n", to: '' },
  {
    file: 'dispatcher/client.js',
    from: `const getDefaultNodeMaxHeaderSize = http &&
  http.maxHeaderSize &&
  Number.isInteger(http.maxHeaderSize) &&
  http.maxHeaderSize > 0
  ? () => http.maxHeaderSize
  : () => { throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid') }`,
    to: `const getDefaultNodeMaxHeaderSize = () => {
  const { maxHeaderSize } = require('node:http')
  if (Number.isInteger(maxHeaderSize) && maxHeaderSize > 0) return maxHeaderSize
  throw new InvalidArgumentError('http module not available or http.maxHeaderSize invalid')
}`,
  },
  {
    file: 'core/util.js',
    from: "const { IncomingMessage } = require('node:http')",
    to: `const isIncomingMessage = (stream) => {
  const made = Object.getPrototypeOf(stream).constructor
  return made?.name === 'IncomingMessage' && made === require('node:http').IncomingMessage
}`,
  },
  {
    file: 'core/util.js',
    from: 'if (Object.getPrototypeOf(stream).constructor === IncomingMessage) {',
    to: 'if (isIncomingMessage(stream)) {',
  },
];
/**
 * undici checks its own invariants with `assert(condition)` from node:assert, whose load (with its
 * error class, which creates the process's stderr stream to learn about colours) is a measurable part
 * of every start. Its files get a function that loads node:assert only when a condition fails, and
 * then throws what node:assert throws.
 */
const UNDICI_ASSERT = "const assert = require('node:assert')";
const ASSERT_WHEN_FAILED = "const assert = (value, message) => { if (!value) require('node:assert')(value, message) }";

const UNDICI_LIB = /[\\/]node_modules[\\/]undici[\\/]lib[\\/](.+)$/;
const undiciOnDemand: Plugin = {
  name: 'lectern:undici-on-demand',
  transform(code, id) {
    const file = UNDICI_LIB.exec(id)?.[1]?.split('\\').join('/');
    if (file === undefined) return null;
    const rewrites = [
      ...UNDICI_REWRITES.filter((r) => r.file === file),
      ...(code.includes(UNDICI_ASSERT) ? [{ file, from: UNDICI_ASSERT, to: ASSERT_WHEN_FAILED }] : []),
    ];
    if (rewrites.length === 0) return null;
    return rewrites.reduce((text, { from, to }) => {
      if (!text.includes(from)) throw new Error(`${id} no longer has ${JSON.stringify(from)}: update UNDICI_REWRITES`);
      return text.replace(from, to);
    }, code);
  },
};

/**
 * rolldown wraps each CommonJS module as `__commonJSMin(((exports, module) => {…}))`: the extra
 * parentheses make V8 compile the body at once, and the compile cache then keeps and reloads it
 * every run. Right for undici's modules a request needs; waste for the two big ones it requires
 * only when needed (the non-SIMD parser, for a machine without WebAssembly SIMD, and HTTP/2):
 * about 130 KB of the HTTP chunk. Their wrappers lose the hint (written `(0, (exports, module) =>
 * {…})` here, which rolldown then prints as a plain argument), so V8 compiles them only if
 * something requires them. Same code, same behaviour.
 */
const COMPILED_WHEN_REQUIRED =
  /(\/\/ node_modules\/undici\/lib\/(?:llhttp\/llhttp-wasm\.js|dispatcher\/client-h2\.js)\nvar require_\w+ = \/\* @__PURE__ \*\/ __commonJSMin\()\((\(exports, module\) => \{)/g;
function compiledWhenRequired(code: string): string {
  return code.replace(COMPILED_WHEN_REQUIRED, '$1(0, $2');
}
const undiciRestWhenRequired: Plugin = {
  name: 'lectern:undici-rest-when-required',
  renderChunk(code, chunk) {
    if (chunk.name !== 'undici') return null;
    const lazy = compiledWhenRequired(code);
    if (lazy.match(/__commonJSMin\(\(0, /g)?.length !== 2)
      throw new Error('expected two undici wrappers: update compiledWhenRequired');
    return lazy;
  },
};

/**
 * `import { parseArgs } from "node:util"` makes Node build an ES module facade over the built-in,
 * reading every one of its exports (and so loading what their getters load), where
 * `process.getBuiltinModule` takes next to nothing. The chunks get
 * their built-ins that way instead; the bundle only runs on Node 24 (bin/lectern.js). Every import
 * form rolldown writes is handled, and a clause it cannot read fails the build.
 */
const BUILTIN_IMPORT = /^import\s+(.*?)\s*(?:from\s+)?"(node:[\w/]+)";$/gm;
function builtinsWithoutFacades(code: string): string {
  return code.replace(BUILTIN_IMPORT, (line, clause: string, id: string) => {
    const load = `process.getBuiltinModule(${JSON.stringify(id)})`;
    if (clause === '') return `${load};`;
    const namespace = /^\* as (\w+)$/.exec(clause);
    if (namespace) return `const ${namespace[1]} = ${load};`;
    const parts = /^(?:(\w+)\s*,\s*)?(?:\{([^}]*)\})?$|^(\w+)$/.exec(clause);
    if (!parts) throw new Error(`builtinsWithoutFacades: cannot read ${line}`);
    const [, defaultBeside, named, defaultAlone] = parts;
    const bindings = (named ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => name.replace(/^([\w$]+) as ([\w$]+)$/, '$1: $2'));
    const statements = [];
    const local = defaultBeside ?? defaultAlone;
    if (local) statements.push(`const ${local} = ${load};`);
    if (bindings.length > 0) statements.push(`const { ${bindings.join(', ')} } = ${local ?? load};`);
    return statements.join(' ');
  });
}
const builtinsByCall: Plugin = {
  name: 'lectern:builtins-by-call',
  renderChunk: (code) => builtinsWithoutFacades(code),
};

/**
 * Node reads a module's file into a string: pure ASCII becomes a one-byte string by a plain copy,
 * while one curly quote in 700 KB makes the whole file take the slow UTF-8 path. Every other character is written as a \u escape, which means the same in strings,
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
    input: { ...inputs, 'format-worker': join(ROOT, 'src-main', 'media', 'format-worker.ts') },
    platform: 'node',
    external: [/^node:/, ...CLI_EXTERNAL.map((name) => new RegExp(`^${name.replace('.', '\\.')}(/|$)`))],
    logLevel: 'warn',
    // platform/ is entered through its index.ts like every folder, and its files only declare
    // things at load: so the CLI's start takes the loopback check without the file handles
    // (node:crypto, node:fs/promises) that sit behind the same index. src-shared/ is the same: its
    // files only declare (types, zod schemas, pure functions), so a command reaching it through its
    // index.ts loads only the files it uses; `lectern upload` no longer builds the IPC contract's
    // schemas at start (a 31 KB chunk of src-shared gone from its load). course-push/, media/ and
    // uploads/ too (their files only declare; the worker threads are entries of their own): so `course push`
    // bundles only the planning half of each (folder scan, plan, push state, the journal's path and
    // migrations), and the upload engine, its journal and the media readers stay in the chunks
    // that pushing (cli/commands/course-push-run.ts) or a file to inspect loads. A --dry-run of an
    // unchanged folder loads none of them.
    treeshake: {
      moduleSideEffects: [
        { test: /src-main[\\/]platform[\\/]/, sideEffects: false },
        { test: /src-main[\\/](course-push|media|uploads)[\\/]/, sideEffects: false },
        { test: /src-shared[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      withoutMilo,
      withoutFetch,
      llhttpBesideBundle,
      undiciOnDemand,
      undiciRestWhenRequired,
      builtinsByCall,
      asciiOutput,
    ],
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
          // Opening a file the user picked, as the plan (its hashes) and the upload engine both do:
          // apart from the media readers, which share a chunk with it otherwise.
          {
            name: 'file-access',
            test: /[\\/]src-main[\\/](platform[\\/]picked-file|uploads[\\/](file-identity|token-bucket))\.ts$/,
          },
          // Main's t() and formatjs, which both the plan (its skip reasons) and the upload engine
          // say things through: on their own, so a plan does not load the media readers with them.
          {
            name: 'i18n',
            // Before the groups above take it in as a dependency of theirs (a group brings its
            // modules' imports along unless a group of higher priority took them first).
            priority: 2,
            test: /[\\/](src-main[\\/]i18n[\\/]index\.ts|node_modules[\\/](@formatjs|intl-messageformat)[\\/].*)$/,
          },
          // With them the shared message table helper (a few lines every room's words use), which
          // otherwise lands in whichever chunk first shares it and drags that chunk's imports along.
          {
            name: 'cli-core',
            priority: 3,
            test: /[\\/](src-main[\\/]cli[\\/](run|exit-codes|globals|help|output|connection|registry|args)|src-shared[\\/]messages)\.ts$/,
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
