// CLI (plain Node). Shared behaviour of list commands: `--page N` prints one page, otherwise every
// page is walked (largest page size) and printed as one table or one JSON array.
import type { CallOptions, Page } from '../api/index.ts';
import type { CommandContext } from './command.ts';
import type { Column } from './output.ts';

/** Largest page size the API serves (ASSUMPTIONS.md): fewest requests for a full walk. */
const WALK_PAGE_SIZE = 100;

export interface Lister<Q, T> {
  list(query: Q, options: CallOptions): Promise<Page<T>>;
  pages(query: Q, options: CallOptions): AsyncIterable<Page<T>>;
}

export async function printList<Q extends object, T>(
  ctx: CommandContext,
  lister: Lister<Q & { page?: number; pageSize?: number }, T>,
  query: Q,
  columns: readonly Column<T>[],
  noun: string,
): Promise<void> {
  const { globals, out, signal } = ctx;
  if (globals.page !== undefined) {
    const page = await lister.list({ ...query, page: globals.page, pageSize: globals.pageSize }, { signal });
    if (out.json) return out.printJson(page);
    out.table(page.results, columns);
    const p = page.paginator;
    out.line(`\nPage ${p.page} of ${p.total_pages} (${p.count} ${noun} in all)`);
    return;
  }
  const all: T[] = [];
  for await (const page of lister.pages({ ...query, pageSize: globals.pageSize ?? WALK_PAGE_SIZE }, { signal })) {
    all.push(...page.results);
  }
  if (out.json) return out.printJson(all);
  out.table(all, columns);
  out.line(`\n${all.length} ${noun}`);
}

/** `--search S` as a query field, omitted when not given. */
export function searchOf(ctx: CommandContext): { search?: string } {
  const s = ctx.options.search;
  return typeof s === 'string' ? { search: s } : {};
}
