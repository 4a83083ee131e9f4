/**
 * Main process / plain Node. Recovers what SQLite can still read from a database file that was set
 * aside (damaged, or written by a newer Lectern) into the fresh one made in its place. A cache is
 * rebuilt from the server, but drafts, the outbox and the upload journal exist nowhere else: their
 * rows are copied one by one, skipping any row that cannot be read or no longer fits.
 */
import { closeSync, copyFileSync, existsSync, fstatSync, ftruncateSync, openSync, readSync, rmSync } from 'node:fs';
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
  // Read a copy: the set-aside file stays exactly as it was found.
  const copy = `${from}.salvage`;
  let old: DatabaseSync;
  try {
    copyFileSync(from, copy);
    if (existsSync(`${from}-wal`)) copyFileSync(`${from}-wal`, `${copy}-wal`);
    padToHeaderSize(copy);
    old = new DatabaseSync(copy, { readOnly: true });
  } catch {
    removeCopy(copy);
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
        if (!looksWhole(row, columns)) return;
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
    removeCopy(copy);
  }
  return recovered;
}

/**
 * A file cut short is refused whole by SQLite (its header counts more pages than there are).
 * Padded back to that length with zeros, the pages that survived read again; the lost ones fail
 * like any damaged page and the scans stop there.
 */
function padToHeaderSize(file: string): void {
  const header = Buffer.alloc(100);
  const fd = openSync(file, 'r+');
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) return;
    const raw = header.readUInt16BE(16);
    const pageSize = raw === 1 ? 65536 : raw;
    const expected = pageSize * header.readUInt32BE(28);
    if (expected > fstatSync(fd).size && expected < 2 ** 40) ftruncateSync(fd, expected);
  } finally {
    closeSync(fd);
  }
}

function removeCopy(copy: string): void {
  // Only the copy made here; never the set-aside file.
  for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
}

/**
 * A row read across a lost page can come back with zeros where its text was. Such a row is
 * dropped rather than carried over torn: no NUL in any text, and JSON columns still parse.
 */
function looksWhole(row: Record<string, unknown>, columns: readonly string[]): boolean {
  for (const c of columns) {
    const v = row[c];
    if (typeof v !== 'string') continue;
    if (v.includes('\u0000')) return false;
    if (/^[[{]/.test(v)) {
      try {
        JSON.parse(v);
      } catch {
        return false;
      }
    }
  }
  return true;
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
