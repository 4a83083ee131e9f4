// Main process / plain Node. Contract deviations: every difference from the reference that the
// reading policy (reading.ts) tolerated, one record per operation and JSON path with a count.
// `received` is a short description (type and a clipped value) already scrubbed of the key.

export interface Deviation {
  /** Catalogue id, e.g. `courses.list`. */
  operation: string;
  /** JSON path with list indices folded: `data.results[*].level`. */
  jsonPath: string;
  /** What the reference says, e.g. `one of "beginner" | "intermediate" | "advanced"`. */
  expected: string;
  /** What came, e.g. `string "expert"`, `missing`, `null`. */
  received: string;
}

export interface DeviationRecord extends Deviation {
  count: number;
  /** ISO 8601. */
  firstSeen: string;
  lastSeen: string;
}

/** One response's deviations, merged per path (a list of 20 courses with a new `level` is one). */
export interface FoundDeviation extends Deviation {
  count: number;
}

export function mergeFound(found: readonly Deviation[]): FoundDeviation[] {
  const byPath = new Map<string, FoundDeviation>();
  for (const d of found) {
    const seen = byPath.get(d.jsonPath);
    if (seen) seen.count++;
    else byPath.set(d.jsonPath, { ...d, count: 1 });
  }
  return [...byPath.values()];
}

export const deviationKey = (d: Pick<Deviation, 'operation' | 'jsonPath'>): string => `${d.operation} ${d.jsonPath}`;

/** In-memory deviations of one client (what the CLI warns about; the app also persists them). */
export class DeviationLog {
  #records = new Map<string, DeviationRecord>();
  #capacity: number;

  constructor(capacity = 500) {
    this.#capacity = capacity;
  }

  /** Adds one response's deviations; returns each with whether this log had not seen it before. */
  record(found: readonly FoundDeviation[], at: string): { record: DeviationRecord; isNew: boolean }[] {
    return found.map((d) => {
      const key = deviationKey(d);
      const seen = this.#records.get(key);
      if (seen) {
        seen.count += d.count;
        seen.lastSeen = at;
        seen.received = d.received;
        return { record: { ...seen }, isNew: false };
      }
      const record: DeviationRecord = { ...d, firstSeen: at, lastSeen: at };
      // Bounded: a server drifting on ever new paths must not grow memory without end.
      if (this.#records.size < this.#capacity) this.#records.set(key, record);
      return { record: { ...record }, isNew: true };
    });
  }

  snapshot(): DeviationRecord[] {
    return [...this.#records.values()].map((r) => ({ ...r }));
  }
}
