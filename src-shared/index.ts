/**
 * Shared (every process): pure zod schemas, types, state lists and the IPC channel map. Imports
 * only zod and its own files (lint and tsconfig.shared.json hold it to that), so main, preload
 * and renderer can all use it without pulling one another's code.
 */
export * from './app.ts';
export * from './channels.ts';
export type { Cached } from './common.ts';
export * from './content.ts';
export * from './diagnostics.ts';
export * from './draft-fields.ts';
export * from './drafts.ts';
export * from './folder-push.ts';
export * from './i18n.ts';
export * from './messages.ts';
export * from './lessons.ts';
export * from './picker.ts';
export * from './push-events.ts';
export * from './structure.ts';
export * from './results.ts';
export * from './states.ts';
export * from './save-state.ts';
export * from './uploads.ts';
export * from './workspaces.ts';
