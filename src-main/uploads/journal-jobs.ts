// Main process / plain Node. An upload read back from the journal (at open, after a full disk,
// when taken over from another process): a run that ended mid-flight comes back queued, and the
// journal says how far it got.
import type { JournalRow } from './journal.ts';
import type { UploadState } from './types.ts';
import { UploadJob } from './upload-job.ts';

const RESUMABLE_ON_LOAD: ReadonlySet<UploadState> = new Set([
  'queued',
  'uploading',
  'completing',
  'attaching',
  'changed',
]);

export function jobFromJournal(row: JournalRow): UploadJob {
  return new UploadJob({ ...row, state: RESUMABLE_ON_LOAD.has(row.state) ? 'queued' : row.state });
}
