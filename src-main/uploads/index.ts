// Main process / plain Node. Public surface of the upload engine: the app's services, the CLI and
// the bench create managers here, each journal where uploadJournalPath says.

export { createUploadManager, UploadManagerError } from './manager.ts';
export { JOURNAL_FILE, uploadJournalPath, type JournalOwner } from './journal-path.ts';
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
