// Tests (plain Node): the bundled command line as `npm run build` makes it (built here afresh from
// the source, into a temporary copy of the project layout). Which modules a command loads is read
// from Node itself: a module hook (module.registerHooks, passed with --import) records every file
// and built-in module the process loads, so "--help loads no HTTP client" is observed, not assumed.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../../src-main/test-support/index.ts';
import { buildCli } from './cli.ts';

const REPO = join(import.meta.dirname, '..', '..');
const project = suiteTempDir('lectern-cli-bundle-');

/** project/bin/lectern.js, project/out/cli (built now), project/node_modules and src-main linked. */
beforeAll(async () => {
  const root = project.path;
  mkdirSync(join(root, 'bin'));
  copyFileSync(join(REPO, 'bin', 'lectern.js'), join(root, 'bin', 'lectern.js'));
  writeFileSync(join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  symlinkSync(join(REPO, 'src-main'), join(root, 'src-main'), 'dir');
  await buildCli(join(root, 'out', 'cli'));
  writeFileSync(
    join(root, 'record-loads.mjs'),
    `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const loaded = [];
registerHooks({ load(url, context, nextLoad) { loaded.push(url); return nextLoad(url, context); } });
// The bundle takes its built-ins with process.getBuiltinModule, which no loader hook sees.
const getBuiltinModule = process.getBuiltinModule;
process.getBuiltinModule = (id) => { loaded.push(id.startsWith('node:') ? id : 'node:' + id); return getBuiltinModule(id); };
process.on('exit', () => writeFileSync(process.env.RECORD_LOADS_TO, loaded.join('\\n')));
`,
  );
}, 120_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Every module the process loaded: chunk file names (out/cli/chunks) and built-ins (node:…). */
  loaded: string[];
}

let runs = 0;
function run(entry: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const record = join(project.path, `loads-${++runs}.txt`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', join(project.path, 'record-loads.mjs'), entry, ...args], {
      env: { PATH: process.env.PATH, HOME: project.path, RECORD_LOADS_TO: record, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const loaded = readFileSync(record, 'utf8')
        .split('\n')
        .map((url) => (url.startsWith('file:') ? basename(url) : url));
      resolve({ code, stdout, stderr, loaded });
    });
  });
}

const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
if (!hasOpenssl) console.warn('cli.test: no openssl on this machine, the HTTP/2 case is skipped');

