// Main process / plain Node. Walks a paginated list by following each page's `next` link verbatim
// (never rebuilding URLs), stopping at the end, on a repeated link, or when the consumer breaks.
import type { Page } from '../../src-shared/api/schemas.ts';

export interface PageFetcher<T> {
  /** Absolute URL of the first page, to recognise a `next` that points back to it. */
  firstUrl: string;
  first(): Promise<Page<T>>;
  /** Fetches an absolute `next` link as given. */
  follow(url: string): Promise<Page<T>>;
}

export async function* walkPages<T>(fetcher: PageFetcher<T>): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string>([normalise(fetcher.firstUrl)]);
  let page = await fetcher.first();
  for (;;) {
    yield page;
    const next = page.paginator.next;
    if (!next) return;
    const key = normalise(next, fetcher.firstUrl);
    if (seen.has(key)) return;
    // An empty page that still links onward would walk forever on a broken server.
    if (page.results.length === 0) return;
    seen.add(key);
    page = await fetcher.follow(next);
  }
}

export async function* walkItems<T>(fetcher: PageFetcher<T>): AsyncGenerator<T, void, undefined> {
  for await (const page of walkPages(fetcher)) yield* page.results;
}

function normalise(url: string, base?: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}
