/**
 * Main process / plain Node. What a workspace (profile) is. The shapes match the IPC contract's
 * `Profile`, `Capabilities` and `Verification` so handlers pass them through unchanged.
 */
import type { BoundApiKey } from '../api/index.ts';
import type { Environment, KeyMode, UserEnvironment } from '../../src-shared/index.ts';

export type { Environment, KeyMode, UserEnvironment };

/**
 * What the last verification found out about the key's reach:
 * `full` categories and assessments answered; `assessments-forbidden` 403 on /assessments;
 * `module-forbidden` 403 already on /categories (learning module disabled or no permission);
 * `unknown` the server has no assessments list, so nothing could be concluded.
 */
export const ACCESS_LEVELS = ['full', 'assessments-forbidden', 'module-forbidden', 'unknown'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export interface Capabilities {
  assessments: boolean;
  assignments: boolean;
  /** One line shown where tenant-only features are hidden; null when everything is available. */
  reason: string | null;
}

export interface Profile {
  id: string;
  name: string;
  environment: Environment;
  /** http(s) URL without trailing slash (and without the /v1/external/learning prefix). */
  baseUrl: string;
  keyMode: KeyMode;
  lastVerifiedAt: string | null;
  createdAt: string;
  hasKey: boolean;
  /** Last four characters of the key, or null (no key, or a key too short to reveal any of it). */
  keyHint: string | null;
  isActive: boolean;
  capabilities: Capabilities;
}

export interface ProfileInput {
  name: string;
  environment: UserEnvironment;
  baseUrl: string;
  keyMode: KeyMode;
}

export type ProfilePatch = Partial<ProfileInput>;

export interface Verification {
  profile: Profile;
  /** The mode the probe points to, or null when it could not tell. */
  verifiedMode: KeyMode | null;
  /** One or two sentences for the user when the probe disagrees with the chosen mode or found limits. */
  warning: string | null;
}

/** For main-process services only: never returned over IPC. */
export interface ProfileConnection {
  profileId: string;
  baseUrl: string;
  keyMode: KeyMode;
  /**
   * Reads the key when called (from memory or the keychain), with the origin it was verified
   * against; pass it as the API client's `apiKey`, which refuses to send it anywhere else.
   */
  apiKey: () => Promise<BoundApiKey>;
}

export interface ActiveProfileChange {
  /** The new active profile, or null when none is left. */
  profile: Profile | null;
  previousProfileId: string | null;
}
