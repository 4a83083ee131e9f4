// Plain Node (benchmarks). bench:ui's bridge host: the test hooks (the bench answers main's file
// dialog) and the event-loop/memory probe (ui-main-probe.ts); its Sandbox workspace on a sandbox
// server of its own process, seeded large, so main's memory is the app's alone (the fake server
// keeps what it is sent). Calls on the bridge with the owner secret, as the renderer's would arrive.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface BenchHost {
  child: ChildProcess;
  sandbox: ChildProcess;
  url: string;
  token: string;
  probeFile: string;
  /** The sandbox server the host's Sandbox workspace talks to, and its key (for the floor's host). */
  sandboxUrl: string;
  sandboxKey: string;
}

export interface MainProbe {
  loop: { samples: number; p50: number; p99: number; max: number; mean: number };
  memory: { rss: number; heapUsed: number; heapTotal: number; external: number; collected: boolean };
}

const ROOT = resolve(import.meta.dirname, '../..');

export async function startHost(dataDir: string): Promise<BenchHost> {
  const sandbox = spawn(
    process.execPath,
    ['src-main/sandbox/main.ts', '--quiet', '--seed', 'large', '--data', join(dataDir, 'sandbox')],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const server = await firstLine<{ baseUrl: string; keys: { tenantAdmin: string } }>(sandbox, 'sandbox');
  const { child, url, token, probeFile } = await startBridgeHost(
    dataDir,
    'out/renderer',
    server.baseUrl,
    server.keys.tenantAdmin,
  );
  return { child, sandbox, url, token, probeFile, sandboxUrl: server.baseUrl, sandboxKey: server.keys.tenantAdmin };
}

/** A bridge host for the floor page: the same code, its own data folder, the same sandbox server. */
export type FloorHost = Pick<BenchHost, 'child' | 'url' | 'token'>;

/**
 * A second bridge host serving the floor page from `rendererDir` (ui-page.ts): a first row's time
 * with nothing of the app in between.
 */
export async function startFloorHost(dataDir: string, rendererDir: string, host: BenchHost): Promise<FloorHost> {
  return startBridgeHost(dataDir, rendererDir, host.sandboxUrl, host.sandboxKey);
}

export async function stopFloorHost(floor: FloorHost): Promise<void> {
  const exited = new Promise((done) => floor.child.once('exit', done));
  floor.child.kill('SIGTERM');
  await exited;
}

async function startBridgeHost(
  dataDir: string,
  rendererDir: string,
  sandboxUrl: string,
  sandboxKey: string,
): Promise<Pick<BenchHost, 'child' | 'url' | 'token' | 'probeFile'>> {
  const probeFile = join(dataDir, 'main-probe.json');
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      join(ROOT, 'scripts/bench/ui-main-probe.ts'),
      'src-main/bridge-host/main.ts',
      '--data',
      join(dataDir, 'app'),
      '--renderer',
      rendererDir,
      '--sandbox-url',
      sandboxUrl,
      '--test-hooks',
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        LECTERN_TEST_HOOKS: '1',
        LECTERN_BENCH_PROBE_FILE: probeFile,
        LECTERN_SANDBOX_KEY: sandboxKey,
      },
    },
  );
  const host = await firstLine<{ url: string; token: string }>(child, 'bridge host');
  return { child, url: host.url, token: host.token, probeFile };
}

function firstLine<T>(child: ChildProcess, name: string): Promise<T> {
  return new Promise<T>((done, fail) => {
    child.once('exit', (code) => fail(new Error(`${name} exited early (${code})`)));
    createInterface({ input: child.stdout! }).once('line', (line) => done(JSON.parse(line) as T));
  });
}

export async function stopHost(host: BenchHost): Promise<void> {
  for (const child of [host.child, host.sandbox]) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
}

