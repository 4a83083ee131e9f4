/**
 * Shared by main, preload and renderer (types only in the renderer).
 *
 * The one IPC contract: every request channel (name → input and output zod schemas) and every
 * event channel (main → renderer pushes). Main implements it in `src-main/ipc/handlers.ts`, the
 * preload builds `window.lectern` from it with one function per channel, and the bridge host
 * carries the same channels over loopback. Nothing in here may import Node or Electron.
 */
import { z } from 'zod';
import * as api from '../src-main/api/schemas.ts';

/** What crosses IPC when a call fails: never a stack trace, never an Error object. */
export const IpcErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type IpcError = z.infer<typeof IpcErrorSchema>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: IpcError };

const NoInput = z.undefined();

function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): { input: I; output: O } {
  return { input, output };
}

// ---------------------------------------------------------------------------------------------
// app

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  versions: z.object({ node: z.string(), electron: z.string().nullable(), chrome: z.string().nullable() }),
  transport: z.enum(['electron', 'bridge']),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const HealthSchema = z.object({
  ok: z.boolean(),
  checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string() })),
});
export type Health = z.infer<typeof HealthSchema>;

export const EchoInputSchema = z.object({ text: z.string().min(1).max(200) }).strict();

// ---------------------------------------------------------------------------------------------
// Shared shapes. API resources come from the API client's schemas (pure zod, no Node).

export const ApiResources = {
  category: api.category,
  course: api.course,
  section: api.section,
  lesson: api.lesson,
  quiz: api.quiz,
  assessment: api.assessment,
  assignment: api.assignment,
};
export type Course = z.infer<typeof api.course>;
export type Category = z.infer<typeof api.category>;
export type Section = z.infer<typeof api.section>;
export type Lesson = z.infer<typeof api.lesson>;
export type Quiz = z.infer<typeof api.quiz>;
export type Assessment = z.infer<typeof api.assessment>;
/** A status the app sends as a filter (the reference's list; a server may answer others). */
export type ContentStatus = (typeof api.CONTENT_STATUSES)[number];

/** Limits the renderer's forms enforce as the user types (the same schemas the client sends). */
export const FormSchemas = {
  assessmentUpdate: api.assessmentUpdateBody,
  assignmentCreate: api.assignmentCreateBody,
};
export const Enums = {
  sources: api.SOURCES,
  assessmentTypes: api.ASSESSMENT_TYPES,
  organizationStrategies: api.ORGANIZATION_STRATEGIES,
  seatLayouts: api.SEAT_LAYOUTS,
  statuses: api.CONTENT_STATUSES,
  courseLevels: api.COURSE_LEVELS,
} as const;
export const MAX_DURATION = api.MAX_INT32;

const Id = z.string().min(1).max(100);
const Uuid = z.guid();
const IsoTime = z.string();

/** Anything read through the offline cache says where it came from and how old it is. */
function cached<T extends z.ZodType>(data: T) {
  return z.object({
    data: data.nullable(),
    fetchedAt: IsoTime.nullable(),
    stale: z.boolean(),
    /** Set when a refresh failed and the cached copy (if any) is all there is. */
    offlineReason: z.string().nullable(),
  });
}
export type Cached<T> = { data: T | null; fetchedAt: string | null; stale: boolean; offlineReason: string | null };

const PageQuery = z
  .object({
    page: z.int().min(1).max(100_000).optional(),
    pageSize: z.int().min(1).max(100).optional(),
    search: z.string().max(200).optional(),
    /** Ask the server now rather than when the copy has aged (the user's "Refresh"). */
    refresh: z.literal(true).optional(),
  })
  .strict();

// workspaces -----------------------------------------------------------------------------------

export const ENVIRONMENTS = ['production', 'staging', 'custom', 'sandbox'] as const;
export const KEY_MODES = ['tenant', 'service-provider'] as const;

export const CapabilitiesSchema = z.object({
  assessments: z.boolean(),
  assignments: z.boolean(),
  /** One line shown where tenant-only features are hidden. */
  reason: z.string().nullable(),
});

