// Main process / plain Node. Options of the sandbox server: defaults, checks, and the CLI flags that
// map onto them (`npm run --silent sandbox -- --help`).
import { parseArgs } from 'node:util';
import type { FaultSettings } from './faults.ts';
import { SEED_KINDS } from './seed.ts';
import { DEFAULT_PROCESSING_MS } from './video-processing.ts';
import type { SeedKind } from './seed.ts';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from './server-timeouts.ts';
import { isLoopbackHost } from '../platform/index.ts';

export interface SandboxOptions {
  /** 0 = a free port (default). */
  port?: number;
  /** Default 127.0.0.1; a non-loopback address is refused unless allowRemote. */
  host?: string;
  allowRemote?: boolean;
  /** Persist the SQLite database and uploaded bytes here; default: in-memory database + temp dir. */
  dataDir?: string;
  /** Applied only to a fresh database. Default 'demo'. */
  seed?: SeedKind;
  /** Part size of new upload sessions, bytes. Default 8 MiB. */
  partSize?: number;
  /** Lifetime of presigned URLs, seconds. Default 900. */
  urlTtlSeconds?: number;
  /** Requests per second per key (token bucket); 0 = off (default). */
  rateLimit?: number;
  latencyMs?: number;
  /** Delay added to every storage part PUT before its answer, ms. */
  storageLatencyMs?: number;
  /** Share of API requests answered 500. */
  failRate?: number;
  /** Share of storage PUTs failing with 500 or a dropped connection. */
  storageFailRate?: number;
  /** Share of storage PUTs that stop reading mid-body. */
  stallRate?: number;
  /** Makes fault injection repeatable. */
  randomSeed?: number;
  /** How long a lesson's new video reads PROCESSING before READY or FAILED, ms. Default 3000. */
  processingMs?: number;
  /** Answers that drift from the reference (drift.ts); also changeable with setFaults. */
  drift?: boolean;
  /** Section writes and course update answer 405 (a server without them); also changeable with setFaults. */
  noStructure?: boolean;
  /** No request log on stderr. startSandbox() is quiet unless quiet: false; the CLI logs unless --quiet. */
  quiet?: boolean;
  /** Header, whole-request and keep-alive limits per connection (defaults: 10 s, 60 s, 5 s). */
  timeouts?: Partial<ServerTimeouts>;
  /** Told of every answered request (API and storage), in the order answered: tests read the traffic. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  /** Without the query (a presigned URL's signature stays out). */
  path: string;
  status: number;
  /** performance.now() of this process when the request arrived and when it was answered. */
  receivedAt: number;
  answeredAt: number;
}

export interface ResolvedOptions {
  port: number;
  host: string;
  allowRemote: boolean;
  dataDir: string | undefined;
  seed: SeedKind;
  partSize: number;
  processingMs: number;
  randomSeed: number | undefined;
  quiet: boolean;
  faults: FaultSettings;
  timeouts: ServerTimeouts;
}

export class SandboxOptionError extends Error {
  readonly code = 'SANDBOX_BAD_OPTION';
  constructor(message: string) {
    super(message);
    this.name = 'SandboxOptionError';
  }
}

export const DEFAULT_PART_SIZE = 8 * 1024 * 1024;
export const DEFAULT_URL_TTL_SECONDS = 900;
const MAX_PART_SIZE = 5 * 1024 ** 3;

/** Loopback only by default: the one check in platform/security.ts. */
export function isLoopback(host: string): boolean {
  return isLoopbackHost(host);
}

function integer(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SandboxOptionError(`${name} must be a whole number from ${min} to ${max}; got ${String(value)}.`);
  }
  return value;
}

function share(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new SandboxOptionError(`${name} must be between 0 and 1; got ${String(value)}.`);
  return value;
}

function atLeastZero(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new SandboxOptionError(`${name} must be 0 or more; got ${String(value)}.`);
  return value;
}

/** Checks fault settings (also those given later to setFaults). */
export function checkFaults(update: Partial<FaultSettings>): Partial<FaultSettings> {
  const checked: Partial<FaultSettings> = {};
  if (update.failRate !== undefined) checked.failRate = share('failRate', update.failRate);
  if (update.storageFailRate !== undefined) checked.storageFailRate = share('storageFailRate', update.storageFailRate);
  if (update.stallRate !== undefined) checked.stallRate = share('stallRate', update.stallRate);
  if (update.latencyMs !== undefined) checked.latencyMs = atLeastZero('latencyMs', update.latencyMs);
  if (update.storageLatencyMs !== undefined)
    checked.storageLatencyMs = atLeastZero('storageLatencyMs', update.storageLatencyMs);
  if (update.rateLimit !== undefined) checked.rateLimit = atLeastZero('rateLimit', update.rateLimit);
  if (update.urlTtlSeconds !== undefined)
    checked.urlTtlSeconds = integer('urlTtlSeconds', update.urlTtlSeconds, 1, 7 * 86_400);
  if (update.drift !== undefined) checked.drift = update.drift === true;
  if (update.noStructure !== undefined) checked.noStructure = update.noStructure === true;
  return checked;
}

