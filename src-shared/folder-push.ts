/** Shared (every process). A whole course from a folder, in the app: the folder
 * handle, the plan as the renderer shows it (a tree), and the push's progress and outcome. The
 * plan names no absolute path: the folder by its name, files by their path inside it. */
import { z } from 'zod';
import { Id, Uuid } from './common.ts';
import { MissingOperationSchema } from './structure.ts';

/** A folder the user chose in main's dialog or dropped on the window; the renderer holds only the handle. */
export const FolderHandleSchema = z.object({ handle: Id, name: z.string() });
export type FolderHandle = z.infer<typeof FolderHandleSchema>;

/**
 * What a folder push did, entry by entry (worded in push-events.ts): one event per section or
 * lesson it created, renamed, put in order, replaced or deleted.
 */
export const PushEventSchema = z.object({
  kind: z.enum(['created', 'renamed', 'moved', 'replaced', 'deleted']),
  /** "lesson": a lesson deleted from the server, whose kind the plan did not read. */
  what: z.enum(['section', 'text lesson', 'video lesson', 'lesson']),
  title: z.string(),
  /** The lesson's section (null for a section). */
  sectionTitle: z.string().nullable(),
});
export type PushEvent = z.infer<typeof PushEventSchema>;

const EntryAction = z.enum(['create', 'update', 'reorder', 'keep']);
const OtherAction = z.enum(['leave', 'delete']);
const OtherLesson = z.object({ id: z.string(), title: z.string().nullable(), action: OtherAction });

export const FolderPushPlanSchema = z.object({
  planId: Id,
  courseId: z.string(),
  courseName: z.string().nullable(),
  /** The folder's own name (never its path). */
  folderName: z.string(),
  deleteOthers: z.boolean(),
  sections: z.array(
    z.object({
      key: z.string(),
      title: z.string(),
      action: EntryAction,
      matchedBy: z.string().nullable(),
      changes: z.array(z.string()),
      lessons: z.array(
        z.object({
          key: z.string(),
          title: z.string(),
          kind: z.enum(['video', 'text']),
          action: EntryAction,
          matchedBy: z.string().nullable(),
          changes: z.array(z.string()),
          bytes: z.number(),
          uploadBytes: z.number(),
        }),
      ),
      otherLessons: z.array(OtherLesson),
    }),
  ),
  otherSections: z.array(
    z.object({ id: z.string(), title: z.string().nullable(), action: OtherAction, lessons: z.array(OtherLesson) }),
  ),
  skipped: z.array(z.object({ key: z.string(), reason: z.string() })),
  totals: z.record(z.string(), z.number()),
  /** Whether the plan writes anything at all. */
  empty: z.boolean(),
  /** Course-structure operations this plan needs that this workspace's server does not offer. */
  missing: z.array(MissingOperationSchema),
  /** Why it cannot be pushed as planned (the first missing operation's sentence), else null. */
  blockedReason: z.string().nullable(),
  /**
   * The workspace's changes to this course it could not send before planning (offline, failed, in
   * conflict): the push holds them while it writes; they are sent after it, or resolved in Drafts.
   */
  unsentChanges: z
    .array(z.object({ resource: z.string(), operation: z.string(), title: z.string(), state: z.string() }))
    .optional(),
});
export type FolderPushPlan = z.infer<typeof FolderPushPlanSchema>;

/** Plans a push that deletes nothing; what to delete is chosen at the start, from the plan's list. */
export const FolderPushPlanInput = z.object({ courseId: Uuid, folder: Id }).strict();

/** Sections and lessons not in the folder to delete, by id: main checks each against the plan. */
export const FolderPushRemoveSchema = z
  .object({ sections: z.array(Id).max(10_000), lessons: z.array(Id).max(100_000) })
  .strict();
export type FolderPushRemove = z.infer<typeof FolderPushRemoveSchema>;

/** A plan or a push by its plan id: the plan the user cancelled, the finished push they dismissed. */
export const FolderPushPlanRef = z.object({ planId: Id }).strict();

/** Starts a planned push. A push that deletes must say so again here (the explicit opt-in). */
export const FolderPushStartInput = z
  .object({ planId: Id, confirmDelete: z.literal(true).optional(), remove: FolderPushRemoveSchema.optional() })
  .strict();

export const FolderPushOutcomeSchema = z.object({
  sectionsCreated: z.number(),
  sectionsUpdated: z.number(),
  sectionsMoved: z.number(),
  lessonsCreated: z.number(),
  lessonsUpdated: z.number(),
  lessonsMoved: z.number(),
  videosUploaded: z.number(),
  sectionsDeleted: z.number(),
  lessonsDeleted: z.number(),
  /** Each section and lesson created, renamed, put in order, replaced or deleted (say them with pushEventSentence). */
  events: z.array(PushEventSchema),
  failed: z.array(z.object({ key: z.string(), code: z.string(), message: z.string() })),
});
export type FolderPushOutcome = z.infer<typeof FolderPushOutcomeSchema>;

export const FolderPushProgressSchema = z.object({ planId: Id, courseId: z.string(), message: z.string() });

export const FolderPushFinishedSchema = z.object({
  planId: Id,
  courseId: z.string(),
  /** done: every entry made; partial: some videos failed; refused: the server lacks a structure
   * operation (nothing was made); failed: stopped by an error; cancelled: the workspace closed. */
  status: z.enum(['done', 'partial', 'refused', 'failed', 'cancelled']),
  message: z.string(),
  outcome: FolderPushOutcomeSchema.nullable(),
});
export type FolderPushFinished = z.infer<typeof FolderPushFinishedSchema>;

/** Progress lines a push's log keeps (the latest ones), in main and in the window alike. */
export const FOLDER_PUSH_KEPT_LINES = 6;

/**
 * The workspace's current folder push as main holds it, so a window that reloads shows it again:
 * running, or finished (with its end) until dismissed. The folder by its handle and name only.
 */
export const FolderPushCurrentSchema = z.object({
  folder: FolderHandleSchema,
  plan: FolderPushPlanSchema,
  step: z.enum(['pushing', 'finished']),
  progress: z.array(z.string()),
  end: FolderPushFinishedSchema.nullable(),
});
export type FolderPushCurrent = z.infer<typeof FolderPushCurrentSchema>;
