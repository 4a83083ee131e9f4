/**
 * Main process / plain Node. Public surface of workspaces (profiles and their keys).
 */
export { WorkspaceService, type SandboxProfileInput, type WorkspaceServiceOptions } from './service.ts';
export { capabilitiesFor } from './capabilities.ts';
export {
  ConfirmationRequired,
  InvalidProfile,
  KeyRejected,
  KeyRequired,
  NoKey,
  ProfileNameTaken,
  ProfileNotFound,
  SandboxProfileFixed,
  Unreachable,
  VerificationFailed,
} from './errors.ts';
export { WORKSPACES_DB_FILE } from './schema.ts';
export { keyHint, normalizeApiKey, normalizeBaseUrl, normalizeName } from './validation.ts';
export { createProbeClient, type ProbeClient, type ProbeClientFactory } from './verify.ts';
export * from './types.ts';
