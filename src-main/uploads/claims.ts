// Main process / plain Node. Which rows this engine drives. The app and `lectern upload` may share
// one journal, and one process at a time owns a row (ownership.ts): a row is claimed before it
// runs, and a row taken over is read again from the journal, which its last owner may have moved on.
import { randomUUID } from 'node:crypto';
import type { UploadJournal } from './journal.ts';
import { jobFromJournal } from './journal-jobs.ts';
import { ownerText, runningElsewhereMessage, thisProcess } from './ownership.ts';
import type { Scheduler } from './scheduler.ts';
import type { UploadJob } from './upload-job.ts';

export interface Claims {
  /** This engine's name as an owner in the journal. */
  readonly me: string;
  /**
   * Makes `job` ours before it runs: the job to run (re-read when first taken), or null while
   * another live process drives it (the row then waits, saying so).
   */
  claim(job: UploadJob): UploadJob | null;
  /** A row this engine has just written is nobody else's: owned from the start, nothing to re-read. */
  own(job: UploadJob): void;
  /** How many rows this engine holds as its own (rows taken out of the queue are let go). */
  held(): number;
}

export function createClaims(journal: UploadJournal, scheduler: Scheduler): Claims {
  const me = ownerText(thisProcess(), randomUUID().slice(0, 8));
  /** Rows this engine has owned since it opened (re-read from the journal when first taken). */
  const claimed = new Set<string>();
  // A day of uploads through one session must not keep every cleared row's id.
  scheduler.onRemoved((job) => claimed.delete(job.id));
  return {
    me,
    claim(job) {
      const elsewhere = journal.claim(job.id, me);
      if (elsewhere !== null) {
        job.setRunnable(false);
        job.setNotice({ code: 'RUNNING_ELSEWHERE', message: runningElsewhereMessage(job.fileName, elsewhere) });
        scheduler.emitState(job);
        return null;
      }
      // Already working on it here: what this engine holds is newer than the journal's row.
      if (job.prepared || job.phaseBusy || claimed.has(job.id)) return job;
      claimed.add(job.id);
      const row = journal.loadOne(job.id);
      if (!row) return job;
      const fresh = jobFromJournal(row);
      scheduler.jobs.splice(scheduler.jobs.indexOf(job), 1, fresh);
      return fresh;
    },
    own(job) {
      journal.claim(job.id, me);
      claimed.add(job.id);
    },
    held: () => claimed.size,
  };
}
