/**
 * Shared (every process; types only in the renderer). The one IPC contract: every request channel
 * (name → input and output zod schemas) and every event channel (main → renderer pushes). Main
 * implements it (src-main/ipc), the preload builds `window.lectern` from it with one function per
 * channel, and the bridge host carries the same channels over loopback. The schemas themselves
 * live in the topic files next to this one.
 */
import { z } from 'zod';
import * as api from './api/schemas.ts';
import { AppInfoSchema, EchoInputSchema, EchoOutputSchema, HealthSchema, RequestLogEntrySchema } from './app.ts';
import { cached, Id, NoInput, Ok, PageQuery, Uuid } from './common.ts';
import {
  AssessmentListQuery,
  CourseDetailSchema,
  CourseListQuery,
  PaletteHitSchema,
  PalettePrepareSchema,
  PaletteSearchInput,
  PaletteServerSearchSchema,
} from './content.ts';
import { DiagnosticsSchema } from './diagnostics.ts';
import {
  AssignmentRecordSchema,
  DraftParent,
  DraftSchema,
  DraftSummarySchema,
  FieldsInput,
  OutboxItemSchema,
  SyncStatusSchema,
} from './drafts.ts';
import {
  FolderHandleSchema,
  FolderPushCurrentSchema,
  FolderPushFinishedSchema,
  FolderPushPlanInput,
  FolderPushPlanRef,
  FolderPushPlanSchema,
  FolderPushProgressSchema,
  FolderPushStartInput,
} from './folder-push.ts';
import { LessonRefSchema, PendingLessonDeleteSchema } from './lessons.ts';
import type { Result } from './results.ts';
import { RESOURCE_KINDS } from './states.ts';
import {
  MissingOperationSchema,
  PendingSectionDeleteSchema,
  PreviewVideoSchema,
  PreviewVideoSetInput,
  SectionCreateInput,
  SectionRefSchema,
} from './structure.ts';
import {
  FileHandleSchema,
  SetUploadOptionsInput,
  StagedFileCheckSchema,
  UploadBatchEndedSchema,
  UploadOptionsSchema,
  UploadRowSchema,
  UploadsAddInput,
  UploadsCheckInput,
} from './uploads.ts';
import type { FileHandle } from './uploads.ts';
import {
  ProfileDraftSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  SetKeyInputSchema,
  VerificationSchema,
  WorkspaceListSchema,
} from './workspaces.ts';
import { pickerChannels } from './picker.ts';
import { updateChannels, updateEvents } from './updates.ts';
import { LanguageStateSchema, SetLanguageInput } from './i18n.ts';

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): { input: I; output: O } {
  return { input, output };
}

const ById = z.object({ id: Id }).strict();
const ByOptionalId = z.object({ id: Id.optional() }).strict();
const ByUuid = z.object({ id: Uuid }).strict();

