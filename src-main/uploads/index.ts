// Main process / plain Node. Public surface of the upload engine: the app's services, the CLI and
// the bench create managers here, each journal where uploadJournalPath says.

export { createUploadManager } from './manager.ts';
export { UploadManagerError } from './manager-error.ts';
export { JOURNAL_FILE, uploadJournalPath, type JournalOwner } from './journal-path.ts';
// The course push keeps its own table in the journal's file (migration 4).
export { journalMigrations } from './migrations/index.ts';
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
export type { VideoPollTime } from './types.ts';
// Used by the app's session and IPC handlers and the CLI.
export { batchNotice, type BatchPlace } from './batch-notice.ts';
export { checkStagedFiles, requireVideos } from './staging.ts';
export {
  describeMedia,
  findDuplicates,
  similarLessonHints,
  inspectContent,
  inspectFile,
  knownUploads,
  rerunOf,
  continuedBatch,
  statFile,
  storedCheckOf,
  withMedia,
  type DuplicateContext,
  type FileCheck,
} from './preflight.ts';
export { serverAnswers } from './reachability.ts';
export { FileAccessError } from './file-identity.ts';
export { fullSha256, type SectionLesson } from './duplicates.ts';
export { Throttle } from './progress.ts';
