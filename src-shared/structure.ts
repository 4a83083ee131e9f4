/** Shared (every process). Course structure (ASSUMPTIONS.md "Course structure"): sections, course
 * details, and the operations a workspace's server does not offer. */
import { z } from 'zod';
import { Id, IsoTime, Uuid } from './common.ts';
import { SyncErrorSchema } from './drafts.ts';
import { OUTBOX_STATES } from './states.ts';

/** How long a section delete waits in the outbox before it is sent (its "Undo" window). */
export const SECTION_DELETE_DELAY_MS = 5_000;

export const SectionRefSchema = z.object({ courseId: Uuid, id: Uuid }).strict();

export const SectionCreateInput = z
  .object({
    courseId: Uuid,
    title: z.string().trim().min(1).max(255),
    description: z.string().max(100_000).optional(),
    order: z.int().min(1).max(2_147_483_647).optional(),
  })
  .strict();

export const PendingSectionDeleteSchema = z.object({
  draftId: Id,
  sectionId: Uuid,
  courseId: z.string(),
  title: z.string(),
  state: z.enum(OUTBOX_STATES),
  sendAt: IsoTime,
  inDoubt: z.boolean(),
  error: SyncErrorSchema.nullable(),
  /** The server's refusal in words (a section that still holds lessons), else null. */
  refusal: z.string().nullable(),
});
export type PendingSectionDelete = z.infer<typeof PendingSectionDeleteSchema>;

/** An operation this workspace's server does not offer, with the sentence to show. */
export const MissingOperationSchema = z.object({
  operation: z.enum(['sections.create', 'sections.update', 'sections.delete', 'courses.update']),
  message: z.string(),
  notedAt: IsoTime,
});
export type MissingOperation = z.infer<typeof MissingOperationSchema>;

/** Where a course's preview video stands, as the course screen shows it. */
export const PREVIEW_VIDEO_PHASES = [
  'none', // no preview video (or the server reports none)
  'uploading', // the file is on its way (see `upload`)
  'attaching', // uploaded; the course update that attaches it waits to be sent (offline, or `blocked`)
  'removing', // the course update that removes it waits to be sent
  'processing',
  'ready',
  'failed', // the upload failed, or the server could not process it (`error` says why)
] as const;

export const PreviewVideoSchema = z.object({
  courseId: Uuid,
  phase: z.enum(PREVIEW_VIDEO_PHASES),
  /** The upload row on the Uploads screen (Lectern's own), else null. */
  upload: z
    .object({
      id: Id,
      fileName: z.string(),
      state: z.string(),
      /** 0..100, whole percent. */
      percent: z.number(),
    })
    .nullable(),
  /** The server's processing status as last read (an open value), else null. */
  status: z.string().nullable(),
  /** Why it failed (the upload's problem or the server's preview_video_error), else null. */
  error: z.string().nullable(),
  /** Why the attach or removal is not on its way (the server does not offer it, a conflict), else null. */
  blocked: z.string().nullable(),
  /** Whether the course (as last read) carries a preview_video_url. */
  hasUrl: z.boolean(),
});
export type PreviewVideo = z.infer<typeof PreviewVideoSchema>;

export const PreviewVideoSetInput = z.object({ courseId: Uuid, handle: Id }).strict();