/** A throwaway key and self-signed certificate for 127.0.0.1 (PEM). */
function selfSignedPair(): { key: string; cert: string } {
  const [key, cert] = [join(project.path, 'h2.key'), join(project.path, 'h2.crt')];
  const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  execFileSync('openssl', [...args, '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
    stdio: 'ignore',
  });
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

const bundle = () => join(project.path, 'out', 'cli', 'lectern.mjs');
const chunk = (name: string) => (loaded: string[]) => loaded.some((file) => file.startsWith(`${name}-`));
const loadsHttpClient = chunk('undici');
const loadsSchemas = chunk('zod');
const loadsDatabase = (loaded: string[]) => loaded.includes('node:sqlite');

describe('the bundled CLI (out/cli)', () => {
  it('is plain JavaScript: one entry, chunks beside it, undici and zod in chunks of their own', () => {
    const chunks = readdirSync(join(project.path, 'out', 'cli', 'chunks'));
    expect(chunks.filter((c) => c.startsWith('undici-'))).toHaveLength(1);
    expect(chunks.filter((c) => c.startsWith('zod-'))).toHaveLength(1);
    expect(chunks.every((c) => c.endsWith('.mjs'))).toBe(true);
    expect(readFileSync(bundle(), 'utf8')).not.toMatch(/from ['"](zod|undici)['"]|\.ts['"]/);
  });

  it("carries none of the app's IPC contract (src-shared is tree-shaken file by file)", () => {
    const dir = join(project.path, 'out', 'cli');
    const files = ['lectern.mjs', ...readdirSync(join(dir, 'chunks')).map((c) => join('chunks', c))];
    const shared = files.flatMap(
      (f) => readFileSync(join(dir, f), 'utf8').match(/^\/\/ src-shared\/[\w-]+\.ts$/gm) ?? [],
    );
    expect(shared.length).toBeGreaterThan(0); // the check can see shared files
    expect(shared).not.toContain('// src-shared/channels.ts');
  });

  it("is ASCII only (Node reads it by a plain copy), without undici's unused milo parser and fetch half, and llhttp beside it", () => {
    const dir = join(project.path, 'out', 'cli');
    const files = [
      ...readdirSync(dir).filter((f) => f.endsWith('.mjs')),
      ...readdirSync(join(dir, 'chunks')).map((c) => join('chunks', c)),
    ];
    for (const file of files)
      expect(
        readFileSync(join(dir, file)).every((byte) => byte < 0x80),
        file,
      ).toBe(true);
    const http = readdirSync(join(dir, 'chunks')).find((c) => c.startsWith('undici-'))!;
    // The parser's WebAssembly is base64 text; undici's default parser (llhttp) stays.
    expect(readFileSync(join(dir, 'chunks', http), 'utf8')).toContain("is not part of Lectern's command line");
    expect(readFileSync(join(dir, 'chunks', http), 'utf8')).toContain('llhttp');
    // llhttp's WebAssembly sits beside the bundle as bytes, not in the chunk as base64 text.
    expect(readdirSync(join(dir, 'wasm')).sort()).toEqual(['llhttp.wasm', 'llhttp_simd.wasm']);
    expect(readFileSync(join(dir, 'chunks', http), 'utf8')).not.toContain('wasmBase64');
    // FormData bodies, which Lectern never sends, are the only way into undici's fetch half.
    expect(readFileSync(join(dir, 'chunks', http), 'utf8')).toContain("are not part of Lectern's command line.");
    expect(readFileSync(join(dir, 'chunks', http), 'utf8')).not.toContain('formdata-parser');
  });

  it("compiles undici's HTTP/2 half and fallback parser only when required, the rest at once", () => {
    const chunks = join(project.path, 'out', 'cli', 'chunks');
    const http = readFileSync(
      join(
        chunks,
        readdirSync(chunks).find((c) => c.startsWith('undici-'))!,
      ),
      'utf8',
    );
    // The wrapper rolldown writes under each module's path comment: `((` is V8's compile-now hint.
    const wrapper = (path: string) =>
      new RegExp(
        `// node_modules/undici/lib/${path.replace(/[./]/g, '\\$&')}\n.*__commonJSMin\\((\\(?)\\(exports`,
      ).exec(http)?.[1];
    for (const later of ['llhttp/llhttp-wasm.js', 'dispatcher/client-h2.js']) expect(wrapper(later), later).toBe('');
    for (const now of ['dispatcher/client-h1.js', 'llhttp/llhttp_simd-wasm.js', 'dispatcher/agent.js', 'core/util.js'])
      expect(wrapper(now), now).toBe('(');
  });

  it('--help loads no HTTP client, no schema library and no database, and names every command', async () => {
    const result = await run(bundle(), ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: lectern <command>/);
    for (const command of ['upload FILE...', 'profiles list', 'diagnostics', 'lesson get|delete'])
      expect(result.stdout).toContain(command);
    expect(result.loaded).toContain('lectern.mjs');
    expect(loadsHttpClient(result.loaded)).toBe(false);
    expect(loadsSchemas(result.loaded)).toBe(false);
    expect(loadsDatabase(result.loaded)).toBe(false);
    expect(result.loaded.filter((file) => file.endsWith('.mjs')).length).toBeLessThanOrEqual(8);
  });

  it('help for one command and a usage error load no more than --help does', async () => {
    for (const args of [['help', 'upload'], ['upload', '--help'], ['frobnicate']]) {
      const result = await run(bundle(), args);
      expect(result.code, args.join(' ')).toBe(args[0] === 'frobnicate' ? 2 : 0);
      expect(loadsHttpClient(result.loaded), args.join(' ')).toBe(false);
      expect(loadsDatabase(result.loaded), args.join(' ')).toBe(false);
    }
  });

  it('a command that calls the server loads the HTTP client (the check above can see it), not its HTTP/2 half, and no schema before an answer', async () => {
    const result = await run(bundle(), ['courses', '--base-url', 'http://127.0.0.1:9'], { LECTERN_API_KEY: 'k' });
    expect(result.code).toBe(4);
    expect(loadsHttpClient(result.loaded)).toBe(true);
    // Nothing answered, so nothing was read: the schemas are built at the first answer.
    expect(loadsSchemas(result.loaded)).toBe(false);
    // undici's HTTP/2 half (with node:http2, tls and crypto) waits for a server that offers h2.
    expect(result.loaded).not.toContain('node:http2');
    expect(result.loaded).not.toContain('node:crypto');
    // Nor node:http: Lectern's Agent gives undici the header limit it would read there.
    expect(result.loaded).not.toContain('node:http');
    // Nor node:assert, which undici's invariant checks load only when one fails.
    expect(result.loaded).not.toContain('node:assert');
  });

  it('reads the first answer with the schemas, loaded then (here an error envelope)', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          status: 401,
          success: false,
          code: 'NOT_AUTHENTICATED',
          message: 'Key unknown here.',
          data: null,
          errors: [],
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const result = await run(bundle(), ['courses', '--base-url', base], { LECTERN_API_KEY: 'k' });
      expect(result.stderr).toContain('"code":"NOT_AUTHENTICATED"');
      expect(result.stderr).toContain('Key unknown here.');
      expect(loadsSchemas(result.loaded)).toBe(true);
    } finally {
      server.close();
    }
  });

  it.skipIf(!hasOpenssl)(
    "still speaks HTTP/2 when a TLS server offers it (undici's h2 half is loaded then)",
    async () => {
      // The bundled HTTP stack itself: an Agent that allows h2, against a local h2 server.
      const apiChunk = readdirSync(join(project.path, 'out', 'cli', 'chunks')).find((c) =>
        readFileSync(join(project.path, 'out', 'cli', 'chunks', c), 'utf8').includes('// src-main/api/http-stack.ts'),
      );
      const script = join(project.path, 'h2-probe.mjs');
      writeFileSync(
        script,
        `import { createSecureServer } from 'node:http2';
import * as api from './out/cli/chunks/${apiChunk}';
const Agent = Object.values(api).find((v) => typeof v === 'function' && v.name === 'Agent');
const { key, cert } = JSON.parse(process.env.H2_PAIR);
const server = createSecureServer({ key, cert, allowHTTP1: false }, (req, res) => res.end('over ' + req.httpVersion));
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const agent = new Agent({ allowH2: true, connect: { rejectUnauthorized: false } });
const res = await agent.request({ origin: 'https://127.0.0.1:' + server.address().port, path: '/', method: 'GET' });
console.log(await res.body.text());
await agent.close();
server.close();
`,
      );
      const result = await run(script, [], { H2_PAIR: JSON.stringify(selfSignedPair()) });
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe('over 2.0');
    },
  );

  it("reads a file's format in the bundled parsers' thread (out/cli/format-worker.mjs)", async () => {
    const slide = join(project.path, 'slide.mp4');
    writeFileSync(slide, Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64)]));
    const args = ['upload', slide, '--section', '1/2', '--base-url', 'http://127.0.0.1:9'];
    const result = await run(bundle(), [...args, '--data-dir', join(project.path, 'data')], { LECTERN_API_KEY: 'k' });
    // file-type is bundled only into the worker: naming the PNG proves the thread ran from the bundle.
    expect(result.stderr).toContain('slide.mp4 is an image (PNG), not a video.');
    // Written as \u escapes in the bundle, the words still reach the terminal as typed.
    expect(result.stderr).not.toMatch(/\\u[0-9a-f]{4}/);
    expect(result.code).toBe(2);
    expect(readFileSync(join(project.path, 'out', 'cli', 'lectern.mjs'), 'utf8')).not.toContain('fileTypeFromBuffer');
  });

  it('course push --dry-run loads the planning half only: not the upload engine, its journal or the media readers', async () => {
    const courseId = '3f1c2a9e-4b6d-4e8a-9c1f-2a3b4c5d6e7f';
    const envelope = (data: unknown) => ({ status: 200, success: true, code: 'OK', message: 'OK', data, errors: [] });
    const paginator = { count: 0, page: 1, page_size: 100, total_pages: 1, next: null, next_page_number: null };
    const answers: Record<string, unknown> = {
      [`/v1/external/learning/courses/${courseId}`]: envelope({
        id: courseId,
        name: 'Forklift basics',
        updated_datetime: '2026-01-01T00:00:00Z',
      }),
      [`/v1/external/learning/courses/${courseId}/sections`]: envelope({
        paginator: { ...paginator, previous: null, previous_page_number: null },
        results: [],
      }),
    };
    const server = createServer((req, res) => {
      const answer = answers[(req.url ?? '').split('?')[0]!];
      res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          answer ?? { status: 404, success: false, code: 'NOT_FOUND', message: 'No.', data: null, errors: [] },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const folder = join(project.path, 'Forklift');
      mkdirSync(join(folder, '01 - Safety'), { recursive: true });
      writeFileSync(join(folder, '01 - Safety', '01 - Before you start.md'), 'Check the forks.\n');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const args = ['course', 'push', folder, '--course', courseId, '--dry-run', '--json', '--base-url', base];
      const result = await run(bundle(), [...args, '--data-dir', join(project.path, 'data-push')], {
        LECTERN_API_KEY: 'k',
      });
      // The stub's course leaves out what the app only shows: warned about, read all the same.
      expect(result.stderr).toContain('contract deviation in courses.get at data.level');
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ dryRun: true, plan: { courseId } });
      const chunks = join(project.path, 'out', 'cli', 'chunks');
      const holding = (source: string) =>
        readdirSync(chunks).find((c) => readFileSync(join(chunks, c), 'utf8').includes(`// ${source}\n`))!;
      for (const source of [
        'src-main/course-push/execute.ts',
        'src-main/uploads/manager.ts',
        'src-main/uploads/journal.ts',
        'src-main/media/media-probe.ts',
      ]) {
        expect(holding(source), source).toBeDefined();
        expect(result.loaded, source).not.toContain(holding(source));
      }
      // The push state's journal file is opened (node:sqlite), and the answers were read with zod.
      expect(loadsDatabase(result.loaded)).toBe(true);
      expect(loadsSchemas(result.loaded)).toBe(true);
    } finally {
      server.close();
    }
  });

  it('--profile opens the workspaces database (the database check can see it)', async () => {
    const result = await run(bundle(), ['courses', '--profile', 'Nope', '--data-dir', join(project.path, 'data')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no workspace named "Nope"/);
    expect(loadsDatabase(result.loaded)).toBe(true);
  });
});

