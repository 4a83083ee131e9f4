// Main process / plain Node. The request log the UI shows: one entry per HTTP attempt, kept in a
// ring buffer and pushed to a callback. Only method, path (no query), status and timing: never
// headers or bodies, so nothing secret can land here.

export interface RequestLogEntry {
  /** Increasing sequence number within one client. */
  seq: number;
  /** Catalogue id, e.g. `courses.list`. */
  operation: string;
  method: string;
  /** URL path without the query string. */
  path: string;
  /** HTTP status, or null when no response arrived. */
  status: number | null;
  durationMs: number;
  /** 1 for the first try, 2 for the first retry, … */
  attempt: number;
  /** ISO 8601 time the attempt started. */
  timestamp: string;
  /** `ok`, or the kind of error this attempt ended with (e.g. `ServerError`, `Network`). */
  outcome: string;
}

export class RequestLog {
  #entries: RequestLogEntry[] = [];
  #capacity: number;
  #next = 0;
  #seq = 0;
  #listener: ((entry: RequestLogEntry) => void) | undefined;

  constructor(capacity: number, listener?: (entry: RequestLogEntry) => void) {
    this.#capacity = Math.max(1, capacity);
    this.#listener = listener;
  }

  add(entry: Omit<RequestLogEntry, 'seq'>): void {
    const full: RequestLogEntry = { seq: ++this.#seq, ...entry };
    if (this.#entries.length < this.#capacity) this.#entries.push(full);
    else this.#entries[this.#next] = full;
    this.#next = (this.#next + 1) % this.#capacity;
    try {
      this.#listener?.(full);
    } catch {
      // A faulty listener must not break the request that is being logged.
    }
  }

  /** Oldest first. */
  snapshot(): RequestLogEntry[] {
    if (this.#entries.length < this.#capacity) return this.#entries.map((e) => ({ ...e }));
    return [...this.#entries.slice(this.#next), ...this.#entries.slice(0, this.#next)].map((e) => ({ ...e }));
  }
}
