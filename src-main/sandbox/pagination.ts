// Main process / plain Node. DRF-style page-number pagination (ASSUMPTIONS.md): `page`, `page_size`
// (default 20, clamped to 100), `search`; absolute next/previous links that carry the query; 404 past the end.
import { notFound } from './envelope.ts';
import type { SqlValue } from './sql.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface Paginator {
  count: number;
  page: number;
  page_size: number;
  total_pages: number;
  next: string | null;
  next_page_number: number | null;
  previous: string | null;
  previous_page_number: number | null;
}

export interface PageObject<T> {
  paginator: Paginator;
  results: T[];
}

export interface PageQuery {
  page: number | 'last';
  pageSize: number;
  /** Search terms: split on whitespace and commas, every term must match (DRF SearchFilter). */
  terms: string[];
}

/** Last value of a query parameter (repeated parameters: the last wins, as in Django). */
export function queryValue(query: unknown, name: string): string | undefined {
  if (query === null || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  if (Array.isArray(value)) {
    const last: unknown = value[value.length - 1];
    return typeof last === 'string' ? last : undefined;
  }
  return typeof value === 'string' ? value : undefined;
}

export function readPageQuery(query: unknown): PageQuery {
  const pageText = queryValue(query, 'page');
  let page: number | 'last' = 1;
  if (pageText !== undefined) {
    // DRF: "last" is the last page; anything that is not a positive integer is an invalid page (404).
    if (pageText === 'last') page = 'last';
    else if (/^\d{1,9}$/.test(pageText) && Number(pageText) >= 1) page = Number(pageText);
    else throw notFound();
  }
  const sizeText = queryValue(query, 'page_size');
  let pageSize = DEFAULT_PAGE_SIZE;
  // DRF ignores an unusable page_size (falls back to the default) and clamps a large one.
  if (sizeText !== undefined && /^\d{1,9}$/.test(sizeText) && Number(sizeText) >= 1) {
    pageSize = Math.min(Number(sizeText), MAX_PAGE_SIZE);
  }
  const search = queryValue(query, 'search') ?? '';
  const terms = search
    .replace(/\0/g, '')
    .split(/[\s,]+/)
    .filter((term) => term.length > 0);
  return { page, pageSize, terms };
}

/**
 * SQL for "every term matches at least one of the columns" (case-insensitive contains). `sbx_lower`
 * is registered on the connection (Unicode-aware, unlike SQLite's ASCII-only lower()).
 */
export function searchCondition(
  columns: readonly string[],
  terms: readonly string[],
): { sql: string; params: SqlValue[] } {
  if (terms.length === 0) return { sql: '1', params: [] };
  const params: SqlValue[] = [];
  const clauses = terms.map((term) => {
    const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return `(${columns
      .map((column) => {
        params.push(pattern);
        return `sbx_lower(${column}) LIKE ? ESCAPE '\\'`;
      })
      .join(' OR ')})`;
  });
  return { sql: clauses.join(' AND '), params };
}

/**
 * Builds the page object. `load` gets LIMIT and OFFSET; `requestUrl` is the path+query the client
 * called, `origin` the scheme+host it called, so links point back at the same place.
 */
export function paginate<T>(options: {
  query: PageQuery;
  count: number;
  load: (limit: number, offset: number) => T[];
  origin: string;
  requestUrl: string;
}): PageObject<T> {
  const { query, count, load } = options;
  const pageSize = query.pageSize;
  // Django: an empty list still has one (empty) page.
  const totalPages = Math.max(1, Math.ceil(count / pageSize));
  const page = query.page === 'last' ? totalPages : query.page;
  if (page > totalPages) throw notFound();
  const results = load(pageSize, (page - 1) * pageSize);
  const link = (target: number): string => {
    const url = new URL(options.requestUrl, options.origin);
    url.searchParams.set('page', String(target));
    return url.toString();
  };
  const hasNext = page < totalPages;
  const hasPrevious = page > 1;
  return {
    paginator: {
      count,
      page,
      page_size: pageSize,
      total_pages: totalPages,
      next: hasNext ? link(page + 1) : null,
      next_page_number: hasNext ? page + 1 : null,
      previous: hasPrevious ? link(page - 1) : null,
      previous_page_number: hasPrevious ? page - 1 : null,
    },
    results,
  };
}
