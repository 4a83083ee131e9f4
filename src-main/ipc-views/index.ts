/**
 * Main process / plain Node. Domain objects as the renderer sees them: every mapper from main's
 * own types to the IPC contract's shapes, for handler answers and pushed events alike. Its own
 * folder so that both `ipc/` (answers) and `services/` (events) use it without importing each other.
 */
import type {
  ChannelOutput,
  Draft,
  FolderPushCurrent,
  FolderPushFinished,
  FolderPushPlan,
  MissingOperation as MissingOperationView,
  PendingLessonDelete,
  PendingSectionDelete as PendingSectionDeleteView,
  SyncStatus,
  UploadRow,
} from '../../src-shared/index.ts';
import type { RequestLogEntry } from '../api/index.ts';
import { planIsEmpty, planView, type AppPushEnd, type HeldPush, type PlannedPush } from '../course-push/index.ts';
import type {
  ConnectivityStatus,
  DraftView,
  MissingOperation as MissingOperationRecord,
  OutboxSummary,
  PendingDelete,
  PendingSectionDelete,
} from '../sync/index.ts';
import type { UploadRow as EngineRow } from '../uploads/index.ts';

export { toPreviewVideo } from './preview-video.ts';

/** The renderer learns whether a create has its key, never the key itself. */
export function toDraft(view: DraftView): Draft {
  const { idempotencyKey, ...rest } = view;
  return { ...rest, hasIdempotencyKey: idempotencyKey !== null };
}

export function toPendingLessonDelete(p: PendingDelete): PendingLessonDelete {
  return {
    draftId: p.draftId,
    lessonId: p.targetId,
    courseId: p.parent.courseId ?? '',
    sectionId: p.parent.sectionId ?? '',
    title: p.title,
    state: p.state === 'sending' || p.state === 'failed' ? p.state : 'queued',
    sendAt: new Date(p.notBefore).toISOString(),
    inDoubt: p.inDoubt,
    error: p.error ? (JSON.parse(p.error) as PendingLessonDelete['error']) : null,
  };
}

export function toSyncStatus(
  status: ConnectivityStatus,
  outbox: OutboxSummary,
  writesRefused: SyncStatus['writesRefused'] = [],
): SyncStatus {
  return {
    state: status.state,
    since: status.since,
    lastCheckedAt: status.lastCheckedAt,
    message: status.lastError?.message ?? null,
    outbox,
    writesRefused,
  };
}

export function toUploadRowView(row: EngineRow): UploadRow {
  return {
    id: row.id,
    fileName: row.fileName,
    target: row.target,
    bytesTotal: row.bytesTotal,
    bytesConfirmed: row.bytesConfirmed,
    bytesInFlight: row.bytesInFlight,
    state: row.state,
    speedBps: row.speedBps,
    etaSeconds: row.etaSeconds,
    error: row.error ? { code: row.error.code, message: row.error.message } : null,
    notice: row.notice ? { code: row.notice.code, message: row.notice.message } : null,
    uploadId: row.uploadId ?? null,
    lessonId: row.lessonId ?? null,
    createdAt: row.createdAt,
    videoStatus: row.videoStatus ?? null,
    videoError: row.videoError ?? null,
    durationSeconds: row.durationSeconds ?? null,
  };
}

/** The request log without headers or bodies (Diagnostics shows only these columns). */
export function toRequestLogRows(entries: readonly RequestLogEntry[]): ChannelOutput<'app.requestLog'> {
  return entries.map((entry) => ({
    at: entry.timestamp,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    durationMs: entry.durationMs,
    attempt: entry.attempt,
  }));
}

export function toPendingSectionDelete(p: PendingSectionDelete): PendingSectionDeleteView {
  return {
    draftId: p.draftId,
    sectionId: p.targetId,
    courseId: p.parent.courseId ?? '',
    title: p.title,
    state: p.state === 'sending' || p.state === 'failed' ? p.state : 'queued',
    sendAt: new Date(p.notBefore).toISOString(),
    inDoubt: p.inDoubt,
    error: p.error ? (JSON.parse(p.error) as PendingSectionDeleteView['error']) : null,
    refusal: p.refusal,
  };
}

export function toMissingOperation(
  m: Pick<MissingOperationRecord, 'operation' | 'message' | 'notedAt'>,
): MissingOperationView {
  return { operation: m.operation, message: m.message, notedAt: m.notedAt };
}

/** A folder push's plan as the renderer shows it: the folder by its name, never its path. */
export function toFolderPushPlan(planned: PlannedPush, folderName: string): FolderPushPlan {
  const { folder: _path, sections, ...view } = planView(planned.plan);
  return {
    ...view,
    planId: planned.planId,
    folderName,
    sections: sections.map(({ sectionId: _s, lessons, ...section }) => ({
      ...section,
      lessons: lessons.map(({ lessonId: _l, ...lesson }) => ({ ...lesson, action: lesson.action as LessonAction })),
      action: section.action as LessonAction,
    })),
    totals: { ...view.totals },
    empty: planIsEmpty(planned.plan),
    missing: planned.missing.map(toMissingOperation),
    blockedReason: planned.missing[0]?.message ?? null,
    unsentChanges: planned.unsent.map(({ resource, operation, title, state }) => ({
      resource,
      operation,
      title,
      state,
    })),
  };
}
type LessonAction = FolderPushPlan['sections'][number]['action'];

/** The workspace's current push for a window that starts; one without a folder handle is not the window's. */
export function toFolderPushCurrent(held: HeldPush | null): FolderPushCurrent | null {
  if (!held?.folder) return null;
  return {
    folder: held.folder,
    plan: toFolderPushPlan(held.planned, held.folder.name),
    step: held.step,
    progress: [...held.progress],
    end: held.end ? toFolderPushFinished(held.end) : null,
  };
}

/** A push's end; its upload rows are the Uploads screen's, so only the counts travel here. */
export function toFolderPushFinished(end: AppPushEnd): FolderPushFinished {
  if (!end.outcome) return { ...end, outcome: null };
  const { uploads: _rows, ...outcome } = end.outcome;
  return { ...end, outcome };
}
