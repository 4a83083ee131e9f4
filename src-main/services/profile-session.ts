/**
 * Main process / plain Node. Everything that depends on the active workspace — API client,
 * offline store and sync, upload engine — opened together and closed together, so switching
 * profile switches all of it without restarting the app.
 */
import { join } from 'node:path';
import { createAppPushService, type AppPushService } from '../course-push/index.ts';
import { createApiClient, type ApiClient, type DeviationRecord, type RequestLogEntry } from '../api/index.ts';
import { toFolderPushFinished, toMissingOperation, toSyncStatus, toUploadRowView } from '../ipc-views/index.ts';
import { describeError, type Logger } from '../platform/index.ts';
import {
  createDeviationStore,
  openProfileDatabase,
  type DeviationStore,
  type ProfileDatabase,
} from '../store/index.ts';
import { createSyncService, type MissingOperation, type SyncService } from '../sync/index.ts';
import {
  batchNotice,
  createUploadManager,
  uploadJournalPath,
  type BatchPlace,
  type UploadManager,
  type VideoPollTime,
} from '../uploads/index.ts';
import type { ProfileConnection } from '../workspaces/index.ts';
import type { CacheKind, SyncStatus } from '../../src-shared/index.ts';
import type { AppEvents } from './app-events.ts';
import { createOutlineRefresh } from './outline-refresh.ts';
import { createProgressBatches } from './progress-batches.ts';

export interface ProfileSession {
  readonly profileId: string;
  readonly client: ApiClient;
  readonly sync: SyncService;
  readonly uploads: UploadManager;
  /** A whole course from a folder (the CLI's plan and executor, on this workspace's engine). */
  readonly folderPush: AppPushService;
  syncStatus(): SyncStatus;
  /** Every contract deviation this workspace's server ever caused (kept in its database). */
  deviations(): DeviationRecord[];
  close(): Promise<void>;
}

export interface ProfileSessionOptions {
  dataDir: string;
  connection: ProfileConnection;
  events: AppEvents;
  log: Logger;
  /** Time of the uploads' processing polls: the system's by default; tests run it faster. */
  videoPollTime?: VideoPollTime;
}

export function profileDataDir(dataDir: string, profileId: string): string {
  return join(dataDir, 'profiles', profileId);
}

