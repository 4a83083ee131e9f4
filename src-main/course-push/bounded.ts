// Main process / plain Node. Many small reads of a folder at once, but never all of them: libuv's
// four threads stay busy instead of waking the event loop for one file at a time, and a folder of
// thousands of entries queues a few dozen requests, not thousands.

/**
 * `map` of each item with at most `limit` calls running, results in the items' order. The first
 * failure is the result, and no new call starts after it.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await map(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
