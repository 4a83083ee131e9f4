// Main process / plain Node. Stripe-style idempotent creates (ASSUMPTIONS.md): the same key with the same
// request within 24 h replays the first response; a different request with the key is a 409; a key
// whose first request is still running is a 409. Only successful responses are stored, so a create
// that failed validation (or a fault before it ran) can be retried with the same key.
import { createHash } from 'node:crypto';
import type { Sql } from './sql.ts';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export type IdempotencyOutcome =
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'conflict' }
  | { kind: 'claimed'; claim: IdempotencyClaim };

export interface IdempotencyClaim {
  /** Stores the successful response for replays. */
  complete(status: number, body: string): void;
  /** Ends the in-progress state (always call it, after complete or on failure). */
  release(): void;
}

export class IdempotencyStore {
  private readonly sql: Sql;
  private readonly inProgress = new Map<string, string>();
  private lastPurgeMs = 0;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  begin(principal: string, key: string, fingerprint: string, nowMs = Date.now()): IdempotencyOutcome {
    const slot = `${principal}\n${key}`;
    if (this.inProgress.has(slot)) return { kind: 'conflict' };
    this.purge(nowMs);
    const row = this.sql.get<{ fingerprint: string; status: number; body: string; created_ms: number }>(
      'SELECT fingerprint, status, body, created_ms FROM idempotency WHERE principal = ? AND key = ?',
      principal,
      key,
    );
    if (row !== undefined && nowMs - row.created_ms < IDEMPOTENCY_WINDOW_MS) {
      if (row.fingerprint !== fingerprint) return { kind: 'conflict' };
      return { kind: 'replay', status: row.status, body: row.body };
    }
    this.inProgress.set(slot, fingerprint);
    let released = false;
    return {
      kind: 'claimed',
      claim: {
        complete: (status, body) => {
          this.sql.run(
            'INSERT OR REPLACE INTO idempotency (principal, key, fingerprint, status, body, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
            principal,
            key,
            fingerprint,
            status,
            body,
            nowMs,
          );
        },
        release: () => {
          if (released) return;
          released = true;
          this.inProgress.delete(slot);
        },
      },
    };
  }

  private purge(nowMs: number): void {
    if (nowMs - this.lastPurgeMs < 60_000) return;
    this.lastPurgeMs = nowMs;
    this.sql.run('DELETE FROM idempotency WHERE created_ms <= ?', nowMs - IDEMPOTENCY_WINDOW_MS);
  }
}

/** Same method, same path and the same JSON (key order ignored) make the same request. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
