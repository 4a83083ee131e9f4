// Test support (tests only). Real SQLite files at a given schema version, for each migration's own
// test: build the file the previous version wrote, put realistic rows in it, then migrate.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { openDatabase, type Migration } from '../store/index.ts';

/** Opens (creating) the real file at `path` and brings it to `version` with the first `version` migrations. */
export function databaseAt(path: string, migrations: readonly Migration[], version: number): DatabaseSync {
  if (version < 0 || version > migrations.length) throw new Error(`No schema version ${version} here.`);
  return openDatabase({ path, migrations: migrations.slice(0, version) });
}

/** Writes `fill` into a real file at `from`, closes it, reopens it at `to` (default: the next version). */
export function migrateFile(
  path: string,
  migrations: readonly Migration[],
  from: number,
  fill: (db: DatabaseSync) => void,
  to = from + 1,
): DatabaseSync {
  const old = databaseAt(path, migrations, from);
  try {
    fill(old);
  } finally {
    old.close();
  }
  return databaseAt(path, migrations, to);
}

export function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version);
}

/** Column names of a table, in order. */
export function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);
}

/** Names of the tables and indexes the file holds (SQLite's own left out). */
export function schemaNames(db: DatabaseSync, type: 'table' | 'index'): string[] {
  return (
    db
      .prepare(`SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all(type) as { name: string }[]
  ).map((r) => r.name);
}

/**
 * The numbered files of a migrations folder are the list, in order: file NNNN-name.ts holds version
 * NNNN and is the list's NNNN-th entry, with no gap. Returns the problems found (none is good).
 */
export async function migrationFolderProblems(folder: string, migrations: readonly Migration[]): Promise<string[]> {
  const files = readdirSync(folder)
    .filter((f) => /^\d{4}-[a-z0-9-]+\.ts$/.test(f))
    .sort();
  const problems =
    files.length === migrations.length ? [] : [`${files.length} files, ${migrations.length} in the list`];
  for (const [index, file] of files.entries()) {
    const { migration } = (await import(join(folder, file))) as { migration: Migration };
    const number = Number(file.slice(0, 4));
    if (number !== index + 1) problems.push(`${file}: expected number ${index + 1}`);
    if (migration.version !== number) problems.push(`${file}: holds version ${migration.version}`);
    if (migrations[index] !== migration) problems.push(`${file}: not entry ${index + 1} of the list`);
  }
  return problems;
}
