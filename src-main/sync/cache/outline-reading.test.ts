// Main process / plain Node tests. The palette's outline reading on a real cache (a SQLite file),
// with a stand-in for the offline cache's refresh whose answers the test gives one by one: the
// course list first when none is cached, then only the outlines missing, one at a time, stopped by
// going offline, and never two readings at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/index.ts';
import { openProfileDatabase, type ProfileDatabase } from '../../store/index.ts';
import { createOutlineReading, type OutlineReadingDeps } from './outline-reading.ts';
import { cacheKey } from './queries.ts';
import { createCacheStore, type CacheStore } from './store.ts';

type Query = Parameters<OutlineReadingDeps['refresh']>[0];
interface Ask {
  query: Query;
  /** The server's answer, written into the cache as the real refresh does. */
  answer(data: unknown): void;
  fail(): void;
}

let database: ProfileDatabase;
let store: CacheStore;
let online: boolean;
let asks: Ask[];
let waiting: ((ask: Ask) => void) | null;
let taken: number;

beforeEach(() => {
  database = openProfileDatabase({ dataDir: tempDir('lectern-outlines-'), profileId: 'p' });
  store = createCacheStore(database.db);
  online = true;
  asks = [];
  waiting = null;
  taken = 0;
});
afterEach(() => database.close());

const refresh = (query: Query) =>
  new Promise<unknown>((resolve, reject) => {
    const ask: Ask = {
      query,
      answer: (data) => {
        store.write(cacheKey(query), query.kind, data);
        resolve(data);
      },
      fail: () => reject(new Error('The server did not answer')),
    };
    asks.push(ask);
    waiting?.(ask);
    waiting = null;
  });

/** The next refresh the reading asks for, once it asks. */
const nextAsk = (): Promise<Ask> => {
  const ask = asks[taken];
  taken++;
  return ask ? Promise.resolve(ask) : new Promise((resolve) => (waiting = resolve));
};

/** Lets the reading's continuations run (they are promise callbacks, no timers). */
const settled = () => new Promise((resolve) => setImmediate(resolve));

const reading = () => createOutlineReading({ store, refresh, isOnline: () => online, isClosed: () => false });
const page = (...ids: string[]) => ({
  paginator: { count: ids.length, next: null },
  results: ids.map((id) => ({ id })),
});

describe('outline reading', () => {
  it('reads the course list first when none is cached, then each missing outline in turn', async () => {
    const outlines = reading();
    expect(outlines.soon()).toBe(1);
    expect(outlines.soon()).toBe(0); // one reading at a time

    const list = await nextAsk();
    expect(list.query).toEqual({ kind: 'courses' });
    store.write(cacheKey({ kind: 'sections', courseId: 'c2' }), 'sections', []); // c2's outline is cached
    list.answer(page('c1', 'c2', 'c3'));

    const first = await nextAsk();
    expect(first.query).toEqual({ kind: 'sections', courseId: 'c1' });
    await settled();
    expect(asks).toHaveLength(2); // the next waits for this answer
    first.fail(); // a failed outline does not stop the reading

    const second = await nextAsk();
    expect(second.query).toEqual({ kind: 'sections', courseId: 'c3' });
    second.answer([{ id: 's1', lessons: [] }]);
    await settled();

    expect(asks).toHaveLength(3);
    expect(outlines.soon()).toBe(1); // c1 is still missing, and the reading is over
    expect((await nextAsk()).query).toEqual({ kind: 'sections', courseId: 'c1' });
  });

  it('reads only the missing outlines of a cached list, and stops when the connection goes', async () => {
    store.write(cacheKey({ kind: 'courses' }), 'courses', page('c1', 'c2', 'c3'));
    const outlines = reading();
    expect(outlines.soon()).toBe(3);
    const first = await nextAsk();
    expect(first.query).toEqual({ kind: 'sections', courseId: 'c1' });
    online = false;
    first.answer([]);
    await settled();
    expect(asks).toHaveLength(1);
    expect(outlines.soon()).toBe(0); // offline: nothing is read

    online = true;
    expect(outlines.soon()).toBe(2);
    (await nextAsk()).answer([]);
    (await nextAsk()).answer([]);
    await settled();
    expect(asks.map((ask) => ask.query)).toEqual([
      { kind: 'sections', courseId: 'c1' },
      { kind: 'sections', courseId: 'c2' },
      { kind: 'sections', courseId: 'c3' },
    ]);
    expect(outlines.soon()).toBe(0); // none missing
  });
});
