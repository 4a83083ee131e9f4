/**
 * Main process / plain Node. Recovers what SQLite can still read from a database file that was set
 * aside (damaged, or written by a newer Lectern) into the fresh one made in its place. A cache is
 * rebuilt from the server, but drafts, the outbox and the upload journal exist nowhere else: their
 * rows are copied one by one, skipping any row that cannot be read or no longer fits.
 */
import { DatabaseSync } from 'node:sqlite';

/** Rows copied per table (tables the old file did not have are absent). */
export type Recovered = Record<string, number>;

/**
 * Copies the readable rows of `tables` (parents before children, so references hold) from the
 * file at `from` into `into`. Reads past damage from both ends of each table. Never throws: a file
 * SQLite cannot open at all yields nothing.
 */
export function salvageRows(from: string, into: DatabaseSync, tables: readonly string[]): Recovered {
  const recovered: Recovered = {};
  let old: DatabaseSync;
  try {
    old = new DatabaseSync(from, { readOnly: true });
  } catch {
    return recovered;
  }
  try {
    for (const table of tables) {
      const columns = commonColumns(old, into, table);
      if (columns.length === 0) continue;
      const list = columns.map((c) => `"${c}"`).join(', ');
      const insert = into.prepare(
        `INSERT OR IGNORE INTO "${table}" (${list}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      let copied = 0;
      const copy = (row: Record<string, unknown>) => {
        try {
          if (insert.run(...columns.map((c) => row[c] as never)).changes > 0) copied++;
        } catch {
          // A row that no longer fits the schema (a missing parent, a newer column's constraint).
        }
      };
      // Damage stops a scan where it sits: read forwards up to it, then backwards down to it.
      const seen = new Set<number>();
      for (const order of ['ASC', 'DESC']) {
        try {
          for (const row of old
            .prepare(`SELECT rowid AS __rowid, * FROM "${table}" ORDER BY rowid ${order}`)
            .iterate()) {
            const r = row as Record<string, unknown>;
            const id = Number(r.__rowid);
            if (seen.has(id)) break;
            seen.add(id);
            copy(r);
          }
        } catch {
          // Unreadable from here on in this direction.
        }
      }
      recovered[table] = copied;
    }
  } finally {
    old.close();
  }
  return recovered;
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  try {
    return (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
  } catch {
    return [];
  }
}

function commonColumns(old: DatabaseSync, into: DatabaseSync, table: string): string[] {
  const wanted = new Set(columnsOf(into, table));
  return columnsOf(old, table).filter((c) => wanted.has(c));
}
