/**
 * Shared (every process). The app's own updates: where they stand (checking, downloading with its
 * progress, ready and waiting for uploads to finish, …), and what the user can do about them.
 * Main decides everything (src-main/updates); the renderer shows `message` and offers the actions
 * `canCheck` and `canRestart` allow.
 */
import { z } from 'zod';
import { IsoTime, NoInput } from './common.ts';

export const UPDATE_STATES = [
  /** Checks are off (the setting, or an administrator's policy file). */
  'off',
  /** This copy cannot update itself at all (run from source, or through the bridge host without a feed). */
  'unsupported',
  'idle',
  'checking',
  'downloading',
  /** Downloaded and verified; installs once nothing would be interrupted (`waitingFor`), or on Restart now. */
  'ready',
  /** A newer version exists, but this kind of install (a .deb) is updated by its package manager. */
  'available',
  /** The last check or download failed; the next try is at `nextCheckAt`. */
  'failed',
  /** Uploads are paused at a safe point and the app restarts into the new version. */
  'restarting',
] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];

/** What is running that an install now would interrupt. */
export const BusyWorkSchema = z
  .object({
    uploads: z.number().int().nonnegative(),
    pushing: z.boolean(),
    sending: z.number().int().nonnegative(),
  })
  .strict();
export type BusyWork = z.infer<typeof BusyWorkSchema>;

export const UpdateStatusSchema = z
  .object({
    state: z.enum(UPDATE_STATES),
    currentVersion: z.string(),
    /** The newer version found (available, downloading, ready, restarting). */
    version: z.string().nullable(),
    /** 0–100 while downloading. */
    percent: z.number().min(0).max(100).nullable(),
    /** The one sentence that says where updates stand. */
    message: z.string(),
    /** What the install waits for (ready only; null when nothing does). */
    waitingFor: BusyWorkSchema.nullable(),
    /** The user's setting: check automatically (at start and every few hours). */
    automatic: z.boolean(),
    /** An administrator's policy file turned checks off: the setting cannot turn them on. */
    lockedByPolicy: z.boolean(),
    lastCheckedAt: IsoTime.nullable(),
    nextCheckAt: IsoTime.nullable(),
    canCheck: z.boolean(),
    canRestart: z.boolean(),
  })
  .strict();
export type UpdateStatus = z.infer<typeof UpdateStatusSchema>;

/** The update channels, spread into the contract's request channels (channels.ts). */
export const updateChannels = {
  'updates.status': { input: NoInput, output: UpdateStatusSchema },
  /** "Check now": one check at once (a check already running is joined, not repeated). */
  'updates.check': { input: NoInput, output: UpdateStatusSchema },
  /** "Restart now": pauses uploads at a safe point, then installs the downloaded update. */
  'updates.restart': { input: NoInput, output: UpdateStatusSchema },
  /** The setting: check automatically or not (refused while a policy file turns checks off). */
  'updates.setAutomatic': {
    input: z.object({ automatic: z.boolean() }).strict(),
    output: UpdateStatusSchema,
  },
} as const;

/** The update events, spread into the contract's event channels (channels.ts). */
export const updateEvents = {
  'updates.status': UpdateStatusSchema,
} as const;
