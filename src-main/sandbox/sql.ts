// Main process / plain Node. A thin prepared-statement cache over node:sqlite, and the sandbox clock.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { transaction } from '../store/index.ts';

export type SqlValue = SQLInputValue;

export interface Sql {
  readonly db: DatabaseSync;
  all<T>(text: string, ...params: SqlValue[]): T[];
  get<T>(text: string, ...params: SqlValue[]): T | undefined;
  run(text: string, ...params: SqlValue[]): number;
  /** Runs fn in one transaction (nesting joins the outer one). */
  transaction<T>(fn: () => T): T;
}

export function createSql(db: DatabaseSync): Sql {
  const cache = new Map<string, StatementSync>();
  let depth = 0;
  const statement = (text: string): StatementSync => {
    let prepared = cache.get(text);
    if (prepared === undefined) {
      prepared = db.prepare(text);
      cache.set(text, prepared);
    }
    return prepared;
  };
  return {
    db,
    all: <T>(text: string, ...params: SqlValue[]) => statement(text).all(...params) as T[],
    get: <T>(text: string, ...params: SqlValue[]) => statement(text).get(...params) as T | undefined,
    run: (text: string, ...params: SqlValue[]) => Number(statement(text).run(...params).changes),
    transaction: <T>(fn: () => T): T => {
      if (depth > 0) return fn();
      depth += 1;
      try {
        return transaction(db, fn);
      } finally {
        depth -= 1;
      }
    },
  };
}

/**
 * UTC timestamps with millisecond precision that never repeat or go backwards, so that
 * `updated_datetime` changes on every update even within one millisecond (drafts compare it).
 */
export class Clock {
  private lastMs = 0;

  nowMs(): number {
    const now = Date.now();
    this.lastMs = now > this.lastMs ? now : this.lastMs + 1;
    return this.lastMs;
  }

  now(): string {
    return new Date(this.nowMs()).toISOString();
  }
}

export function parseJsonArray(text: string): unknown[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value : [];
}