/** The sandbox server's resident memory (for the report: what the fake server keeps is not the app's). */
export function sandboxRss(host: BenchHost): number {
  const status = readFileSync(`/proc/${host.sandbox.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) * 1024;
}

async function post(host: Pick<BenchHost, 'url' | 'token'>, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${host.url}${path}`, {
    method: 'POST',
    headers: { 'x-lectern-bridge-token': host.token, origin: host.url, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** One bridge call, unwrapped (a refusal throws with main's words). */
export async function rpc<T>(host: BenchHost, channel: string, input?: unknown): Promise<T> {
  const result = (await post(host, `/__bridge/rpc/${channel}`, { input })) as
    { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

export async function hook(host: BenchHost, action: string, body: unknown): Promise<unknown> {
  return post(host, `/__bridge/test/${action}`, body);
}

/** A one-time launch address made now (the one printed at start may expire while Chromium starts). */
export async function freshLaunchUrl(host: Pick<BenchHost, 'url' | 'token'>): Promise<string> {
  return ((await post(host, '/__bridge/launch-code', {})) as { appUrl: string }).appUrl;
}

/** What main's probe saw since the last read (the next read starts from now). */
export async function readMainProbe(host: BenchHost): Promise<MainProbe> {
  rmSync(host.probeFile, { force: true });
  host.child.kill('SIGUSR2');
  const deadline = Date.now() + 30_000;
  while (!existsSync(host.probeFile)) {
    if (Date.now() > deadline) throw new Error('the bridge host did not answer its probe');
    await new Promise((wait) => setTimeout(wait, 20));
  }
  // Written in one call; a read may still meet a file being written, so try again once.
  try {
    return JSON.parse(readFileSync(host.probeFile, 'utf8')) as MainProbe;
  } catch {
    await new Promise((wait) => setTimeout(wait, 100));
    return JSON.parse(readFileSync(host.probeFile, 'utf8')) as MainProbe;
  }
}

/** Files → handles (main's dialog, answered by the bench) → uploads into `target`'s section. */
export async function uploadFiles(
  host: BenchHost,
  paths: string[],
  target: { courseId: string; sectionId: string },
  title: (index: number) => string,
): Promise<string[]> {
  const ids: string[] = [];
  // A hundred at a time: each add checks its files' bytes first, which on a busy machine can take
  // longer than a fetch waits for an answer's headers.
  for (let from = 0; from < paths.length; from += 100) {
    const chunk = paths.slice(from, from + 100);
    await hook(host, 'dialog', { paths: chunk });
    const handles = await rpc<{ handle: string }[]>(host, 'uploads.pickFiles', {});
    const rows = await rpc<{ id: string }[]>(host, 'uploads.add', {
      items: handles.map((h, i) => ({ handle: h.handle, target: { kind: 'new', ...target, title: title(from + i) } })),
    });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

const MOVING = ['queued', 'uploading', 'completing', 'attaching', 'waiting'];
/** While uploads move, the whole list is read again this often (the events say the rest). */
const SETTLED_LIST_MS = 10_000;

/**
 * Resolves once none of `ids` is still on its way (every one done, failed or otherwise stopped).
 * Followed through the row events main sends the window anyway, with the whole list read only at
 * the start and every SETTLED_LIST_MS: a list of 2,000 rows is 1 MB of JSON, and reading it twice a
 * second was the bench's own weight on the main process whose memory it measures.
 */
export async function uploadsSettled(host: BenchHost, ids: string[], timeoutMs: number): Promise<Map<string, number>> {
  const watched = new Set(ids);
  const states = new Map<string, string>();
  const deadline = Date.now() + timeoutMs;
  const stream = new AbortController();
  let changed: () => void = () => undefined;
  /** Uploads an event told of: main reports each change of state in order, so its last event is its state. */
  const told = new Set<string>();
  let streamDown = false;
  const events = followEvents(host, stream.signal, (event, payload) => {
    const rows = event === 'uploads.changed' ? [payload] : event === 'uploads.progress' ? payload.rows : [];
    for (const row of rows as { id: string; state: string }[]) {
      if (!watched.has(row.id)) continue;
      told.add(row.id);
      states.set(row.id, row.state);
    }
    changed();
  });
  events.ended.catch(() => (streamDown = true));
  try {
    await events.opened;
    for (;;) {
      // The list fills in the uploads no event has told of yet (all of them without a stream).
      for (const row of await rpc<{ id: string; state: string }[]>(host, 'uploads.list'))
        if (watched.has(row.id) && (streamDown || !told.has(row.id))) states.set(row.id, row.state);
      const listedAt = Date.now();
      while (Date.now() - listedAt < SETTLED_LIST_MS) {
        const counts = new Map<string, number>();
        for (const state of states.values()) counts.set(state, (counts.get(state) ?? 0) + 1);
        if (![...states.values()].some((state) => MOVING.includes(state))) return counts;
        if (Date.now() > deadline)
          throw new Error(`uploads still moving after ${timeoutMs / 1000} s: ${JSON.stringify([...counts])}`);
        await new Promise<void>((wake) => {
          changed = wake;
          setTimeout(wake, 1_000);
        });
      }
    }
  } finally {
    stream.abort();
    await events.ended.catch(() => undefined);
  }
}

/** Main's event stream as the window gets it (POST /__bridge/events), each event to `onEvent`. */
function followEvents(
  host: BenchHost,
  signal: AbortSignal,
  onEvent: (event: string, payload: { rows?: unknown[] } & Record<string, unknown>) => void,
): { opened: Promise<void>; ended: Promise<void> } {
  let opened!: () => void;
  const openedPromise = new Promise<void>((done) => (opened = done));
  const ended = (async () => {
    const response = await fetch(`${host.url}/__bridge/events`, {
      method: 'POST',
      headers: { 'x-lectern-bridge-token': host.token, origin: host.url, 'content-type': 'application/json' },
      body: '{}',
      signal,
    });
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    opened();
    let buffer = '';
    for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
      buffer += chunk;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, end).replace(/^data: /, '');
        buffer = buffer.slice(end + 2);
        if (!frame.startsWith('{')) continue;
        const { event, payload } = JSON.parse(frame) as { event: string; payload: { rows?: unknown[] } };
        onEvent(event, payload);
      }
    }
  })();
  // A stream that never opened fails the wait for it.
  ended.catch(() => opened());
  return { opened: openedPromise, ended };
}

/** An idle Node process watching its own event loop (ui-idle-probe.ts), for the machine's floor. */
export interface IdleProbe {
  /** What it saw since the last read (or its start), then it starts over. */
  read(): Promise<MainProbe['loop']>;
  stop(): void;
}

export async function startIdleProbe(): Promise<IdleProbe> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/bench/ui-idle-probe.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () => new Promise<string>((done) => waiting.push(done));
  await next(); // ready
  return {
    async read() {
      const line = next();
      child.kill('SIGUSR2');
      return JSON.parse(await line) as MainProbe['loop'];
    },
    stop: () => child.kill(),
  };
}
