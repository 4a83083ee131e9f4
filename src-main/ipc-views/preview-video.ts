/**
 * Main process / plain Node. Where a course's preview video stands, from three sources: Lectern's
 * own upload rows for it (newest first), the course update still waiting in the outbox, and the
 * course as last read (cache). A row's processing status comes from the upload engine's follow-up.
 */
import type { PreviewVideo } from '../../src-shared/index.ts';
import type { PendingPreview } from '../sync/index.ts';
import type { UploadRow } from '../uploads/index.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function processed(status: string | null, error: string | null): Pick<PreviewVideo, 'phase' | 'status' | 'error'> {
  const s = status?.toUpperCase() ?? null;
  if (s === 'READY') return { phase: 'ready', status, error: null };
  if (s === 'FAILED') return { phase: 'failed', status, error: error ?? 'The server could not process this video.' };
  if (s === null || s === 'NONE') return { phase: 'none', status, error: null };
  return { phase: 'processing', status, error: null };
}

export function toPreviewVideo(
  courseId: string,
  rows: readonly UploadRow[],
  pending: PendingPreview | null,
  course: Record<string, unknown> | null,
): PreviewVideo {
  const row =
    rows
      .filter((r) => r.target.kind === 'preview' && r.target.courseId === courseId && r.state !== 'cancelled')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
  const upload = row && {
    id: row.id,
    fileName: row.fileName,
    state: row.state,
    percent:
      row.bytesTotal > 0
        ? Math.min(100, Math.floor(((row.bytesConfirmed + row.bytesInFlight) / row.bytesTotal) * 100))
        : 0,
  };
  const base = {
    courseId,
    upload,
    blocked: pending?.blocked ?? null,
    hasUrl: text(course?.preview_video_url) !== null,
  };
  if (pending && pending.uploadId === null) return { ...base, phase: 'removing', status: null, error: null };
  if (row && row.state === 'failed') {
    return { ...base, phase: 'failed', status: null, error: row.error?.message ?? 'The upload failed.' };
  }
  if (row && row.state !== 'done') return { ...base, phase: 'uploading', status: null, error: null };
  if (row && pending && pending.uploadId === row.uploadId) {
    return { ...base, phase: 'attaching', status: null, error: null };
  }
  if (row) {
    const state = processed(row.videoStatus, row.videoError);
    // Attached, not read back yet: the server is processing it.
    return { ...base, ...state, ...(row.videoStatus === null ? { phase: 'processing' as const } : {}) };
  }
  return { ...base, ...processed(text(course?.preview_video_status), text(course?.preview_video_error)) };
}
