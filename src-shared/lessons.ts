/** Shared (every process). Lesson authoring: deletes that wait in the outbox so they can be undone. */
import { z } from 'zod';
import { Id, IsoTime, Uuid } from './common.ts';
import { SyncErrorSchema } from './drafts.ts';
import { OUTBOX_STATES } from './states.ts';

/** How long a lesson delete waits in the outbox before it is sent (its "Undo" window). */
export const LESSON_DELETE_DELAY_MS = 5_000;

export const LessonRefSchema = z.object({ courseId: Uuid, sectionId: Uuid, id: Uuid }).strict();

export const PendingLessonDeleteSchema = z.object({
  draftId: Id,
  lessonId: Uuid,
  courseId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  state: z.enum(OUTBOX_STATES),
  /** Not sent before this time. */
  sendAt: IsoTime,
  /** The request may have reached the server: undo is no longer possible. */
  inDoubt: z.boolean(),
  error: SyncErrorSchema.nullable(),
});
export type PendingLessonDelete = z.infer<typeof PendingLessonDeleteSchema>;
