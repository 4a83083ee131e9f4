/** Shared (every process). Drafts, the outbox and the connection state as the renderer sees them. */
import { z } from 'zod';
import { Id, IsoTime, Uuid } from './common.ts';
import { boundedJsonProblem } from './draft-fields.ts';
import { CONNECTIVITY_STATES, DRAFT_OPERATIONS, DRAFT_STATES, OUTBOX_STATES, RESOURCE_KINDS } from './states.ts';

const Fields = z.record(z.string(), z.unknown());

/** Draft fields as the renderer may send them: a JSON object within DRAFT_FIELD_LIMITS. */
export const FieldsInput = z.record(z.string(), z.unknown()).superRefine((fields, ctx) => {
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

export const DraftParent = z.object({ courseId: Uuid.optional(), sectionId: Uuid.optional() }).strict();

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

const FieldConflictSchema = z.object({
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
  state: z.enum(OUTBOX_STATES),
  attempts: z.number(),
  nextAttemptAt: IsoTime.nullable(),
  lastError: SyncErrorSchema.nullable(),
  inDoubt: z.boolean(),
  createdAt: IsoTime,
  updatedAt: IsoTime,
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

/** A kind of change the server refused this workspace's key (403 on a write): read-only until cleared. */
export const WriteRefusalSchema = z.object({ resource: z.enum(RESOURCE_KINDS), message: z.string(), notedAt: IsoTime });
export type WriteRefusal = z.infer<typeof WriteRefusalSchema>;

export const SyncStatusSchema = z.object({
  state: z.enum(CONNECTIVITY_STATES),
  since: IsoTime,
  lastCheckedAt: IsoTime.nullable(),
  message: z.string().nullable(),
  outbox: z.object({
    count: z.number(),
    queued: z.number(),
    sending: z.number(),
    failed: z.number(),
    /** Changes waiting for the user's choice (changed on the server too). */
    conflicts: z.number(),
    /** Changes whose resource was deleted on the server (kept until discarded). */
    deletedOnServer: z.number(),
  }),
  /** Kinds of change this key may not make (known from a refusal); empty when none is known. */
  writesRefused: z.array(WriteRefusalSchema),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

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