/** Names are `<group>.<method>`; the preload exposes them as lectern.group.method. */
export const requestChannels = {
  'app.info': channel(NoInput, AppInfoSchema),
  'app.health': channel(NoInput, HealthSchema),
  /** Round trip with validated input; proves the path and is used by contract tests. */
  'app.echo': channel(EchoInputSchema, EchoOutputSchema),
  /** Recent API calls (method, path, status, duration, attempt): no bodies, no headers. */
  'app.requestLog': channel(NoInput, z.array(RequestLogEntrySchema)),
  /** The language setting, the locale it picks and that locale's messages (read before the first render). */
  'app.language': channel(NoInput, LanguageStateSchema),
  'app.setLanguage': channel(SetLanguageInput, LanguageStateSchema),

  'workspaces.list': channel(NoInput, WorkspaceListSchema),
  'workspaces.add': channel(ProfileDraftSchema, VerificationSchema),
  'workspaces.update': channel(ProfileUpdateSchema, ProfileSchema),
  'workspaces.setKey': channel(SetKeyInputSchema, VerificationSchema),
  'workspaces.test': channel(ById, VerificationSchema),
  'workspaces.remove': channel(z.object({ id: Id, confirm: z.literal(true) }).strict(), Ok),
  'workspaces.activate': channel(ById, ProfileSchema),

  'categories.list': channel(NoInput, cached(z.array(api.category))),
  'courses.list': channel(CourseListQuery, cached(api.pageOf(api.course))),
  'courses.get': channel(ByUuid, cached(CourseDetailSchema)),
  /** Queues the delete; it waits LESSON_DELETE_DELAY_MS in the outbox (undo: lessons.undoDelete). */
  'lessons.delete': channel(LessonRefSchema, PendingLessonDeleteSchema),
  /** Opens (or returns the existing) draft for editing a lesson. */
  'lessons.edit': channel(LessonRefSchema, DraftSchema),
  /** Moves a lesson to a 1-based position in its section: an update sending only `order`, through
   * the outbox; the cached section shows the move at once and the server's answer reconciles it. */
  'lessons.move': channel(LessonRefSchema.extend({ position: z.int().min(1).max(2_147_483_647) }).strict(), Ok),
  /** "Undo" of a lesson delete that has not been sent yet. */
  'lessons.undoDelete': channel(z.object({ draftId: Id }).strict(), Ok),
  /** Lesson work of a course waiting in the outbox: deletes (with their send time) and new lessons. */
  'lessons.pending': channel(
    z.object({ courseId: Uuid }).strict(),
    z.object({ deletes: z.array(PendingLessonDeleteSchema), creates: z.array(DraftSummarySchema) }),
  ),
  /** A new section, queued at once through the outbox with its Idempotency-Key (works offline). */
  'sections.create': channel(SectionCreateInput, DraftSchema),
  /** Opens (or returns the existing) draft for renaming or describing a section. */
  'sections.edit': channel(SectionRefSchema, DraftSchema),
  /** Moves a section to a 1-based position: an update sending only `order`, through the outbox. */
  'sections.move': channel(SectionRefSchema.extend({ position: z.int().min(1).max(2_147_483_647) }).strict(), Ok),
  /** Renames (and describes) a section through the outbox; the cached course shows it at once. */
  'sections.rename': channel(
    SectionRefSchema.extend({
      title: z.string().trim().min(1).max(255),
      description: z.string().max(100_000).optional(),
    }).strict(),
    Ok,
  ),
  /** Queues the delete of a section; it waits SECTION_DELETE_DELAY_MS (undo: sections.undoDelete).
   * A section that holds lessons is refused unless `withLessons` asks for them by name. */
  'sections.delete': channel(
    SectionRefSchema.extend({ withLessons: z.literal(true).optional() }).strict(),
    PendingSectionDeleteSchema,
  ),
  'sections.undoDelete': channel(z.object({ draftId: Id }).strict(), Ok),
  /** Section work of a course waiting in the outbox (deletes with their refusal, new sections). */
  'sections.pending': channel(
    z.object({ courseId: Uuid }).strict(),
    z.object({
      deletes: z.array(PendingSectionDeleteSchema),
      creates: z.array(DraftSummarySchema),
      /** New titles still waiting to be sent (shown at once, marked as waiting). */
      renames: z.array(z.object({ sectionId: Uuid, title: z.string(), state: DraftSummarySchema.shape.state })),
    }),
  ),
  /** Opens (or returns the existing) draft of a course's details. */
  'courses.edit': channel(ByUuid, DraftSchema),
  /** Operations this workspace's server does not offer (remembered per workspace). */
  'structure.missing': channel(NoInput, z.array(MissingOperationSchema)),
  /** Where the course's preview video stands (upload, attach, processing). */
  'courses.previewVideo': channel(z.object({ courseId: Uuid }).strict(), PreviewVideoSchema),
  /** A picked file (by handle) becomes the course's preview video: checked by its bytes, uploaded, then attached through the outbox. */
  'courses.setPreviewVideo': channel(PreviewVideoSetInput, PreviewVideoSchema),
  /** Removes the preview video (`preview_video_upload_id: null` through the outbox). */
  'courses.removePreviewVideo': channel(z.object({ courseId: Uuid }).strict(), PreviewVideoSchema),
  /** "Check again": forget them, so the next write asks the server. */
  'structure.recheck': channel(NoInput, Ok),
  'quizzes.list': channel(PageQuery, cached(api.pageOf(api.quiz))),
  'assessments.list': channel(AssessmentListQuery, cached(api.pageOf(api.assessment))),
  'assessments.get': channel(
    z.object({ id: Uuid, refresh: z.literal(true).optional() }).strict(),
    cached(api.assessment),
  ),
  'assessments.delete': channel(ByUuid, Ok),

  'drafts.list': channel(NoInput, z.array(DraftSummarySchema)),
  'drafts.get': channel(ById, DraftSchema),
  /** Opens (or returns the existing) draft for editing a server resource. */
  'drafts.edit': channel(z.object({ resource: z.literal('assessment'), serverId: Uuid }).strict(), DraftSchema),
  /** A new resource; its Idempotency-Key is made now and kept with the draft. */
  'drafts.create': channel(
    z
      .object({ resource: z.enum(RESOURCE_KINDS), parent: DraftParent.optional(), fields: FieldsInput.optional() })
      .strict(),
    DraftSchema,
  ),
  'drafts.save': channel(z.object({ id: Id, changes: FieldsInput }).strict(), DraftSchema),
  /** "Save to server": saves `changes` (the form's last values, if any), then queues the draft in
   * the outbox in the same transaction: one call for the one intention. */
  'drafts.submit': channel(z.object({ id: Id, changes: FieldsInput.optional() }).strict(), DraftSchema),
  'drafts.discard': channel(ById, Ok),
  'drafts.resolve': channel(
    z.object({ id: Id, choices: z.record(z.string(), z.enum(['mine', 'theirs'])) }).strict(),
    DraftSchema,
  ),
  /** Takes a queued draft (not yet sending) out of the outbox so it can be edited again. */
  'drafts.reopen': channel(ById, DraftSchema),
  /** Sends a failed draft again (same Idempotency-Key for creates). */
  'drafts.retry': channel(ById, DraftSchema),
  'outbox.list': channel(NoInput, z.array(OutboxItemSchema)),
  'sync.status': channel(NoInput, SyncStatusSchema),
  'sync.checkNow': channel(NoInput, SyncStatusSchema),
  /** "Check again": forget the writes this key was refused, so the next change asks the server. */
  'sync.recheckWrites': channel(NoInput, SyncStatusSchema),

  'uploads.list': channel(NoInput, z.array(UploadRowSchema)),
  /** Opens main's own file dialog; only files chosen there (or dropped) can be uploaded. */
  'uploads.pickFiles': channel(
    z.object({ folder: z.boolean().optional() }).strict().optional(),
    z.array(FileHandleSchema),
  ),
  'uploads.add': channel(UploadsAddInput, z.array(UploadRowSchema)),
  'uploads.pause': channel(ByOptionalId, Ok),
  'uploads.resume': channel(ByOptionalId, Ok),
  'uploads.cancel': channel(ById, Ok),
  'uploads.retry': channel(ById, Ok),
  /** Removes finished uploads from the list (their lessons keep their videos). */
  'uploads.clearFinished': channel(NoInput, z.object({ cleared: z.number().int().nonnegative() }).strict()),
  'uploads.setTitle': channel(z.object({ id: Id, title: z.string().trim().min(1).max(255) }).strict(), Ok),
  /** Preload only (see DROPPED_FILES_CHANNEL): refused by the bridge host, absent from the generic bridge. */
  'uploads.registerDropped': channel(
    z
      .object({
        paths: z.array(z.string().min(1).max(4096)).min(1).max(500),
        /** One dropped folder to push as a course: answers its folder handle (size 0). */
        folder: z.literal(true).optional(),
      })
      .strict(),
    z.array(FileHandleSchema),
  ),
  'uploads.setOptions': channel(SetUploadOptionsInput, Ok),
  /** Checks staged files (by handle) against their bytes, the journal and the chosen section's lessons. */
  'uploads.check': channel(UploadsCheckInput, z.array(StagedFileCheckSchema)),
  /** Searches the cache only (never the network), so the palette works offline. */
  'palette.search': channel(PaletteSearchInput, z.array(PaletteHitSchema)),
  /** Starts reading, in the background, the outlines of listed courses not opened yet, so the
   * palette finds their sections and lessons; `reading` = how many (each lands as `cache.updated`). */
  'palette.prepare': channel(NoInput, PalettePrepareSchema),
  /** Asks the server's own search (courses, assessments, quizzes; one small page each), online only. */
  'palette.searchServer': channel(PaletteSearchInput, PaletteServerSearchSchema),
  'assignments.history': channel(NoInput, z.array(AssignmentRecordSchema)),
  'uploads.getOptions': channel(NoInput, UploadOptionsSchema),

  /** Opens main's folder dialog for a folder to push into a course; null when cancelled. */
  'folderPush.pickFolder': channel(NoInput, FolderHandleSchema.nullable()),
  /** Plans a push of a chosen folder into a course: reads the folder and the course, sends no write. */
  'folderPush.plan': channel(FolderPushPlanInput, FolderPushPlanSchema),
  /** Starts a planned push (the same engine as `lectern course push`); progress and end come as events. */
  'folderPush.start': channel(FolderPushStartInput, Ok),
  /** The workspace's current push (running, or finished until dismissed), or null: asked when a window starts. */
  'folderPush.current': channel(NoInput, FolderPushCurrentSchema.nullable()),
  /** Cancel on a plan: main lets the plan go (it can no longer be started). */
  'folderPush.discard': channel(FolderPushPlanRef, Ok),
  /** Dismiss on a finished push: main forgets its result, so no window shows it again. */
  'folderPush.dismiss': channel(FolderPushPlanRef, Ok),

  'diagnostics.get': channel(NoInput, DiagnosticsSchema),

  /** Picking files and folders where there is no native dialog (picker.ts). */
  ...pickerChannels,
  /** The app's own updates: status, "Check now", "Restart now", the setting (updates.ts). */
  ...updateChannels,
} as const;

