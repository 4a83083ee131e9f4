// Main process / plain Node. What every route of one running sandbox shares.
import type { KeyRing } from './auth.ts';
import type { FaultInjector, RateLimiter } from './faults.ts';
import type { IdempotencyStore } from './idempotency.ts';
import type { RequestLogEntry } from './options.ts';
import { assetPath, type Links, type UrlSigner } from './signing.ts';
import type { Clock, Sql } from './sql.ts';
import type { PartWriterPool } from './storage-writer.ts';
import type { VideoProcessor } from './video-processing.ts';

export const API_PREFIX = '/v1/external/learning';

export interface SandboxContext {
  sql: Sql;
  clock: Clock;
  keyRing: KeyRing;
  signer: UrlSigner;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  idempotency: IdempotencyStore;
  writers: PartWriterPool;
  /** Uploaded part files live in `<storageDir>/<uploadId>/<part>.part`. */
  storageDir: string;
  /** Default part size of new upload sessions. */
  partSize: number;
  /** http://host:port of the listening server, for requests without a usable Host header. */
  fallbackOrigin: () => string;
  log: (line: string) => void;
  onRequest?: (entry: RequestLogEntry) => void;
  /** Simulated processing of lesson videos (PROCESSING → READY or FAILED). */
  videos: VideoProcessor;
}

/** Absolute URLs in responses point at the host the client called (as DRF's build_absolute_uri does). */
export function originOf(host: string | undefined, ctx: SandboxContext): string {
  if (host !== undefined && /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return `http://${host}`;
  return ctx.fallbackOrigin();
}

export function linksFor(ctx: SandboxContext, origin: string): Links {
  const ttlSeconds = ctx.faults.settings.urlTtlSeconds;
  return {
    origin,
    ttlSeconds,
    assetUrl: (uploadId) =>
      ctx.signer.sign(origin, 'GET', assetPath(uploadId), Math.floor(Date.now() / 1000) + ttlSeconds),
  };
}
