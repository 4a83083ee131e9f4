// Main process / plain Node. The upload journal's SQLite schema (numbered migrations), the row
// shapes the engine uses, and the zod checks applied when rows are read back from disk.
import { z } from 'zod';
import { UPLOAD_STATES } from '../../src-shared/index.ts';
import type { Migration } from '../store/index.ts';
import type { FileIdentity } from './file-identity.ts';
import type { StoredFileCheck } from './preflight.ts';
import type { UploadProblem, UploadState, UploadTarget } from './types.ts';

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'upload journal',
    up(db) {
      db.exec(`
        CREATE TABLE uploads (
          id TEXT PRIMARY KEY,
          position INTEGER NOT NULL,
          path TEXT NOT NULL,
          file_name TEXT NOT NULL,
          content_type TEXT NOT NULL,
          size INTEGER NOT NULL,
          mtime_ms REAL NOT NULL,
          head_sha256 TEXT NOT NULL,
          tail_sha256 TEXT NOT NULL,
          target_kind TEXT NOT NULL CHECK (target_kind IN ('new', 'replace')),
          course_id TEXT NOT NULL,
          section_id TEXT NOT NULL,
          target_lesson_id TEXT,
          title TEXT,
          state TEXT NOT NULL,
          session_id TEXT,
          session_key TEXT NOT NULL,
          part_size INTEGER,
          total_parts INTEGER,
          session_completed INTEGER NOT NULL DEFAULT 0,
          lesson_key TEXT NOT NULL,
          attach_attempted INTEGER NOT NULL DEFAULT 0,
          lesson_id TEXT,
          bytes_sent INTEGER NOT NULL DEFAULT 0,
          bytes_resent INTEGER NOT NULL DEFAULT 0,
          error_code TEXT,
          error_message TEXT,
          notice_code TEXT,
          notice_message TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE TABLE upload_parts (
          upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
          part_number INTEGER NOT NULL,
          size INTEGER NOT NULL,
          attempts INTEGER NOT NULL DEFAULT 0,
          done INTEGER NOT NULL DEFAULT 0,
          etag TEXT,
          md5 TEXT,
          PRIMARY KEY (upload_id, part_number)
        );
      `);
    },
  },
  {
    version: 2,
    name: 'what was read from each file before it was sent',
    up(db) {
      // Its own table so the engine's rows stay as they were; deleted with its upload.
      db.exec(`
        CREATE TABLE upload_file_checks (
          upload_id TEXT PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
          mime TEXT,
          probed INTEGER NOT NULL DEFAULT 0,
          container TEXT,
          duration_seconds REAL,
          width INTEGER,
          height INTEGER,
          video_codec TEXT,
          audio_codec TEXT,
          frame_rate_mode TEXT,
          frame_rate REAL,
          size INTEGER NOT NULL,
          mtime_ms REAL,
          sample_sha256 TEXT NOT NULL,
          sha256 TEXT
        );
        CREATE INDEX upload_file_checks_by_content ON upload_file_checks (size, sample_sha256);
      `);
    },
  },
  {
    version: 3,
    name: 'lesson order and video processing',
    // batch_id: the files added together (their lessons keep the order they were given in).
    // lesson_order: the `order` sent with the first create try, reused by every retry.
    // video_*: what retrieve lesson last said about the attached video's processing.
    up(db) {
      db.exec(`
        ALTER TABLE uploads ADD COLUMN batch_id TEXT;
        ALTER TABLE uploads ADD COLUMN lesson_order INTEGER;
        ALTER TABLE uploads ADD COLUMN video_status TEXT;
        ALTER TABLE uploads ADD COLUMN video_error TEXT;
        ALTER TABLE uploads ADD COLUMN duration_seconds REAL;
        ALTER TABLE uploads ADD COLUMN video_checked_at INTEGER;
        ALTER TABLE uploads ADD COLUMN video_polls INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    version: 4,
    name: 'course folder pushes',
    // What `course push` made of each folder entry, per course, keyed by the entry's path relative
    // to the pushed folder: the section or lesson id, the Idempotency-Key and exact body of its
    // create (written before the first try, so a killed push re-sends the same request), and the
    // hash, size and mtime of the content last pushed (so an unchanged file is not read again).
    // Here because the journal is the one local store per server and key (CLI) or workspace (app).
    up(db) {
      db.exec(`
        CREATE TABLE push_entries (
          course_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('section', 'lesson')),
          path TEXT NOT NULL,
          section_path TEXT,
          server_id TEXT,
          create_key TEXT,
          create_body TEXT,
          content_sha256 TEXT,
          size INTEGER,
          mtime_ms REAL,
          updated_at TEXT NOT NULL,
          PRIMARY KEY (course_id, kind, path)
        );
      `);
    },
  },
  {
    version: 5,
    name: 'course preview videos',
    // A row whose upload becomes its course's preview video instead of a lesson's. Its own column
    // because target_kind's CHECK cannot change without rebuilding the table (whose parts and file
    // checks cascade from it): a preview row keeps target_kind 'new' and section_id '', and is read
    // back as a preview target only through this column (a journal of this version is refused by
    // older versions, so none of them can take it for a new lesson).
    up(db) {
      db.exec(`
        ALTER TABLE uploads ADD COLUMN attach_to TEXT NOT NULL DEFAULT 'lesson'
          CHECK (attach_to IN ('lesson', 'course-preview'));
      `);
    },
  },
];

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