export function openProfileSession(options: ProfileSessionOptions): ProfileSession {
  const { connection, events, log } = options;
  const profileId = connection.profileId;
  // Every HTTP attempt tells connectivity what it learned, so a dead server shows at once rather
  // than after the client's retries (set once the sync service exists, just below).
  let reportAttempt: (entry: RequestLogEntry) => void = () => undefined;
  let closed = false;
  // Deviations outlive the run: their own connection to the profile database (WAL allows several),
  // opened once sync has opened it (sync reports a damaged file to the user).
  let deviationDb: ProfileDatabase | null = null;
  let deviationStore: DeviationStore | null = null;
  const onDeviation = (record: DeviationRecord, isNew: boolean, added: number): void => {
    if (closed) return;
    try {
      deviationStore?.record(record, added);
    } catch (error) {
      log.warn('recording a contract deviation failed', { profileId, ...describeError(error) });
    }
    if (isNew) log.warn('contract deviation', { operation: record.operation, jsonPath: record.jsonPath });
  };
  const client = createApiClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    onRequest: (entry) => reportAttempt(entry),
    onDeviation,
  });
  // The connectivity probe must answer fast (status bar), so it gets one attempt and short timeouts
  // instead of the full client's retries.
  const probeClient = createApiClient({
    baseUrl: connection.baseUrl,
    apiKey: connection.apiKey,
    onDeviation,
    retry: { maxAttempts: 1, deadlineMs: 8_000 },
    timeouts: { connectMs: 3_000, headersMs: 6_000, bodyMs: 6_000 },
  });

  const sync: SyncService = createSyncService({
    dataDir: options.dataDir,
    profileId,
    client,
    probe: () => probeClient.categories.list({ page: 1, pageSize: 1 }),
    onInternalError: (error) => log.warn('sync background failure', { profileId, ...describeError(error) }),
    onEvent: (event, payload) => {
      if (closed) return;
      if (event === 'drafts.changed') {
        events.emit('drafts.changed', { ids: (payload as { draftIds: string[] }).draftIds });
      } else if (event === 'cache.updated') {
        events.emit('cache.updated', { kinds: [(payload as { kind: CacheKind }).kind] });
      } else if (event === 'outbox.changed') {
        events.emit('outbox.changed', { count: (payload as { count: number }).count });
        events.emit('sync.status', syncStatus());
      } else if (event === 'structure.missing') {
        // Said once per workspace (sync notes it only the first time), then shown on the action.
        const missing = toMissingOperation(payload as MissingOperation);
        events.emit('app.notice', { level: 'warning', message: missing.message, workspaceId: profileId });
        events.emit('structure.missing', missing);
      } else if (event === 'writes.changed') {
        // Said once for the workspace, by the renderer's read-only banner (it reads the status):
        // no toast per kind refused, which piled up one kind at a time.
        events.emit('sync.status', syncStatus());
      } else if (event === 'sync.status') {
        events.emit('sync.status', syncStatus());
        // Sync saw the server answer (e.g. "Check connection now"): uploads waiting for it go on.
        if (sync.connectivity().state === 'online') uploads.checkConnection();
      }
    },
  });
  reportAttempt = (entry) => sync.reportAttempt(entry);
  for (const notice of sync.notices)
    events.emit('app.notice', { level: 'warning', message: notice.message, workspaceId: profileId });
  deviationDb = openProfileDatabase({ dataDir: options.dataDir, profileId });
  deviationStore = createDeviationStore(deviationDb.db);

  const journalPath = uploadJournalPath({ workspaceDir: profileDataDir(options.dataDir, profileId) });
  const uploadRows = createProgressBatches({
    progress: (rows) => events.emit('uploads.progress', { rows }),
    state: (row) => events.emit('uploads.changed', row),
  });
  const outlineRefresh = createOutlineRefresh((courseId) =>
    closed
      ? Promise.resolve(null)
      : sync.refreshCache({ kind: 'sections', courseId }).then(
          (written) => written.bytes,
          () => null,
        ),
  );
  const uploads = createUploadManager({
    journalPath,
    api: client,
    videoPollTime: options.videoPollTime,
    onEvent: (event) => {
      if (closed) return;
      const row = toUploadRowView(event.row);
      if (event.type === 'progress') uploadRows.progress(row);
      else uploadRows.state(row);
      // A video that just landed as a lesson (already in the cached outline from the answer that
      // made it): re-read that course's sections to settle the places around it (the whole course
      // is read, so not once per file of a big batch: outline-refresh.ts).
      if (event.type === 'state' && event.row.state === 'done' && event.row.lessonId) {
        outlineRefresh.landed(event.row.target.courseId);
      }
    },
    onJournalCorrupt: (message) => events.emit('app.notice', { level: 'warning', message, workspaceId: profileId }),
    // A full disk paused every upload (each row shows why); Resume carries on once there is room.
    onLocalFault: (fault) => {
      log.warn('disk full: uploads paused', { folder: fault.folder });
      if (!closed) events.emit('app.notice', { level: 'error', message: fault.message, workspaceId: profileId });
    },
    // Processing news about a lesson: the course view reads the cache, so it follows.
    onLessonRead: (target, lesson) => {
      if (!closed) sync.rememberLesson(target.courseId, target.sectionId, { ...lesson });
    },
    // A course preview's upload is COMPLETED: attach it with the course update through the
    // outbox (offline it waits there); its processing is asked about once that update is sent.
    attachPreview: (courseId, uploadId) => sync.preview.set(courseId, uploadId),
    previewSent: (courseId) => sync.preview.pending(courseId) === null,
    onCourseRead: (course) => {
      if (!closed) sync.preview.rememberCourse({ ...course });
    },
    onBatchEnded: (batch) => {
      if (closed) return;
      events.emit('uploads.batchEnded', {
        ...batchNotice(batch, placeOf(batch.courseId, batch.sectionId)),
        courseId: batch.courseId,
      });
    },
  });

  // Uploads a previous run left unfinished continue on their own, like any desktop sync client;
  // the ones the user paused stay paused.
  const interrupted = uploads
    .list()
    .filter((row) => row.state === 'queued')
    .map((row) => row.id);
  if (interrupted.length > 0) uploads.start(interrupted);

  let pushRefresh: NodeJS.Timeout | null = null;
  const refreshDuringPush = (courseId: string) => {
    if (pushRefresh) return;
    pushRefresh = setTimeout(() => {
      pushRefresh = null;
      if (!closed) void sync.refreshCache({ kind: 'sections', courseId }).catch(() => undefined);
    }, 1_000);
    pushRefresh.unref();
  };
  const folderPush = createAppPushService({
    api: client,
    uploads,
    journalPath,
    missing: () => sync.structure.missing(),
    noteResult: (error) => sync.structure.noteResult(error),
    onProgress: (planId, courseId, message) => {
      if (closed) return;
      events.emit('folderPush.progress', { planId, courseId, message });
      // Sections and lessons it creates show in the open outline as they come, not only at the end.
      refreshDuringPush(courseId);
    },
    onFinished: (end) => {
      if (closed) return;
      events.emit('folderPush.finished', toFolderPushFinished(end));
      // The course screen reads the cache: show the new sections and lessons at once.
      void sync.refreshCache({ kind: 'sections', courseId: end.courseId }).catch(() => undefined);
    },
    onJournalCorrupt: (message) => events.emit('app.notice', { level: 'warning', message, workspaceId: profileId }),
    courseChanges: {
      sendFirst: (courseId, signal) => sync.sendCourseChanges(courseId, signal),
      hold: (courseId) => sync.holdCourse(courseId),
    },
  });

  /** From the cache only; without it the notice still says how many, without the names. */
  function placeOf(courseId: string, sectionId: string): BatchPlace {
    const read = <T>(get: () => T): T | null => {
      try {
        return get();
      } catch {
        return null;
      }
    };
    const courseName = read(() => sync.readCache({ kind: 'course', courseId }, { refresh: 'never' }).data?.name);
    const sections = read(() => sync.readCache({ kind: 'sections', courseId }, { refresh: 'never' }).data);
    const section = Array.isArray(sections) ? sections.find((s) => s?.id === sectionId) : undefined;
    return { courseName: courseName ?? null, sectionTitle: typeof section?.title === 'string' ? section.title : null };
  }

  function syncStatus(): SyncStatus {
    return toSyncStatus(sync.connectivity(), sync.outboxSummary(), sync.writesRefused());
  }

  return {
    profileId,
    client,
    sync,
    uploads,
    folderPush,
    syncStatus,
    deviations: () => (closed ? [] : (deviationStore?.list() ?? [])),
    close: async () => {
      closed = true;
      outlineRefresh.close();
      uploadRows.close();
      await folderPush.close();
      await uploads.close();
      await sync.close();
      await client.close();
      await probeClient.close();
      deviationDb?.close();
    },
  };
}
