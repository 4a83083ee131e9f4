// Main process / plain Node. The offline cache: what is stored (queries.ts), the rows themselves
// (store.ts), cache-first reads with background refresh (offline-cache.ts), what a screen is told
// (cached-read.ts), and lessons and search inside cached data.
export { cachedCourse, cachedRead, type CachedAnswer, type CacheReader } from './cached-read.ts';
export { createOfflineCache, type CacheUpdate, type OfflineCache, type RefreshMode } from './offline-cache.ts';
export {
  byOrder,
  cachedPosition,
  findCachedLesson,
  moveCachedLesson,
  moveInOrder,
  positionInOrder,
  removeCachedLesson,
  upsertCachedLesson,
} from './lesson-order.ts';
export type { PaletteHit, PaletteKind } from './palette-search.ts';
export type { ServerSearchResult } from './server-search.ts';
export {
  CACHE_KINDS,
  cacheKey,
  type CacheDataMap,
  type CacheDataOf,
  type CacheKind,
  type CacheQuery,
  type CacheQueryOf,
} from './queries.ts';
export type { CacheRead, CacheStore, CacheWrite } from './store.ts';
