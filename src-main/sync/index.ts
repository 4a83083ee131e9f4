// Main process / plain Node. Public surface of the offline store and sync engine: import from here.
export { createSyncService } from './service.ts';
export type {
  EditDraftInput,
  NewDraftInput,
  SyncEventListener,
  SyncEventMap,
  SyncEventName,
  SyncService,
  SyncServiceOptions,
} from './service.ts';
export type { DraftState, DraftSummary, DraftView } from './drafts.ts';
export type { OutboxItem, OutboxState, OutboxSummary } from './outbox.ts';
export type { AttemptOutcome, ConnectivityState, ConnectivityStatus } from './connectivity.ts';
export type {
  CacheDataMap,
  CacheDataOf,
  CacheKind,
  CacheQuery,
  CacheQueryOf,
  CacheRead,
  CachedAnswer,
  PaletteHit,
  PaletteKind,
  ServerSearchResult,
} from './cache/index.ts';
export { CACHE_KINDS, cacheKey, cachedCourse, cachedRead } from './cache/index.ts';
export type { ConflictChoice, FieldConflict, Fields } from './merge.ts';
export type { FieldErrorItem, SyncError } from './errors.ts';
export { SyncServiceError } from './errors.ts';
export type { DraftOperation, DraftParent, ResourceKind } from './resources.ts';
export { allowedFields } from './resources.ts';
export type { SyncApiClient } from './client.ts';
export type { StoreNotice } from '../store/index.ts';
export type { AssignmentRecord } from './assignment-history.ts';
export type { PendingDelete } from './deletes.ts';
export type { PendingSectionDelete, SectionRef, StructureWork } from './structure-work.ts';
export type { PendingPreview, PreviewWork } from './preview-video.ts';
export { notOfferedSentence, type MissingOperation } from './capabilities.ts';
export { forgetWriteRefusalsOf, refusalSentence } from './write-access.ts';
