// Main process / plain Node. The sync service's public face: the events it sends, the options it
// is made with, and the one facade the shell calls (built in service.ts from the parts that
// service-parts.ts wires together).
import type { StoreNotice } from '../store/index.ts';
import type {
  CacheDataOf,
  CacheKind,
  CacheQueryOf,
  CacheRead,
  CacheWrite,
  CacheUpdate,
  PaletteHit,
  RefreshMode,
  ServerSearchResult,
} from './cache/index.ts';
import type { SyncApiClient } from './client.ts';
import type { AttemptOutcome, ConnectivityOptions, ConnectivityStatus } from './connectivity.ts';
import type { DraftSummary, DraftView } from './drafts.ts';
import type { EditDraftInput } from './edit-draft.ts';
import type { ConflictChoice, Fields } from './merge.ts';
import type { OutboxItem, OutboxSummary } from './outbox.ts';
import type { DraftParent, ResourceKind } from './resources.ts';
import type { AssignmentRecord } from './assignment-history.ts';
import type { PendingDelete } from './deletes.ts';
import type { LessonRef } from './lesson-work.ts';
import type { MissingOperation } from './capabilities.ts';
import type { PreviewWork } from './preview-video.ts';
import type { StructureWork } from './structure-work.ts';
import type { WriteRefusal } from './write-access.ts';

export type { EditDraftInput } from './edit-draft.ts';

export interface SyncEventMap {
  /** Connection state changed. */
  'sync.status': ConnectivityStatus;
  /** Outbox rows were added, changed state or left. */
  'outbox.changed': OutboxSummary;
  /** These drafts changed (re-read them with getDraft / listDrafts). */
  'drafts.changed': { draftIds: string[] };
  /** A cached read was refreshed (error null) or its background refresh failed. */
  'cache.updated': CacheUpdate;
  /** This server was found not to offer a course-structure operation (once per workspace). */
  'structure.missing': MissingOperation;
  /** What this key is refused to change; `newly` is set the first time a kind is refused (say it once). */
  'writes.changed': { refused: WriteRefusal[]; newly: WriteRefusal | null };
}
export type SyncEventName = keyof SyncEventMap;
export type SyncEventListener = <E extends SyncEventName>(event: E, payload: SyncEventMap[E]) => void;

export interface SyncServiceOptions {
  dataDir: string;
  profileId: string;
  client: SyncApiClient;
  onEvent?: SyncEventListener;
  /** Connectivity probe; default: the first category (one light authenticated GET). */
  probe?: () => Promise<unknown>;
  connectivity?: Pick<
    ConnectivityOptions,
    'onlineProbeMs' | 'offlineProbeMs' | 'activeProbeMs' | 'activeRetryMaxMs' | 'retryMinMs' | 'inUse' | 'timers'
  >;
  /** Outbox backoff for transient failures (after the client's own retries). */
  retry?: { maxAttempts?: number; baseDelayMs?: number; maxDelayMs?: number; random?: () => number };
  /** Cached reads older than this are `stale` and refreshed in the background. Default 60 s. */
  cacheStaleAfterMs?: number;
  /** Sent drafts with nothing left in them are removed after this many days. Default 30. */
  keepSentDraftsDays?: number;
  /** Reports failures nobody awaits (background refreshes, the worker). Never gets the API key. */
  onInternalError?: (error: unknown) => void;
  now?: () => number;
}

export interface NewDraftInput {
  resource: ResourceKind;
  /** Lessons: `{ courseId, sectionId }`. */
  parent?: DraftParent;
  fields?: Fields;
}

export interface SyncService {
  readonly profileId: string;
  /** Problems found when opening the store (a damaged file moved aside): tell the user. */
  readonly notices: readonly StoreNotice[];

