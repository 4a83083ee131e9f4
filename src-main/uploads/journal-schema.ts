// Main process / plain Node. The upload journal's row shapes the engine uses and the zod checks
// applied when rows are read back from disk (its schema is built by migrations/, one file a step).
import { z } from 'zod';
import { UPLOAD_STATES } from '../../src-shared/index.ts';
import type { FileIdentity } from './file-identity.ts';
import type { StoredFileCheck, UploadProblem, UploadState, UploadTarget } from './types.ts';

export interface JournalPart {
  partNumber: number;
  size: number;
  attempts: number;
  done: boolean;
  etag: string | null;
  md5: string | null;
}

export interface JournalRow {
  id: string;
  position: number;
  identity: FileIdentity;
  fileName: string;
  contentType: string;
  target: UploadTarget;
  state: UploadState;
  sessionId: string | null;
  sessionKey: string;
  partSize: number | null;
  totalParts: number | null;
  sessionCompleted: boolean;
  lessonKey: string;
  attachAttempted: boolean;
  lessonId: string | null;
  bytesSent: number;
  bytesResent: number;
  error: UploadProblem | null;
  notice: UploadProblem | null;
  createdAt: string;
  parts: JournalPart[];
  batchId: string | null;
  lessonOrder: number | null;
  video: VideoFollow;
}

/** The attached lesson's video processing as last read (status is the server's open value). */
export interface VideoFollow {
  status: string | null;
  error: string | null;
  durationSeconds: number | null;
  /** ms since the epoch of the last retrieve, and how many were made (the backoff). */
  checkedAt: number | null;
  polls: number;
}

export const NO_VIDEO_FOLLOW: VideoFollow = {
  status: null,
  error: null,
  durationSeconds: null,
  checkedAt: null,
  polls: 0,
};

// What the file holds is checked like any input from disk (a hand-edited or foreign journal).
const text = z.string();
const optText = z.string().nullable();
const int = z.number().int().nonnegative();
export const UploadSql = z
  .object({
    id: text,
    position: z.number(),
    path: text,
    file_name: text,
    content_type: text,
    size: int.min(1),
    mtime_ms: z.number(),
    head_sha256: text,
    tail_sha256: text,
    target_kind: z.enum(['new', 'replace']),
    course_id: text,
    section_id: text,
    target_lesson_id: optText,
    title: optText,
    state: z.enum(UPLOAD_STATES).exclude(['waiting']),
    session_id: optText,
    session_key: text,
    part_size: int.min(1).nullable(),
    total_parts: int.min(1).nullable(),
    session_completed: int,
    lesson_key: text,
    attach_attempted: int,
    lesson_id: optText,
    bytes_sent: int,
    bytes_resent: int,
    error_code: optText,
    error_message: optText,
    notice_code: optText,
    notice_message: optText,
    created_at: text,
    batch_id: optText.optional().default(null),
    lesson_order: int.nullable().optional().default(null),
    video_status: optText.optional().default(null),
    video_error: optText.optional().default(null),
    duration_seconds: z.number().nonnegative().nullable().optional().default(null),
    video_checked_at: z.number().nullable().optional().default(null),
    video_polls: int.optional().default(0),
    attach_to: z.enum(['lesson', 'course-preview']).optional().default('lesson'),
  })
  .refine((r) => r.target_kind === 'new' || r.target_lesson_id !== null, { path: ['target_lesson_id'] });
export const PartSql = z.object({
  upload_id: text,
  part_number: int.min(1),
  size: int,
  attempts: int,
  done: int,
  etag: optText,
  md5: optText,
});
export type SqlRow = z.infer<typeof UploadSql>;

export function toRow(r: SqlRow, parts: JournalPart[]): JournalRow {
  const target: UploadTarget =
    r.attach_to === 'course-preview'
      ? { kind: 'preview', courseId: r.course_id, title: r.title ?? '' }
      : r.target_kind === 'replace'
        ? { kind: 'replace', courseId: r.course_id, sectionId: r.section_id, lessonId: r.target_lesson_id ?? '' }
        : { kind: 'new', courseId: r.course_id, sectionId: r.section_id, title: r.title ?? '' };
  return {
    id: r.id,
    position: r.position,
    identity: {
      path: r.path,
      size: r.size,
      mtimeMs: r.mtime_ms,
      headSha256: r.head_sha256,
      tailSha256: r.tail_sha256,
    },
    fileName: r.file_name,
    contentType: r.content_type,
    target,
    state: r.state,
    sessionId: r.session_id,
    sessionKey: r.session_key,
    partSize: r.part_size,
    totalParts: r.total_parts,
    sessionCompleted: r.session_completed === 1,
    lessonKey: r.lesson_key,
    attachAttempted: r.attach_attempted === 1,
    lessonId: r.lesson_id,
    bytesSent: r.bytes_sent,
    bytesResent: r.bytes_resent,
    error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? '' },
    notice: r.notice_code === null ? null : { code: r.notice_code, message: r.notice_message ?? '' },
    createdAt: r.created_at,
    parts,
    batchId: r.batch_id,
    lessonOrder: r.lesson_order,
    video: {
      status: r.video_status,
      error: r.video_error,
      durationSeconds: r.duration_seconds,
      checkedAt: r.video_checked_at,
      polls: r.video_polls,
    },
  };
}

const optNum = z.number().nullable();
export const FileCheckSql = z.object({
  upload_id: text,
  mime: optText,
  probed: int,
  container: optText,
  duration_seconds: optNum,
  width: optNum,
  height: optNum,
  video_codec: optText,
  audio_codec: optText,
  frame_rate_mode: z.enum(['CFR', 'VFR']).nullable(),
  frame_rate: optNum,
  size: int,
  mtime_ms: optNum,
  sample_sha256: text,
  sha256: optText,
});

export function toStoredCheck(r: z.infer<typeof FileCheckSql>): StoredFileCheck {
  return {
    mime: r.mime,
    media:
      r.probed === 1
        ? {
            container: r.container,
            durationSeconds: r.duration_seconds,
            width: r.width,
            height: r.height,
            videoCodec: r.video_codec,
            audioCodec: r.audio_codec,
            frameRateMode: r.frame_rate_mode,
            frameRate: r.frame_rate,
          }
        : null,
    content: { size: r.size, sampleSha256: r.sample_sha256, sha256: r.sha256 },
    mtimeMs: r.mtime_ms,
  };
}
