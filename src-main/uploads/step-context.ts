// Main process / plain Node. What one step of an upload job may do (change state, call the API
// with the engine's retries), tied to the job's epoch: once the job moves on, every call throws.
import type { UploadJournal } from './journal.ts';
import type { LessonPlacement } from './lesson-order.ts';
import { AbortedError } from './token-bucket.ts';
import type { UploadJob } from './upload-job.ts';
import type { LessonInfo, UploadApi, UploadProblem, UploadState } from './types.ts';

export interface StepContext {
  api: UploadApi;
  journal: UploadJournal;
  /** Changes state (journal + event); throws AbortedError when the job moved on meanwhile. */
  setState(state: UploadState): void;
  setNotice(notice: UploadProblem | null): void;
  /** An API call with the engine's retries, aborted when the job is paused or cancelled. */
  call<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Throws AbortedError when the job moved on (paused, cancelled) since the step began. */
  checkStale(): void;
  /** Places new lessons in the order their files were given (absent: each goes last). */
  placement?: LessonPlacement;
  /** The lesson now has the video: follow its processing. */
  attached?: (job: UploadJob, lesson: LessonInfo) => void;
  /** Hands a completed course preview to its course (UploadManagerOptions.attachPreview). */
  attachPreview?: (courseId: string, uploadId: string) => Promise<void>;
}

/** What a step needs from the engine, before it is tied to one job's epoch. */
export type StepDeps = Pick<
  StepContext,
  'api' | 'journal' | 'placement' | 'attached' | 'attachPreview' | 'setState' | 'call'
>;

/**
 * The context of one phase of `job`: once `stale()` says the job moved on (paused, cancelled,
 * failed, closing), every state change and API call throws AbortedError instead.
 */
export function stepContext(job: UploadJob, stale: () => boolean, deps: StepDeps): StepContext {
  const checkStale = () => {
    if (stale()) throw new AbortedError('stale');
  };
  return {
    ...deps,
    checkStale,
    setState: (state) => {
      checkStale();
      deps.setState(state);
    },
    setNotice: (notice) => {
      job.setNotice(notice);
      deps.journal.setNotice(job.id, notice);
    },
    call: (fn) => (stale() ? Promise.reject(new AbortedError('stale')) : deps.call(fn)),
  };
}
