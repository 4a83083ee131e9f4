// Main process / plain Node. Public surface of the upload engine (issue 8): the lead wires IPC
// to createUploadManager; the CLI and the bench use it directly.

export { createUploadManager, UploadManagerError } from './manager.ts';
export { titleFromFileName, contentTypeFor } from './file-identity.ts';
export type {
  AddOptions,
  AddUploadInput,
  LessonTarget,
  UploadApi,
  UploadEvent,
  UploadManager,
  UploadManagerOptions,
  UploadProblem,
  UploadRow,
  UploadState,
} from './types.ts';