  listDrafts(): DraftSummary[];
  getDraft(draftId: string): DraftView;
  createDraft(input: NewDraftInput): DraftView;
  /** The draft for an existing resource: reuses the one that exists, else starts from the server copy. */
  editDraft(input: EditDraftInput): Promise<DraftView>;
  /** Commits durably before returning. The renderer debounces keystrokes (≤ 500 ms). */
  saveDraftFields(draftId: string, patch: Fields): DraftView;
  /** "Save to server": saves the optional last patch, then validates and queues (one transaction). */
  saveToServer(draftId: string, patch?: Fields): DraftView;
  reopenDraft(draftId: string): DraftView;
  retryDraft(draftId: string): DraftView;
  discardDraft(draftId: string): void;
  resolveConflict(draftId: string, choices: Record<string, ConflictChoice>, options?: { enqueue?: boolean }): DraftView;

  listOutbox(): OutboxItem[];
  outboxSummary(): OutboxSummary;
  /** "Sync now": probes if not online, sends what is due; resolves when the worker is idle. */
  drainOutbox(): Promise<void>;
  /** A folder push writes this course: the outbox sends nothing of it until released (outbox.ts). */
  holdCourse(courseId: string): () => void;
  /** Sends this course's unsent changes now; resolves to those still unsent. */
  sendCourseChanges(courseId: string, signal?: AbortSignal): Promise<OutboxItem[]>;

  connectivity(): ConnectivityStatus;
  checkConnectivity(): Promise<ConnectivityStatus>;
  setNetworkHint(online: boolean): void;
  /** Every HTTP attempt of the API client (its `onRequest`): a failure counts before retries end. */
  reportAttempt(attempt: AttemptOutcome): void;
  /** Someone is using the app (visible window, not idle): quicker probes. Default: in use. */
  setInUse(inUse: boolean): void;
  /** Connection state changes, as they happen (the same as the `sync.status` event). */
  onConnectivityChange(listener: (status: ConnectivityStatus) => void): () => void;

  /** The cache right now; starts a background refresh when stale and online (`cache.updated` follows). */
  readCache<K extends CacheKind>(
    query: CacheQueryOf<K>,
    options?: { refresh?: RefreshMode },
  ): CacheRead<CacheDataOf<K>>;
  /** Fetches online, updates the cache, returns what it wrote; throws the client's typed error. */
  refreshCache<K extends CacheKind>(query: CacheQueryOf<K>): Promise<CacheWrite<CacheDataOf<K>>>;

  /** Moves a lesson to a 1-based position in its section (an update sending only `order`). */
  moveLesson(ref: LessonRef, position: number): Promise<void>;
  /** Queues a lesson delete that is not sent before `delayMs` has passed. */
  scheduleLessonDelete(ref: LessonRef, delayMs: number): PendingDelete;
  /** Undoes a scheduled delete that has not been sent. */
  undoLessonDelete(draftId: string): void;
  /** A course's lesson work waiting in the outbox. */
  pendingLessonWork(courseId: string): { deletes: PendingDelete[]; creates: DraftSummary[] };

  /** Sections and course details (ASSUMPTIONS.md "Course structure"), and what this server lacks. */
  readonly structure: StructureWork;
  /** A course's preview video attached or removed through the course's draft (ASSUMPTIONS.md "Course structure"). */
  readonly preview: PreviewWork;

  /** The resource was deleted on the server: drop it from the cache so no screen shows it. */
  forgetDeleted(resource: 'assessment', id: string): void;

  /** Courses, sections, lessons and assessments in the cache whose title holds `text` (offline too). */
  searchCache(text: string, limit?: number): PaletteHit[];
  /** Reads the outlines of listed courses not opened yet, in the background (online only): how many. */
  prepareSearch(): number;
  /** Courses, assessments and quizzes the server's own search finds (online only). */
  searchServer(text: string): Promise<ServerSearchResult>;
  /** The assignments created from this workspace (the API cannot list them): the outbox's record. */
  assignmentHistory(): AssignmentRecord[];
  /** A fresh server copy of a lesson (e.g. its video finished processing): update the cached course. */
  rememberLesson(courseId: string, sectionId: string, lesson: Fields): void;

  /** Kinds of change this workspace's key was refused (403 on a write): read-only until cleared. */
  writesRefused(): WriteRefusal[];
  /** The key changed, or "Check again": forget the refusals so the next write asks the server. */
  forgetWriteRefusals(): void;

  close(): Promise<void>;
}
