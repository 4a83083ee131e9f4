// Main process / plain Node. The resource cache: every response the client fetched, stored with
// the time it was fetched, so screens can show it at once (and offline) and say how old it is.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../../store/index.ts';
import type { Fields } from '../merge.ts';
import { createLessonRowStore, hasLessonRows, joinOutline, splitOutline } from './outline-rows.ts';

export interface CacheRead<T> {
  /** null when this key was never fetched. */
  data: T | null;
  /** ISO timestamp of the fetch that produced `data`. */
  fetchedAt: string | null;
  /** True when missing or older than the store's freshness window: refresh in the background. */
  stale: boolean;
}

/** What a write stored: as a read of it, and its size (a write's cost grows with it). */
export interface CacheWrite<T> extends CacheRead<T> {
  /** Length of the stored JSON text. */
  bytes: number;
}

export interface CacheStore {
  read<T>(key: string): CacheRead<T>;
  /** Whether this key was ever fetched (without reading its value). */
  has(key: string): boolean;
  write<T>(key: string, kind: string, data: T): CacheWrite<T>;
  delete(key: string): void;
  /**
   * How many times this key was written or deleted since the store opened: a fetch that began at
   * one revision and ends at another was overtaken by a local change (a lesson moved meanwhile).
   */
  revision(key: string): number;
  /** Every entry of one kind (e.g. all cached course pages), for in-place updates. */
  entries(kind: string): { key: string; data: unknown }[];
  /**
   * Replaces the item with this `id` inside cached pages (`{results: [...]}`) and arrays of `kind`,
   * so lists show a just-saved resource without a refetch. Returns the keys it changed.
   */
  replaceInLists(kind: string, item: { id: string }): string[];
  /** Drops the item with this `id` from cached pages and arrays of `kind` (deleted on the server). */
  removeFromLists(kind: string, id: string): string[];
}

/** What `put` stored: its size, and the value as a read of it would give it (parsed on demand). */
interface Stored {
  bytes: number;
  value: () => unknown;
}

export interface CacheStoreOptions {
  /** Entries older than this are reported `stale`. Default 60 s. */
  staleAfterMs?: number;
  now?: () => number;
}

