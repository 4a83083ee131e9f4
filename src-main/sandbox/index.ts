// Main process / plain Node. startSandbox(): the local Learning Content External API, in-process (the
// app's built-in Sandbox workspace, every test) or behind the CLI in main.ts.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../store/index.ts';
import { buildApp } from './app.ts';
import { KeyRing } from './auth.ts';
import type { SandboxKeys } from './auth.ts';
import type { SandboxContext } from './context.ts';
import { FaultInjector, RateLimiter } from './faults.ts';
import { IdempotencyStore } from './idempotency.ts';
import { checkFaults, resolveOptions } from './options.ts';
import type { SandboxOptions } from './options.ts';
import { SANDBOX_MIGRATIONS } from './migrations/index.ts';
import { applySeed } from './seed.ts';
import { applyServerTimeouts } from './server-timeouts.ts';
import { UrlSigner } from './signing.ts';
import { Clock, createSql } from './sql.ts';
import type { Sql } from './sql.ts';
import { PartWriterPool } from './storage-writer.ts';
import { VideoProcessor } from './video-processing.ts';

export type { RequestLogEntry, SandboxOptions } from './options.ts';
export type { SandboxKeys } from './auth.ts';
export { SandboxOptionError } from './options.ts';
export { seededRandom } from './faults.ts';

export type FaultOptions = Partial<
  Pick<
    SandboxOptions,
    | 'failRate'
    | 'storageFailRate'
    | 'stallRate'
    | 'latencyMs'
    | 'storageLatencyMs'
    | 'rateLimit'
    | 'urlTtlSeconds'
    | 'drift'
    | 'noStructure'
  >
>;

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:PORT; the API lives under /v1/external/learning. */
  baseUrl: string;
  /** Stable across restarts when dataDir is given (stored in the database). */
  keys: SandboxKeys;
  setFaults(faults: FaultOptions): void;
  /** How long new videos read PROCESSING; videos processing now finish no later than that from now. */
  setProcessingMs(ms: number): void;
  /** Closes the server, its sockets, the storage workers and the database. */
  close(): Promise<void>;
}

export const DATABASE_FILE = 'sandbox.sqlite';

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const resolved = resolveOptions(options);
  const log = resolved.quiet ? () => undefined : (line: string) => process.stderr.write(`[sandbox] ${line}\n`);
  const tempDir = resolved.dataDir === undefined ? mkdtempSync(join(tmpdir(), 'lectern-sandbox-')) : undefined;
  const root = resolved.dataDir ?? tempDir ?? tmpdir();
  mkdirSync(root, { recursive: true });
  const storageDir = join(root, 'storage');
  mkdirSync(storageDir, { recursive: true });

  const db = openDatabase({
    path: resolved.dataDir === undefined ? ':memory:' : join(resolved.dataDir, DATABASE_FILE),
    migrations: SANDBOX_MIGRATIONS,
    // A lost write costs sandbox data only; NORMAL keeps uploads and seeding fast.
    synchronous: 'NORMAL',
    onCorrupt: (notice) => process.stderr.write(`[sandbox] ${notice.message}\n`),
  });
  const writers = new PartWriterPool();
  let server: ReturnType<typeof buildApp> | undefined;
  let videos: VideoProcessor | undefined;
  try {
    db.function('sbx_lower', { deterministic: true }, (value) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    const sql = createSql(db);
    const keyRing = new KeyRing(db);
    const secret = metaValue(sql, 'url_signing_secret', () => randomBytes(32).toString('hex'));
    if (sql.get('SELECT value FROM meta WHERE key = ?', 'seed') === undefined) {
      // One transaction: a crash mid-seed leaves a database that is seeded again, never twice.
      sql.transaction(() => {
        applySeed(sql, storageDir, resolved.seed);
        sql.run('INSERT INTO meta (key, value) VALUES (?, ?)', 'seed', resolved.seed);
      });
    }
    let baseUrl = '';
    const faults = new FaultInjector(resolved.faults, resolved.randomSeed);
    videos = new VideoProcessor({ sql, storageDir, processingMs: resolved.processingMs, log });
    videos.resumePending();
    const ctx: SandboxContext = {
      sql,
      clock: new Clock(),
      keyRing,
      signer: new UrlSigner(Buffer.from(secret, 'hex')),
      faults,
      rateLimiter: new RateLimiter(),
      idempotency: new IdempotencyStore(sql),
      writers,
      storageDir,
      partSize: resolved.partSize,
      fallbackOrigin: () => baseUrl,
      log,
      onRequest: options.onRequest,
      videos,
    };
    const app = buildApp(ctx);
    server = app;
    applyServerTimeouts(app.server, resolved.timeouts);
    await app.listen({ port: resolved.port, host: resolved.host });
    baseUrl = `http://${urlHost(resolved.host)}:${(app.server.address() as AddressInfo).port}`;
    log(
      `listening on ${baseUrl} (seed ${resolved.seed}${resolved.dataDir === undefined ? ', in memory' : `, data in ${resolved.dataDir}`})`,
    );

    let closing: Promise<void> | undefined;
    return {
      baseUrl,
      keys: { ...keyRing.keys },
      setFaults: (update) => {
        Object.assign(faults.settings, checkFaults(update));
      },
      setProcessingMs: (ms) => videos?.setProcessingMs(ms),
      close: () => {
        closing ??= (async () => {
          await app.close();
          await videos?.close();
          await writers.close();
          db.close();
          if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await videos?.close();
    await writers.close();
    if (db.isOpen) db.close();
    if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}

function metaValue(sql: Sql, key: string, create: () => string): string {
  const row = sql.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', key);
  if (row !== undefined) return row.value;
  const value = create();
  sql.run('INSERT INTO meta (key, value) VALUES (?, ?)', key, value);
  return value;
}

/** The address clients should use: wildcard binds are reached through loopback; IPv6 goes in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
