// Main process / plain Node. Contract deviations kept per workspace in its profile database, so
// Diagnostics shows every one the server ever caused, not only this run's.
import type { DatabaseSync } from 'node:sqlite';
import type { DeviationRecord } from '../api/index.ts';
import { openProfileDatabase } from './profile-database.ts';

export interface DeviationStore {
  /** Adds a client's record (its latest `count` increment is `added`); returns the stored row. */
  record(deviation: Omit<DeviationRecord, 'count' | 'firstSeen'>, added: number): DeviationRecord;
  list(): DeviationRecord[];
}

interface Row {
  operation: string;
  json_path: string;
  expected: string;
  received: string;
  count: number;
  first_seen: string;
  last_seen: string;
}

const toRecord = (r: Row): DeviationRecord => ({
  operation: r.operation,
  jsonPath: r.json_path,
  expected: r.expected,
  received: r.received,
  count: r.count,
  firstSeen: r.first_seen,
  lastSeen: r.last_seen,
});

export function createDeviationStore(db: DatabaseSync): DeviationStore {
  const upsert = db.prepare(`
    INSERT INTO contract_deviations (operation, json_path, expected, received, count, first_seen, last_seen)
    VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (operation, json_path) DO UPDATE SET
      expected = excluded.expected, received = excluded.received,
      count = count + excluded.count, last_seen = excluded.last_seen
    RETURNING *`);
  const all = db.prepare('SELECT * FROM contract_deviations ORDER BY last_seen DESC, operation, json_path');
  return {
    record: (d, added) =>
      toRecord(
        upsert.get(d.operation, d.jsonPath, d.expected, d.received, added, d.lastSeen, d.lastSeen) as unknown as Row,
      ),
    list: () => (all.all() as unknown as Row[]).map(toRecord),
  };
}

/** A workspace's deviations read from a database opened just for them, closed by its user. */
export interface OpenedDeviationStore extends DeviationStore {
  close(): void;
}

/** Opens a workspace's database just for its deviations (the CLI with `--profile`). */
export function openDeviationStore(dataDir: string, profileId: string): OpenedDeviationStore {
  const database = openProfileDatabase({ dataDir, profileId });
  return { ...createDeviationStore(database.db), close: () => database.close() };
}