/**
 * The preload turns dropped File objects into paths (webUtils.getPathForFile) and hands them to
 * main, which answers with handles. The renderer only ever sees `lectern.files.registerDropped`.
 */
export const DROPPED_FILES_CHANNEL = 'uploads.registerDropped';

/** The kinds of read main's offline cache keeps: what `cache.updated` names and screens follow. */
export const CACHE_KINDS = [
  'categories',
  'courses',
  'course',
  'sections',
  'quizzes',
  'assessments',
  'assessment',
] as const;
export const CacheKindSchema = z.enum(CACHE_KINDS);
export type CacheKind = z.infer<typeof CacheKindSchema>;

/** What a notice describes: a kind of change this key was refused, or being without the server. */
export const AppNoticeConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('writes-refused'), resource: z.enum(RESOURCE_KINDS) }),
  z.object({ kind: z.literal('offline') }),
]);
export type AppNoticeCondition = z.infer<typeof AppNoticeConditionSchema>;

export const eventChannels = {
  /** Periodic heartbeat so the renderer can tell the bridge is alive. */
  'app.heartbeat': z.object({ at: z.string() }),
  /** Something the user must be told (a damaged database moved aside, a journal reset). */
  'app.notice': z.object({
    level: z.enum(['info', 'warning', 'error']),
    message: z.string(),
    /** What it describes: the renderer takes it away once main's sync status says it no longer holds. */
    condition: AppNoticeConditionSchema.optional(),
    /** The workspace it is about (absent: the app's own, e.g. the workspace list). */
    workspaceId: Id.optional(),
  }),
  'workspaces.changed': z.object({ activeId: Id.nullable() }),
  'sync.status': SyncStatusSchema,
  'drafts.changed': z.object({ ids: z.array(Id) }),
  'outbox.changed': z.object({ count: z.number() }),
  /** A background refresh wrote new data: screens showing these kinds re-read. */
  'cache.updated': z.object({ kinds: z.array(CacheKindSchema) }),
  /** An upload changed state (or was added): its row, sent at once. */
  'uploads.changed': UploadRowSchema,
  /** Bytes moved: the latest row of every file that moved, at most one batch per 100 ms. */
  'uploads.progress': z.object({ rows: z.array(UploadRowSchema) }),
  'uploads.batchEnded': UploadBatchEndedSchema,
  /** The server was just found not to offer a course-structure operation (said once per workspace). */
  'structure.missing': MissingOperationSchema,
  /** A folder push says what it is doing ("Created section …"). */
  'folderPush.progress': FolderPushProgressSchema,
  'folderPush.finished': FolderPushFinishedSchema,
  /** Where the app's own update stands (checking, downloading, ready and waiting, …). */
  ...updateEvents,
} as const;

