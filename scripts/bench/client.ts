// Benchmark (plain Node 24): `npm run bench:client`. Starts a sandbox with the `large` seed and
// walks every course, section and quiz page through the API client, then fetches exactly the same
// page URLs with raw undici requests (+ JSON.parse) in the same run, alternating rounds. Prints the
// client/raw time ratio (target <= 1.2): the cost of envelope validation, retries and logging.
import { Agent, request } from 'undici';
import { createApiClient } from '../../src-main/api/index.ts';
import type { ApiClient, Page } from '../../src-main/api/index.ts';
import { startSandbox } from '../../src-main/sandbox/index.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const PAGE_SIZE = 100;

/** Walks everything through the client; returns the absolute URL of every page it fetched. */
async function walkWithClient(client: ApiClient, apiRoot: string): Promise<{ urls: string[]; items: number }> {
  const urls: string[] = [];
  let items = 0;
  // The first URL is what the client builds; every later one is the previous page's `next`.
  async function walk<T>(firstUrl: string, pages: AsyncIterable<Page<T>>, each: (item: T) => void = () => {}) {
    let url = firstUrl;
    for await (const page of pages) {
      urls.push(url);
      items += page.results.length;
      page.results.forEach(each);
      url = page.paginator.next ?? '';
    }
  }
  const q = { pageSize: PAGE_SIZE };
  const courseIds: string[] = [];
  await walk(`${apiRoot}/courses?page_size=${PAGE_SIZE}`, client.courses.pages(q), (c) => courseIds.push(c.id));
  for (const id of courseIds) {
    await walk(`${apiRoot}/courses/${id}/sections?page_size=${PAGE_SIZE}`, client.sections.pages(id, q));
  }
  await walk(`${apiRoot}/quizzes?page_size=${PAGE_SIZE}`, client.quizzes.pages(q));
  return { urls, items };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function walkRaw(urls: string[], key: string, dispatcher: Agent): Promise<number> {
  let items = 0;
  for (const url of urls) {
    const res = await request(url, {
      dispatcher,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'user-agent': 'bench-raw' },
    });
    const body = (await res.body.json()) as { data: { results: unknown[] } };
    if (res.statusCode !== 200) throw new Error(`raw ${url}: HTTP ${res.statusCode}`);
    items += body.data.results.length;
  }
  return items;
}

const sandbox = await startSandbox({ seed: 'large' });
const key = sandbox.keys.tenantAdmin;
const apiRoot = `${sandbox.baseUrl.replace(/\/+$/, '')}/v1/external/learning`;
const client = createApiClient({ baseUrl: sandbox.baseUrl, apiKey: key });
const raw = new Agent({ keepAliveTimeout: 10_000 });

try {
  // Warm-up: JIT, zod compilation, sockets, SQLite page cache.
  const { urls, items } = await walkWithClient(client, apiRoot);
  await walkRaw(urls, key, raw);
  await walkWithClient(client, apiRoot);
  await walkRaw(urls, key, raw);

  const clientTimes: number[] = [];
  const rawTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first so drift (GC, other load on the machine) hits both alike.
    const order = round % 2 === 0 ? ['client', 'raw'] : ['raw', 'client'];
    for (const side of order) {
      const t0 = performance.now();
      if (side === 'client') await walkWithClient(client, apiRoot);
      else await walkRaw(urls, key, raw);
      (side === 'client' ? clientTimes : rawTimes).push(performance.now() - t0);
    }
  }
  // Median of the per-round ratios: one slow round (another process on the shared cores) does not decide.
  const ratios = clientTimes.map((c, i) => c / rawTimes[i]!);
  const ratio = median(ratios);
  console.log(`pages per walk: ${urls.length}, items per walk: ${items}, rounds: ${ROUNDS}`);
  console.log(
    `client: ${median(clientTimes).toFixed(1)} ms/walk   raw undici: ${median(rawTimes).toFixed(1)} ms/walk (medians)`,
  );
  console.log(`per-round ratios: ${ratios.map((r) => r.toFixed(3)).join(' ')}`);
  console.log(`ratio client/raw: ${ratio.toFixed(3)} (target <= 1.2) ${ratio <= 1.2 ? 'OK' : 'OVER TARGET'}`);
  process.exitCode = ratio <= 1.2 ? 0 : 1;
} finally {
  await client.close();
  await raw.close();
  await sandbox.close();
}
