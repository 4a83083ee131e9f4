// Main process / plain Node. Which cached reads exist (categories, course pages, course detail,
// sections with lessons, quizzes, assessments), their cache keys and how each is fetched online.
import { CACHE_KINDS, type CacheKind as SharedCacheKind } from '../../../src-shared/index.ts';
import type { Assessment, Category, Course, Page, Quiz, Section } from '../../api/index.ts';
import type { SyncApiClient } from '../client.ts';
import type { Fields } from '../merge.ts';

export type CacheQuery =
  | { kind: 'categories' }
  | { kind: 'courses'; page?: number; pageSize?: number; search?: string; category?: string; status?: string }
  | { kind: 'course'; courseId: string }
  | { kind: 'sections'; courseId: string }
  | { kind: 'quizzes'; page?: number; pageSize?: number; search?: string }
  | { kind: 'assessments'; page?: number; pageSize?: number; search?: string; courseId?: string; status?: string }
  | { kind: 'assessment'; assessmentId: string };

export type CacheKind = CacheQuery['kind'];
/** The one list (src-shared/channels.ts): `cache.updated` carries these names to the renderer. */
export { CACHE_KINDS };
// Compile-time proof that the queries here and the contract's list name the same kinds.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const CACHE_KINDS_MATCH: Same<CacheKind, SharedCacheKind> = true;

/** What each kind of read holds. Lists of sections and categories are complete (all pages). */
export interface CacheDataMap {
  categories: Category[];
  courses: Page<Course>;
  course: Course;
  sections: Section[];
  quizzes: Page<Quiz>;
  assessments: Page<Assessment>;
  assessment: Assessment;
}
export type CacheQueryOf<K extends CacheKind> = Extract<CacheQuery, { kind: K }>;
export type CacheDataOf<K extends CacheKind> = CacheDataMap[K];

const DEFAULT_PAGE_SIZE = 20;

/** Canonical key: the same query always maps to the same row, whatever the key order or defaults. */
export function cacheKey(query: CacheQuery): string {
  const params: Record<string, string | number | undefined> = { ...query };
  delete params.kind;
  if (query.kind === 'courses' || query.kind === 'quizzes' || query.kind === 'assessments') {
    params.page = query.page ?? 1;
    params.pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  }
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined && value !== '') search.append(name, String(value));
  }
  const qs = search.toString();
  return qs ? `${query.kind}?${qs}` : query.kind;
}

async function allPages(list: (page: number) => Promise<{ paginator: { next: string | null }; results: Fields[] }>) {
  const items: Fields[] = [];
  for (let page = 1; page <= 1000; page++) {
    const result = await list(page);
    items.push(...result.results);
    // `next` is strict in our reading of responses; `total_pages` is only shown.
    if (result.paginator.next === null || result.results.length === 0) break;
  }
  return items;
}

/** Fetches one query online. The client validated the response, so the casts are honest. */
export async function fetchQuery(client: SyncApiClient, query: CacheQuery): Promise<unknown> {
  switch (query.kind) {
    case 'categories':
      return allPages((page) => client.categories.list({ page, pageSize: 100 }));
    case 'courses': {
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE, search, category, status } = query;
      return client.courses.list({ page, pageSize, search, category, status });
    }
    case 'course':
      return client.courses.get(query.courseId);
    case 'sections': {
      const sections: Fields[] = [];
      for await (const page of client.sections.pages(query.courseId, { pageSize: 100 })) sections.push(...page.results);
      return sections.sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
    }
    case 'quizzes': {
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE, search } = query;
      return client.quizzes.list({ page, pageSize, search });
    }
    case 'assessments': {
      const { page = 1, pageSize = DEFAULT_PAGE_SIZE, search, courseId, status } = query;
      return client.assessments.list({ page, pageSize, search, courseId, status });
    }
    case 'assessment':
      return client.assessments.get(query.assessmentId);
  }
}