export function resolveOptions(options: SandboxOptions): ResolvedOptions {
  const host = options.host ?? '127.0.0.1';
  const allowRemote = options.allowRemote ?? false;
  if (!isLoopback(host) && !allowRemote) {
    throw new SandboxOptionError(
      `Refusing to listen on ${host}: the sandbox serves loopback only unless allowRemote (--allow-remote) is set.`,
    );
  }
  const seed = options.seed ?? 'demo';
  if (!SEED_KINDS.includes(seed))
    throw new SandboxOptionError(`seed must be one of ${SEED_KINDS.join(', ')}; got ${String(seed)}.`);
  if (options.randomSeed !== undefined) integer('randomSeed', options.randomSeed, 0, 2 ** 32 - 1);
  const faults: FaultSettings = {
    failRate: 0,
    storageFailRate: 0,
    stallRate: 0,
    latencyMs: 0,
    storageLatencyMs: 0,
    rateLimit: 0,
    urlTtlSeconds: DEFAULT_URL_TTL_SECONDS,
    drift: false,
    noStructure: false,
    ...checkFaults(options),
  };
  return {
    port: integer('port', options.port ?? 0, 0, 65535),
    host,
    allowRemote,
    dataDir: options.dataDir,
    seed,
    partSize: integer('partSize', options.partSize ?? DEFAULT_PART_SIZE, 1, MAX_PART_SIZE),
    processingMs: integer('processingMs', options.processingMs ?? DEFAULT_PROCESSING_MS, 0, 86_400_000),
    randomSeed: options.randomSeed,
    quiet: options.quiet ?? true,
    faults,
    timeouts: {
      headersMs: integer(
        'timeouts.headersMs',
        options.timeouts?.headersMs ?? DEFAULT_SERVER_TIMEOUTS.headersMs,
        1,
        600_000,
      ),
      requestMs: integer(
        'timeouts.requestMs',
        options.timeouts?.requestMs ?? DEFAULT_SERVER_TIMEOUTS.requestMs,
        1,
        3_600_000,
      ),
      keepAliveMs: integer(
        'timeouts.keepAliveMs',
        options.timeouts?.keepAliveMs ?? DEFAULT_SERVER_TIMEOUTS.keepAliveMs,
        1,
        600_000,
      ),
    },
  };
}

export const USAGE = `Usage: npm run --silent sandbox -- [options]

Starts the Lectern sandbox: a local Learning Content External API. The first stdout line is
{"event":"listening","baseUrl":…,"keys":{…}}; SIGINT/SIGTERM stop it.

  --port N               port (0 = a free one; default 0)
  --host H               address to listen on (default 127.0.0.1; loopback only unless --allow-remote)
  --allow-remote         allow a non-loopback --host
  --data DIR             keep the database and uploaded bytes in DIR (default: memory + temp dir)
  --seed demo|large|empty  data for a fresh database (default demo)
  --part-size BYTES      part size of new upload sessions (default 8388608)
  --url-ttl SECONDS      lifetime of presigned URLs (default 900)
  --processing-ms MS     how long a lesson's new video reads PROCESSING (default 3000)
  --rate-limit N         requests per second per key, token bucket (default 0 = off)
  --latency MS           delay added to every API request
  --storage-latency MS   delay added to every storage part PUT before its answer
  --fail-rate R          share (0..1) of API requests answered 500
  --storage-fail-rate R  share of storage PUTs failing with 500 or a dropped connection
  --stall-rate R         share of storage PUTs that stop reading mid-body
  --random-seed N        makes the injected faults repeatable
  --drift                answer like a drifting server: course level "expert", lessons without
                         video fields, assignment submission_date null (tests tolerant reading)
  --no-structure         a server without section create/update/delete and course update: they answer 405
  --quiet                no request log on stderr
  --help                 this text
`;

/** Parses CLI flags into options; throws SandboxOptionError for anything unusable. */
export function parseCliArgs(argv: string[]): { help: boolean; options: SandboxOptions } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-remote': { type: 'boolean' },
        data: { type: 'string' },
        seed: { type: 'string' },
        'part-size': { type: 'string' },
        'url-ttl': { type: 'string' },
        'processing-ms': { type: 'string' },
        'rate-limit': { type: 'string' },
        latency: { type: 'string' },
        'storage-latency': { type: 'string' },
        'fail-rate': { type: 'string' },
        'storage-fail-rate': { type: 'string' },
        'stall-rate': { type: 'string' },
        'random-seed': { type: 'string' },
        quiet: { type: 'boolean' },
        drift: { type: 'boolean' },
        'no-structure': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new SandboxOptionError(error instanceof Error ? error.message : String(error));
  }
  const number = (flag: string): number | undefined => {
    const text = values[flag];
    if (typeof text !== 'string') return undefined;
    if (!/^\d+(\.\d+)?$/.test(text)) throw new SandboxOptionError(`--${flag} needs a number; got "${text}".`);
    return Number(text);
  };
  const text = (flag: string): string | undefined => (typeof values[flag] === 'string' ? values[flag] : undefined);
  const options: SandboxOptions = {
    port: number('port'),
    host: text('host'),
    allowRemote: values['allow-remote'] === true,
    dataDir: text('data'),
    seed: text('seed') as SeedKind | undefined,
    partSize: number('part-size'),
    urlTtlSeconds: number('url-ttl'),
    processingMs: number('processing-ms'),
    rateLimit: number('rate-limit'),
    latencyMs: number('latency'),
    storageLatencyMs: number('storage-latency'),
    failRate: number('fail-rate'),
    storageFailRate: number('storage-fail-rate'),
    stallRate: number('stall-rate'),
    randomSeed: number('random-seed'),
    quiet: values.quiet === true,
    drift: values.drift === true,
    noStructure: values['no-structure'] === true,
  };
  if (options.dataDir === '') throw new SandboxOptionError('--data needs a directory.');
  resolveOptions(options);
  return { help: values.help === true, options };
}