export function createCacheStore(db: DatabaseSync, options: CacheStoreOptions = {}): CacheStore {
  const staleAfterMs = options.staleAfterMs ?? 60_000;
  const now = options.now ?? Date.now;
  const select = db.prepare('SELECT data, fetched_at FROM cache_entries WHERE key = ?');
  const upsert = db.prepare(
    `INSERT INTO cache_entries (key, kind, data, fetched_at) VALUES (?, ?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET kind = excluded.kind, data = excluded.data, fetched_at = excluded.fetched_at`,
  );
  const remove = db.prepare('DELETE FROM cache_entries WHERE key = ?');
  const byKind = db.prepare('SELECT key, data, fetched_at FROM cache_entries WHERE kind = ?');
  const exists = db.prepare('SELECT 1 FROM cache_entries WHERE key = ?');
  const lessonRows = createLessonRowStore(db);
  const revisions = new Map<string, number>();
  const bump = (key: string) => revisions.set(key, (revisions.get(key) ?? 0) + 1);

  /** When an entry was fetched, and whether that is too long ago. */
  const age = (fetchedAt: number) => ({
    fetchedAt: new Date(fetchedAt).toISOString(),
    stale: now() - fetchedAt > staleAfterMs,
  });
  /** A stored value as it was written: an outline's lessons put back from their rows. */
  const parse = (key: string, json: string): unknown => {
    const data: unknown = JSON.parse(json);
    return hasLessonRows(data) ? joinOutline(data, lessonRows.rows(key)) : data;
  };
  const toRead = <T>(key: string, data: string, fetchedAt: number): CacheRead<T> => ({
    data: parse(key, data) as T,
    ...age(fetchedAt),
  });
  /**
   * A write's answer parses what it stored only when its `data` is asked for: most writers want
   * the fetch time alone, and a course's outline can be megabytes of JSON.
   */
  const toWritten = <T>(stored: Stored, fetchedAt: number): CacheWrite<T> => {
    let parsed: { value: T } | null = null;
    return {
      get data(): T {
        parsed ??= { value: stored.value() as T };
        return parsed.value;
      },
      ...age(fetchedAt),
      bytes: stored.bytes,
    };
  };

  /**
   * Stores a value under `key`: an outline (kind `sections`) as its sections' row and a row per
   * lesson, writing only the lessons that changed; anything else as one JSON value. One transaction,
   * so a kill mid-write leaves the outline as it was, whole.
   */
  const put = (key: string, kind: string, data: unknown, fetchedAt: number): Stored => {
    const split = kind === 'sections' ? splitOutline(data) : null;
    const head = split ? split.head : JSON.stringify(data);
    transaction(db, () => {
      upsert.run(key, kind, head, fetchedAt);
      if (split) lessonRows.replace(key, split.rows);
      else lessonRows.drop(key);
    });
    bump(key);
    return split
      ? { bytes: split.bytes, value: () => joinOutline(JSON.parse(split.head), split.rows) }
      : { bytes: head.length, value: () => JSON.parse(head) as unknown };
  };

  /** Applies `edit` to every cached list of `kind` holding the item `id`; returns the keys changed. */
  const editLists = (
    kind: string,
    id: string,
    edit: (list: unknown[], index: number, data: unknown) => void,
  ): string[] => {
    const changed: string[] = [];
    for (const entry of byKind.all(kind) as { key: string; data: string; fetched_at: number }[]) {
      const data = parse(entry.key, entry.data);
      const list = listOf(data);
      const index = list ? list.findIndex((x) => isRecord(x) && x.id === id) : -1;
      if (!list || index < 0) continue;
      edit(list, index, data);
      // Keeps fetched_at: the rest of the page is still as old as it was.
      put(entry.key, kind, data, entry.fetched_at);
      changed.push(entry.key);
    }
    return changed;
  };

  return {
    read<T>(key: string): CacheRead<T> {
      const row = select.get(key) as { data: string; fetched_at: number } | undefined;
      return row ? toRead<T>(key, row.data, row.fetched_at) : { data: null, fetchedAt: null, stale: true };
    },
    has: (key: string) => exists.get(key) !== undefined,
    write<T>(key: string, kind: string, data: T): CacheWrite<T> {
      const at = now();
      return toWritten<T>(put(key, kind, data, at), at);
    },
    delete(key: string) {
      lessonRows.drop(key);
      remove.run(key);
      bump(key);
    },
    revision: (key: string) => revisions.get(key) ?? 0,
    entries(kind: string) {
      return (byKind.all(kind) as { key: string; data: string }[]).map((row) => ({
        key: row.key,
        data: parse(row.key, row.data),
      }));
    },
    replaceInLists(kind: string, item: { id: string }) {
      return editLists(kind, item.id, (list, index) => {
        list[index] = item;
      });
    },
    removeFromLists(kind: string, id: string) {
      return editLists(kind, id, (list, index, data) => {
        list.splice(index, 1);
        const paginator = isRecord(data) ? data.paginator : null;
        if (isRecord(paginator) && typeof paginator.count === 'number') paginator.count -= 1;
      });
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function listOf(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return data as unknown[];
  if (isRecord(data) && Array.isArray(data.results)) return data.results as unknown[];
  return null;
}

export interface CachedQuery<T> {
  readonly key: string;
  /** The cached value right now (never touches the network). */
  read(): CacheRead<T>;
  /** Fetches online, writes the cache, returns what it wrote. Concurrent calls share one fetch. */
  refresh(): Promise<CacheWrite<T>>;
}

/** A fetch overtaken by local changes this many times in a row is written anyway. */
const OVERTAKEN_REFETCHES = 3;

/**
 * The cache-first pattern for one key: `read()` immediately, `refresh()` in the background,
 * `onUpdated` after each successful write (the service turns it into a `cache.updated` event).
 * A fetch the cache changed under (a local edit while it was on the wire) is older than what the
 * cache shows, so it is fetched again rather than written over the edit.
 */
export function cachedQuery<T>(
  cache: CacheStore,
  spec: { key: string; kind: string; fetch: () => Promise<T>; onUpdated?: (read: CacheRead<T>) => void },
  inFlight: Map<string, Promise<unknown>> = new Map(),
): CachedQuery<T> {
  return {
    key: spec.key,
    read: () => cache.read<T>(spec.key),
    refresh: () => {
      const running = inFlight.get(spec.key) as Promise<CacheWrite<T>> | undefined;
      if (running) return running;
      const promise = (async () => {
        let data: T;
        for (let tries = 0; ; tries++) {
          const before = cache.revision(spec.key);
          data = await spec.fetch();
          if (cache.revision(spec.key) === before || tries >= OVERTAKEN_REFETCHES) break;
        }
        const read = cache.write(spec.key, spec.kind, data);
        spec.onUpdated?.(read);
        return read;
      })().finally(() => inFlight.delete(spec.key)); // a later microtask: after the set below
      inFlight.set(spec.key, promise);
      return promise;
    },
  };
}

/** The item with this `id` in cached pages (`{results: [...]}`), if any holds it. */
export function findInLists(entries: { data: unknown }[], id: string): Fields | null {
  for (const { data } of entries) {
    const results = (data as { results?: unknown } | null)?.results;
    if (!Array.isArray(results)) continue;
    const found = results.find((item: Fields) => item?.id === id) as Fields | undefined;
    if (found) return found;
  }
  return null;
}