export const ProfileSchema = z.object({
  id: Id,
  name: z.string(),
  environment: z.enum(ENVIRONMENTS),
  baseUrl: z.string(),
  keyMode: z.enum(KEY_MODES),
  lastVerifiedAt: IsoTime.nullable(),
  hasKey: z.boolean(),
  /** At most the last four characters of the key; the key itself never leaves main. */
  keyHint: z.string().max(4).nullable(),
  isActive: z.boolean(),
  capabilities: CapabilitiesSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

const ProfileName = z.string().trim().min(1, 'Give the workspace a name.').max(80);
const BaseUrl = z
  .string()
  .trim()
  .url('Enter the server address, e.g. https://api.example.com')
  .refine((u) => /^https?:\/\//i.test(u), 'The address must start with http:// or https://');
/** Typed once into the key field and sent to main on save; never sent back. */
const ApiKeyInput = z.string().trim().min(8, 'That is too short to be an API key.').max(4096);

export const ProfileDraftSchema = z
  .object({
    name: ProfileName,
    environment: z.enum(['production', 'staging', 'custom']),
    baseUrl: BaseUrl,
    keyMode: z.enum(KEY_MODES),
    apiKey: ApiKeyInput,
  })
  .strict();

export const VerificationSchema = z.object({
  profile: ProfileSchema,
  verifiedMode: z.enum(KEY_MODES).nullable(),
  warning: z.string().nullable(),
});

// drafts, outbox and sync ----------------------------------------------------------------------

export const RESOURCE_KINDS = ['assessment', 'assignment', 'lesson'] as const;
/** `delete`: a delete waiting in the outbox a few seconds (so it can be undone) before it is sent. */
export const DRAFT_OPERATIONS = ['create', 'update', 'delete'] as const;
export const DRAFT_STATES = [
  'editing',
  'queued',
  'sending',
  'failed',
  'conflict',
  'sent',
  'deleted-on-server',
] as const;

const Fields = z.record(z.string(), z.unknown());

/** Limits on draft fields coming from the renderer: plenty for any form, far from a stack overflow. */
export const DRAFT_FIELD_LIMITS = { depth: 12, nodes: 20_000, stringLength: 200_000, keyLength: 200 } as const;

/**
 * Why a value is not JSON within DRAFT_FIELD_LIMITS, or null. Walks with an explicit stack, so a
 * value nested 100,000 deep is refused here instead of overflowing whatever recurses over it later.
 */
export function boundedJsonProblem(root: unknown): string | null {
  const limits = DRAFT_FIELD_LIMITS;
  const stack: [unknown, number][] = [[root, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (++nodes > limits.nodes) return `too many values (more than ${limits.nodes})`;
    if (value === null || typeof value === 'boolean') continue;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) return 'a number that is not finite';
      continue;
    }
    if (typeof value === 'string') {
      if (value.length > limits.stringLength) return `a text longer than ${limits.stringLength} characters`;
      continue;
    }
    if (typeof value !== 'object') return `a ${typeof value}, which is not JSON`;
    if (depth >= limits.depth) return `nested deeper than ${limits.depth} levels`;
    if (Array.isArray(value)) {
      for (const item of value) stack.push([item, depth + 1]);
      continue;
    }
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return 'an object that is not plain JSON';
    for (const [key, item] of Object.entries(value)) {
      if (key.length > limits.keyLength) return `a field name longer than ${limits.keyLength} characters`;
      stack.push([item, depth + 1]);
    }
  }
  return null;
}

/** Draft fields as the renderer may send them: a JSON object within DRAFT_FIELD_LIMITS. */
const FieldsInput = z.record(z.string(), z.unknown()).superRefine((fields, ctx) => {
  const problem = boundedJsonProblem(fields);
  if (problem) ctx.addIssue({ code: 'custom', message: `Draft fields must be plain JSON; these contain ${problem}.` });
});
const FieldErrorItem = z.object({ field: z.string(), code: z.string(), message: z.string() });
export const SyncErrorSchema = z.object({
  code: z.string(),
  kind: z.string(),
  message: z.string(),
  status: z.number().nullable(),
  fieldErrors: z.array(FieldErrorItem),
});
export type SyncError = z.infer<typeof SyncErrorSchema>;

const DraftParent = z.object({ courseId: Uuid.optional(), sectionId: Uuid.optional() }).strict();

export const DraftSummarySchema = z.object({
  id: Id,
  resource: z.enum(RESOURCE_KINDS),
  operation: z.enum(DRAFT_OPERATIONS),
  serverId: z.string().nullable(),
  parent: DraftParent,
  state: z.enum(DRAFT_STATES),
  title: z.string(),
  /** False for a draft opened and never changed (nothing to send). */
  hasChanges: z.boolean(),
  revision: z.number(),
  error: SyncErrorSchema.nullable(),
  inDoubt: z.boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type DraftSummary = z.infer<typeof DraftSummarySchema>;

export const FieldConflictSchema = z.object({
  field: z.string(),
  base: z.unknown(),
  mine: z.unknown(),
  theirs: z.unknown(),
});

export const DraftSchema = DraftSummarySchema.extend({
  base: Fields.nullable(),
  baseUpdatedAt: IsoTime.nullable(),
  changes: Fields,
  values: Fields,
  hasIdempotencyKey: z.boolean(),
  fieldErrors: z.record(z.string(), z.string()),
  conflict: z
    .object({ theirsUpdatedAt: IsoTime.nullable(), theirs: Fields, fields: z.array(FieldConflictSchema) })
    .nullable(),
  result: Fields.nullable(),
});
export type Draft = z.infer<typeof DraftSchema>;

export const OutboxItemSchema = z.object({
  seq: z.number(),
  draftId: Id,
  resource: z.enum(RESOURCE_KINDS),
  operation: z.enum(DRAFT_OPERATIONS),
  title: z.string(),
  state: z.enum(['queued', 'sending', 'failed']),
  attempts: z.number(),
  nextAttemptAt: IsoTime.nullable(),
  lastError: SyncErrorSchema.nullable(),
  inDoubt: z.boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

export const CONNECTIVITY_STATES = ['online', 'offline', 'unreachable', 'key-rejected'] as const;
export const SyncStatusSchema = z.object({
  state: z.enum(CONNECTIVITY_STATES),
  since: IsoTime,
  lastCheckedAt: IsoTime.nullable(),
  message: z.string().nullable(),
  outbox: z.object({ count: z.number(), queued: z.number(), sending: z.number(), failed: z.number() }),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

// lesson authoring ---------------------------------------------------------------------------

/** How long a lesson delete waits in the outbox before it is sent (its "Undo" window). */
export const LESSON_DELETE_DELAY_MS = 5_000;

export const PendingLessonDeleteSchema = z.object({
  draftId: Id,
  lessonId: Uuid,
  courseId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  state: z.enum(['queued', 'sending', 'failed']),
  /** Not sent before this time. */
  sendAt: IsoTime,
  /** The request may have reached the server: undo is no longer possible. */
  inDoubt: z.boolean(),
  error: SyncErrorSchema.nullable(),
});
export type PendingLessonDelete = z.infer<typeof PendingLessonDeleteSchema>;

// uploads ----------------------------------------------------------------------------------------

export const UPLOAD_STATES = [
  'queued',
  'uploading',
  'paused',
  'completing',
  'attaching',
  'done',
  'failed',
  'cancelled',
  'changed',
  // The server (API or storage) cannot be reached; the upload continues by itself once it can.
  'waiting',
] as const;

const Problem = z.object({ code: z.string(), message: z.string() });

export const LessonTargetSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('new'), courseId: Uuid, sectionId: Uuid, title: z.string().trim().min(1).max(255) })
    .strict(),
  z.object({ kind: z.literal('replace'), courseId: Uuid, sectionId: Uuid, lessonId: Uuid }).strict(),
]);
export type LessonTarget = z.infer<typeof LessonTargetSchema>;

export const UploadRowSchema = z.object({
  id: Id,
  fileName: z.string(),
  target: LessonTargetSchema,
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

/** What main applies to uploads now (the Uploads screen shows it after navigating back). */
export const UploadOptionsSchema = z.object({
  concurrency: z.int().min(1),
  bandwidthBytesPerSec: z.int().min(1).nullable(),
});

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

// upload pre-flight: what main read from each staged file before any upload session ---------------

export const DUPLICATE_KINDS = ['in-section', 'uploaded', 'queued', 'batch', 'similar-lesson'] as const;

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

const stagingChannels = {
  /** Checks staged files (by handle) against their bytes, the journal and the chosen section's lessons. */
  'uploads.check': channel(
    z
      .object({
        handles: z.array(Id).min(1).max(500),
        section: z.object({ courseId: Uuid, sectionId: Uuid }).strict().optional(),
      })
      .strict(),
    z.array(StagedFileCheckSchema),
  ),
} as const;
// command palette and assignment history --------------------------------------------------------

export const PaletteHitSchema = z.object({
  kind: z.enum(['course', 'section', 'lesson', 'assessment']),
  id: z.string(),
  title: z.string(),
  detail: z.string().nullable(),
  courseId: z.string().nullable(),
  sectionId: z.string().nullable(),
});
export type PaletteHit = z.infer<typeof PaletteHitSchema>;

export const AssignmentRecordSchema = z.object({
  draftId: Id,
  title: z.string(),
  state: z.enum(DRAFT_STATES),
  serverId: z.string().nullable(),
  status: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  className: z.string().nullable(),
  submissionDate: z.string().nullable(),
  errorMessage: z.string().nullable(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type AssignmentRecord = z.infer<typeof AssignmentRecordSchema>;

const authoringChannels = {
  /** Searches the cache only (never the network), so the palette works offline. */
  'palette.search': channel(
    z.object({ text: z.string().max(200), limit: z.int().min(1).max(50).optional() }).strict(),
    z.array(PaletteHitSchema),
  ),
  'assignments.history': channel(NoInput, z.array(AssignmentRecordSchema)),
};

// ---------------------------------------------------------------------------------------------
// Diagnostics (a screen and `lectern diagnostics`): nothing here may carry the API key; main
// scrubs the key and every 8-character piece of it from all text before it crosses.

export const DeviationSchema = z.object({
  operation: z.string(),
  jsonPath: z.string(),
  expected: z.string(),
  received: z.string(),
  count: z.number(),
  firstSeen: IsoTime,
  lastSeen: IsoTime,
});
export type ContractDeviation = z.infer<typeof DeviationSchema>;

export const DiagnosticsSchema = z.object({
  generatedAt: IsoTime,
  app: AppInfoSchema.extend({ arch: z.string(), transport: z.enum(['electron', 'bridge', 'cli']) }),
  workspace: z.object({ name: z.string(), environment: z.string(), baseUrl: z.string() }).nullable(),
  connectivity: z.array(z.object({ at: IsoTime, state: z.string(), message: z.string().nullable() })),
  requests: z.array(
    z.object({
      at: IsoTime,
      operation: z.string(),
      method: z.string(),
      path: z.string(),
      status: z.number().nullable(),
      durationMs: z.number(),
      attempt: z.number(),
      outcome: z.string(),
    }),
  ),
  deviations: z.array(DeviationSchema),
  errors: z.array(z.object({ at: IsoTime, source: z.string(), message: z.string() })),
  dataFolder: z.object({ path: z.string(), bytes: z.number() }),
  /** The same, as the redacted text "Copy report" copies. */
  report: z.string(),
});
export type Diagnostics = z.infer<typeof DiagnosticsSchema>;

// ---------------------------------------------------------------------------------------------
// The channel map. Names are `<group>.<method>`; the preload exposes them as lectern.group.method.

const Ok = z.object({ ok: z.literal(true) });

export const requestChannels = {
  'app.info': channel(NoInput, AppInfoSchema),
  'app.health': channel(NoInput, HealthSchema),
  /** Round trip with validated input; proves the path and is used by contract tests. */
  'app.echo': channel(EchoInputSchema, z.object({ text: z.string(), receivedAt: z.string() })),
  /** Recent API calls (method, path, status, duration, attempt): no bodies, no headers. */
  'app.requestLog': channel(
    NoInput,
    z.array(
      z.object({
        at: IsoTime,
        method: z.string(),
        path: z.string(),
        status: z.number().nullable(),
        durationMs: z.number(),
        attempt: z.number(),
      }),
    ),
  ),

  'workspaces.list': channel(NoInput, z.object({ profiles: z.array(ProfileSchema), activeId: Id.nullable() })),
  'workspaces.add': channel(ProfileDraftSchema, VerificationSchema),
  'workspaces.update': channel(
    z
      .object({
        id: Id,
        name: ProfileName.optional(),
        environment: z.enum(['production', 'staging', 'custom']).optional(),
        baseUrl: BaseUrl.optional(),
        keyMode: z.enum(KEY_MODES).optional(),
        /** Required when `baseUrl` changes on a workspace with a key: keys are bound to their address. */
        apiKey: ApiKeyInput.optional(),
      })
      .strict(),
    ProfileSchema,
  ),
  'workspaces.setKey': channel(z.object({ id: Id, apiKey: ApiKeyInput }).strict(), VerificationSchema),
  'workspaces.test': channel(z.object({ id: Id }).strict(), VerificationSchema),
  'workspaces.remove': channel(z.object({ id: Id, confirm: z.literal(true) }).strict(), Ok),
  'workspaces.activate': channel(z.object({ id: Id }).strict(), ProfileSchema),

  'categories.list': channel(NoInput, cached(z.array(api.category))),
  'courses.list': channel(
    PageQuery.extend({ category: Uuid.optional(), status: z.enum(api.CONTENT_STATUSES).optional() }).strict(),
    cached(api.pageOf(api.course)),
  ),
  'courses.get': channel(
    z.object({ id: Uuid }).strict(),
    cached(z.object({ course: api.course, sections: z.array(api.section) })),
  ),
  /** Queues the delete; it waits LESSON_DELETE_DELAY_MS in the outbox (undo: lessons.undoDelete). */
  'lessons.delete': channel(
    z.object({ courseId: Uuid, sectionId: Uuid, id: Uuid }).strict(),
    PendingLessonDeleteSchema,
  ),
  // lesson authoring ---------------------------------------------------------------------------
  /** Opens (or returns the existing) draft for editing a lesson. */
  'lessons.edit': channel(z.object({ courseId: Uuid, sectionId: Uuid, id: Uuid }).strict(), DraftSchema),
  /** Moves a lesson to a 1-based position in its section: an update sending only `order`, through
   * the outbox; the cached section shows the move at once and the server's answer reconciles it. */
  'lessons.move': channel(
    z.object({ courseId: Uuid, sectionId: Uuid, id: Uuid, position: z.int().min(1).max(2_147_483_647) }).strict(),
    Ok,
  ),
  /** "Undo" of a lesson delete that has not been sent yet. */
  'lessons.undoDelete': channel(z.object({ draftId: Id }).strict(), Ok),
  /** Lesson work of a course waiting in the outbox: deletes (with their send time) and new lessons. */
  'lessons.pending': channel(
    z.object({ courseId: Uuid }).strict(),
    z.object({ deletes: z.array(PendingLessonDeleteSchema), creates: z.array(DraftSummarySchema) }),
  ),
  'quizzes.list': channel(PageQuery, cached(api.pageOf(api.quiz))),
  'assessments.list': channel(
    PageQuery.extend({ courseId: Uuid.optional(), status: z.enum(api.CONTENT_STATUSES).optional() }).strict(),
    cached(api.pageOf(api.assessment)),
  ),
  'assessments.get': channel(
    z.object({ id: Uuid, refresh: z.literal(true).optional() }).strict(),
    cached(api.assessment),
  ),
  'assessments.delete': channel(z.object({ id: Uuid }).strict(), Ok),

  'drafts.list': channel(NoInput, z.array(DraftSummarySchema)),
  'drafts.get': channel(z.object({ id: Id }).strict(), DraftSchema),
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
  /** "Save to server": queues the draft in the outbox in the same transaction. */
  'drafts.submit': channel(z.object({ id: Id }).strict(), DraftSchema),
  'drafts.discard': channel(z.object({ id: Id }).strict(), Ok),
  'drafts.resolve': channel(
    z.object({ id: Id, choices: z.record(z.string(), z.enum(['mine', 'theirs'])) }).strict(),
    DraftSchema,
  ),
  /** Takes a queued draft (not yet sending) out of the outbox so it can be edited again. */
  'drafts.reopen': channel(z.object({ id: Id }).strict(), DraftSchema),
  /** Sends a failed draft again (same Idempotency-Key for creates). */
  'drafts.retry': channel(z.object({ id: Id }).strict(), DraftSchema),
  'outbox.list': channel(NoInput, z.array(OutboxItemSchema)),
  'sync.status': channel(NoInput, SyncStatusSchema),
  'sync.checkNow': channel(NoInput, SyncStatusSchema),

  'uploads.list': channel(NoInput, z.array(UploadRowSchema)),
  /** Opens main's own file dialog; only files chosen there (or dropped) can be uploaded. */
  'uploads.pickFiles': channel(
    z.object({ folder: z.boolean().optional() }).strict().optional(),
    z.array(FileHandleSchema),
  ),
  'uploads.add': channel(
    z
      .object({
        items: z
          .array(z.object({ handle: Id, target: LessonTargetSchema }).strict())
          .min(1)
          .max(500),
      })
      .strict(),
    z.array(UploadRowSchema),
  ),
  'uploads.pause': channel(z.object({ id: Id.optional() }).strict(), Ok),
  'uploads.resume': channel(z.object({ id: Id.optional() }).strict(), Ok),
  'uploads.cancel': channel(z.object({ id: Id }).strict(), Ok),
  'uploads.retry': channel(z.object({ id: Id }).strict(), Ok),
  'uploads.setTitle': channel(z.object({ id: Id, title: z.string().trim().min(1).max(255) }).strict(), Ok),
  /** Preload only (see DROPPED_FILES_CHANNEL): refused by the bridge host, absent from the generic bridge. */
  'uploads.registerDropped': channel(
    z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(500) }).strict(),
    z.array(FileHandleSchema),
  ),
  'uploads.setOptions': channel(
    z
      .object({
        concurrency: z.int().min(1).max(16).optional(),
        bandwidthBytesPerSec: z.int().min(1).nullable().optional(),
      })
      .strict(),
    Ok,
  ),
  ...stagingChannels,
  ...authoringChannels,

  // upload settings read back --------------------------------------------------------------------
  'uploads.getOptions': channel(NoInput, UploadOptionsSchema),

  'diagnostics.get': channel(NoInput, DiagnosticsSchema),
} as const;

/**
 * The preload turns dropped File objects into paths (webUtils.getPathForFile) and hands them to
 * main, which answers with handles. The renderer only ever sees `lectern.files.registerDropped`.
 */
export const DROPPED_FILES_CHANNEL = 'uploads.registerDropped';

export const eventChannels = {
  /** Periodic heartbeat so the renderer can tell the bridge is alive. */
  'app.heartbeat': z.object({ at: z.string() }),
  /** Something the user must be told (a damaged database moved aside, a journal reset). */
  'app.notice': z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  'workspaces.changed': z.object({ activeId: Id.nullable() }),
  'sync.status': SyncStatusSchema,
  'drafts.changed': z.object({ ids: z.array(Id) }),
  'outbox.changed': z.object({ count: z.number() }),
  /** A background refresh wrote new data: screens showing these kinds re-read. */
  'cache.updated': z.object({ kinds: z.array(z.string()) }),
  'uploads.changed': UploadRowSchema,

  // batch end notice -----------------------------------------------------------------------------
  'uploads.batchEnded': UploadBatchEndedSchema,
} as const;

// ---------------------------------------------------------------------------------------------
// Derived types

export type RequestChannels = typeof requestChannels;
export type ChannelName = keyof RequestChannels;
export type EventName = keyof typeof eventChannels;
export type ChannelInput<K extends ChannelName> = z.input<RequestChannels[K]['input']>;
export type ChannelOutput<K extends ChannelName> = z.output<RequestChannels[K]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof eventChannels)[E]>;

type GroupOf<K> = K extends `${infer G}.${string}` ? G : never;
type MethodOf<K, G extends string> = K extends `${G}.${infer M}` ? M : never;
export type ChannelGroup = GroupOf<ChannelName>;

export type ChannelFunction<K extends ChannelName> =
  undefined extends ChannelInput<K>
    ? (input?: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>
    : (input: ChannelInput<K>) => Promise<Result<ChannelOutput<K>>>;

/** The shape of `window.lectern`: one function per channel, grouped, plus typed events. */
export type LecternBridge = {
  [G in ChannelGroup]: {
    [K in Exclude<ChannelName, typeof DROPPED_FILES_CHANNEL> as MethodOf<K, G>]: ChannelFunction<K>;
  };
} & {
  files: {
    /** Files dropped on the window become main-issued handles; paths never reach the renderer. */
    registerDropped(files: readonly File[]): Promise<Result<FileHandle[]>>;
  };
  events: {
    on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  };
};

export const channelNames = Object.keys(requestChannels) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(requestChannels, name);
}

export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.hasOwn(eventChannels, name);
}

/** Electron IPC channel names are prefixed so they never collide with Electron's own. */
export const IPC_PREFIX = 'lectern:';
export const EVENT_PREFIX = 'lectern-event:';

/** Builds the grouped bridge object from one low-level call function. Used by preload and bridge client. */
export function buildBridge(
  call: (channel: ChannelName, input: unknown) => Promise<Result<unknown>>,
  subscribe: (event: EventName, listener: (payload: unknown) => void) => () => void,
  registerDropped: (files: readonly File[]) => Promise<Result<FileHandle[]>>,
): LecternBridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {};
  for (const name of channelNames) {
    if (name === DROPPED_FILES_CHANNEL) continue;
    const [group, method] = name.split('.') as [string, string];
    bridge[group] ??= {};
    bridge[group][method] = (input?: unknown) => call(name, input);
  }
  const events = {
    on(event: EventName, listener: (payload: unknown) => void) {
      if (!isEventName(event)) throw new Error(`Unknown event ${String(event)}`);
      return subscribe(event, listener);
    },
  };
  return { ...bridge, files: { registerDropped }, events } as unknown as LecternBridge;
}
