/**
 * Shared (every process). Every state list the app knows, defined once: the IPC schemas, main's
 * stores and engines and the renderer's labels all derive their types from these tuples.
 */

export const ENVIRONMENTS = ['production', 'staging', 'custom', 'sandbox'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
/** Environments a user may choose; `sandbox` is reserved for the one built-in profile. */
export const USER_ENVIRONMENTS = ['production', 'staging', 'custom'] as const;
export type UserEnvironment = (typeof USER_ENVIRONMENTS)[number];

export const KEY_MODES = ['tenant', 'service-provider'] as const;
export type KeyMode = (typeof KEY_MODES)[number];

/** What can be drafted. */
export const RESOURCE_KINDS = ['assessment', 'assignment', 'lesson', 'section', 'course'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

/** `delete`: a delete waiting in the outbox a few seconds (so it can be undone) before it is sent. */
export const DRAFT_OPERATIONS = ['create', 'update', 'delete'] as const;
export type DraftOperation = (typeof DRAFT_OPERATIONS)[number];

export const DRAFT_STATES = [
  'editing',
  'queued',
  'sending',
  'failed',
  'conflict',
  'sent',
  'deleted-on-server',
] as const;
export type DraftState = (typeof DRAFT_STATES)[number];

/** A row of the outbox: waiting, on its way, or failed (and kept until retried or discarded). */
export const OUTBOX_STATES = ['queued', 'sending', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** `key-unavailable`: this computer cannot read the workspace's key (keychain locked, gone, or no key). */
export const CONNECTIVITY_STATES = ['online', 'offline', 'unreachable', 'key-rejected', 'key-unavailable'] as const;
export type ConnectivityState = (typeof CONNECTIVITY_STATES)[number];

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
  // Never journalled.
  'waiting',
] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** Where the same content already is, from the strongest claim to the weakest (the order matters). */
export const DUPLICATE_KINDS = ['in-section', 'uploaded', 'queued', 'batch', 'similar-lesson'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];