describe('bin/lectern.js', () => {
  it('runs the bundle in its own process (no second Node) when it is built', async () => {
    const result = await run(join(project.path, 'bin', 'lectern.js'), ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: lectern <command>/);
    expect(result.stderr).toBe('');
    expect(result.loaded).toContain('lectern.mjs');
    expect(result.loaded).not.toContain('node:child_process');
  });

  it("keeps the bundle's compiled code in the user's cache folder, and the next run reads it from there", async () => {
    const cacheHome = join(project.path, 'cache-home');
    const launcher = join(project.path, 'bin', 'lectern.js');
    const first = await run(launcher, ['--help'], { XDG_CACHE_HOME: cacheHome });
    expect(first.code).toBe(0);
    const folder = join(cacheHome, 'lectern', 'compile-cache');
    const [versioned, ...others] = readdirSync(folder);
    expect(others).toEqual([]);
    // One entry per module compiled: the entry and the chunk it loads for --help.
    expect(readdirSync(join(folder, versioned!)).length).toBeGreaterThanOrEqual(2);
    // Node's own account of the compile cache: the second run takes the code the first one left.
    const second = await run(launcher, ['--help'], { XDG_CACHE_HOME: cacheHome, NODE_DEBUG_NATIVE: 'COMPILE_CACHE' });
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/code cache for ESM \S+\/out\/cli\/lectern\.mjs was accepted/);
  });

  it('runs without the compile cache when its folder cannot be made or the user turned it off', async () => {
    const launcher = join(project.path, 'bin', 'lectern.js');
    const notAFolder = join(project.path, 'package.json');
    const unwritable = await run(launcher, ['--help'], { XDG_CACHE_HOME: notAFolder });
    expect(unwritable.code).toBe(0);
    expect(unwritable.stderr).toBe('');
    expect(unwritable.stdout).toMatch(/^Usage: lectern <command>/);
    const offHome = join(project.path, 'cache-off');
    const off = await run(launcher, ['--help'], { XDG_CACHE_HOME: offHome, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.code).toBe(0);
    expect(existsSync(offHome)).toBe(false);
  });

  it('without the bundle says how to build it and runs the source instead', async () => {
    const bare = join(project.path, 'unbuilt');
    mkdirSync(join(bare, 'bin'), { recursive: true });
    copyFileSync(join(REPO, 'bin', 'lectern.js'), join(bare, 'bin', 'lectern.js'));
    writeFileSync(join(bare, 'package.json'), JSON.stringify({ type: 'module' }));
    symlinkSync(join(REPO, 'src-main'), join(bare, 'src-main'), 'dir');
    const result = await run(join(bare, 'bin', 'lectern.js'), ['help', 'courses']);
    expect(result.stderr).toMatch(/out\/cli\/lectern\.mjs is missing \(run `npm run build`\); running from source/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/lectern courses \[--search S\]/);
    expect(result.loaded.some((file) => file === 'main.ts')).toBe(true);
  });
});
