/** Shared (every process). Lesson video uploads: rows, targets, options and the pre-flight checks. */
import { z } from 'zod';
import { Id, IsoTime, Uuid } from './common.ts';
import { DUPLICATE_KINDS, UPLOAD_STATES } from './states.ts';

const Problem = z.object({ code: z.string(), message: z.string() });

const LessonTargetSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('new'), courseId: Uuid, sectionId: Uuid, title: z.string().trim().min(1).max(255) })
    .strict(),
  z.object({ kind: z.literal('replace'), courseId: Uuid, sectionId: Uuid, lessonId: Uuid }).strict(),
]);
export type LessonTarget = z.infer<typeof LessonTargetSchema>;

/** Where an upload row goes: a lesson, or (added through courses.setPreviewVideo only) a course's preview video. */
const UploadTargetSchema = z.discriminatedUnion('kind', [
  ...LessonTargetSchema.options,
  z.object({ kind: z.literal('preview'), courseId: Uuid, title: z.string().min(1).max(255) }).strict(),
]);
export type UploadTarget = z.infer<typeof UploadTargetSchema>;

export const UploadRowSchema = z.object({
  id: Id,
  fileName: z.string(),
  target: UploadTargetSchema,
  bytesTotal: z.number(),
  bytesConfirmed: z.number(),
  bytesInFlight: z.number(),
  state: z.enum(UPLOAD_STATES),
  speedBps: z.number(),
  etaSeconds: z.number().nullable(),
  error: Problem.nullable(),
  notice: Problem.nullable(),
  uploadId: z.string().nullable(),
  lessonId: z.string().nullable(),
  createdAt: IsoTime,
  /** The lesson's video processing as the server last said (open value: PROCESSING, READY, FAILED…). */
  videoStatus: z.string().nullable(),
  videoError: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});
export type UploadRow = z.infer<typeof UploadRowSchema>;

export const UploadsAddInput = z
  .object({
    items: z
      .array(z.object({ handle: Id, target: LessonTargetSchema }).strict())
      .min(1)
      .max(500),
  })
  .strict();

/** What main applies to uploads now (the Uploads screen shows it after navigating back). */
export const UploadOptionsSchema = z.object({
  concurrency: z.int().min(1),
  bandwidthBytesPerSec: z.int().min(1).nullable(),
});

export const SetUploadOptionsInput = z
  .object({
    concurrency: z.int().min(1).max(16).optional(),
    bandwidthBytesPerSec: z.int().min(1).nullable().optional(),
  })
  .strict();

/** A batch of uploads ended: "12 videos uploaded to Workplace Safety · 1 failed". */
export const UploadBatchEndedSchema = z.object({
  title: z.string(),
  body: z.string(),
  level: z.enum(['success', 'warning']),
  courseId: Uuid,
});

/** A file main was handed through its own dialog or a drop; the renderer never holds its path. */
export const FileHandleSchema = z.object({ handle: Id, name: z.string(), size: z.number() });
export type FileHandle = z.infer<typeof FileHandleSchema>;

/** Staged files (by handle) to check against their bytes, the journal and the chosen section's lessons. */
export const UploadsCheckInput = z
  .object({
    handles: z.array(Id).min(1).max(500),
    section: z.object({ courseId: Uuid, sectionId: Uuid }).strict().optional(),
  })
  .strict();

/** What main read from one staged file before any upload session. */
export const StagedFileCheckSchema = z.object({
  handle: Id,
  /** False: the file is refused (not a video, or unreadable) and cannot be started; `reason` says why. */
  video: z.boolean(),
  reason: z.string().nullable(),
  media: z
    .object({
      /** "0:03 · 160×120 · AVC + AAC" */
      summary: z.string().nullable(),
      durationSeconds: z.number().nullable(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      videoCodec: z.string().nullable(),
      audioCodec: z.string().nullable(),
    })
    .nullable(),
  /** What servers commonly reject or convert slowly: shown, never blocking. */
  warnings: z.array(Problem),
  /** Where the same content already is, strongest first; `sameContent: false` is a hint (same title and length). */
  duplicates: z.array(z.object({ kind: z.enum(DUPLICATE_KINDS), message: z.string(), sameContent: z.boolean() })),
});
export type StagedFileCheck = z.infer<typeof StagedFileCheckSchema>;
