/**
 * Main process / plain Node. Prepared statements kept per database and reused: `statement(db, sql)`
 * prepares `sql` once, later calls return the same statement.
 *
 * Why: a statement made by `db.prepare` holds SQLite's compiled program in native memory until V8
 * collects its JS object, which for a busy upload journal is after thousands of others (each write
 * prepared its SQL again, dozens of mallocs apiece). Those blocks, freed in bulk later, leave holes
 * in glibc's heap that later allocations split up, so main's memory grew with every upload. Kept
 * statements are compiled once and stay put.
 *
 * node:sqlite resets a statement after run/get/all, so a kept one holds no lock between uses. The
 * SQL passed here is fixed text (values go in as parameters); should some caller build it, the
 * oldest statements are dropped past a bound rather than kept forever.
 */
import type { DatabaseSync, StatementSync } from 'node:sqlite';

const KEPT_PER_DATABASE = 200;

const kept = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function statement(db: DatabaseSync, sql: string): StatementSync {
  let statements = kept.get(db);
  if (!statements) {
    statements = new Map();
    kept.set(db, statements);
  }
  let prepared = statements.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    if (statements.size >= KEPT_PER_DATABASE) statements.delete(statements.keys().next().value!);
    statements.set(sql, prepared);
  }
  return prepared;
}
