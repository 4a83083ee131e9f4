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