/** Electron IPC channel names are prefixed so they never collide with Electron's own. */
export const IPC_PREFIX = 'lectern:';
export const EVENT_PREFIX = 'lectern-event:';

export type RequestChannels = typeof requestChannels;
export type ChannelName = keyof RequestChannels;
export type EventName = keyof typeof eventChannels;
export type ChannelInput<K extends ChannelName> = z.input<RequestChannels[K]['input']>;
export type ChannelOutput<K extends ChannelName> = z.output<RequestChannels[K]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof eventChannels)[E]>;

export const channelNames = Object.keys(requestChannels) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(requestChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type MethodOf<K, G extends string> = K extends `${G}.${infer M}` ? M : never;
type ChannelGroup = GroupOf<ChannelName>;

type ChannelFunction<K extends ChannelName> =
  undefined extends ChannelInput<K>
    ? (input?: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>
    : (input: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>;

/** A DOM `File` in the renderer, named by the fields the bridge relies on so this layer needs no DOM types. */
interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** The shape of `window.lectern`: one function per channel, grouped, plus typed events. */
export type LecternBridge = {
  [G in ChannelGroup]: {
    [K in Exclude<ChannelName, typeof DROPPED_FILES_CHANNEL> as MethodOf<K, G>]: ChannelFunction<K>;
  };
} & {
  files: {
    /** Files dropped on the window become main-issued handles; paths never reach the renderer.
     * With `folder`, the one dropped folder becomes a folder handle (to push as a course). */
    registerDropped(files: readonly DroppedFile[], options?: { folder?: true }): Promise<Result<FileHandle[]>>;
  };
  events: {
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  };
};
