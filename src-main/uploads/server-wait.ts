// Main process / plain Node. Waiting for the server (API or storage): while it cannot be reached
// nothing new is sent and running rows show 'waiting' (not journalled), going back to what they
// were doing once it answers; after `giveUpAfterMs` of waiting they fail with UNREACHABLE.

import { Reachability, engineProbe } from './reachability.ts';
import type { UploadJob } from './upload-job.ts';
import { progressWords } from './upload-words.ts';
import type { UploadManagerOptions, UploadProblem } from './types.ts';

export interface ServerWaitOptions {
  options: Pick<UploadManagerOptions, 'api' | 'probe' | 'giveUpAfterMs' | 'reachability' | 'onConnection'>;
  /** Storage origins that failed to answer: the probe checks them too. */
  storageOrigins: ReadonlySet<string>;
  jobs: () => readonly UploadJob[];
  running: (job: UploadJob) => boolean;
  emitState: (job: UploadJob) => void;
  failJob: (job: UploadJob, problem: UploadProblem) => void;
  /** The server answers again (after the rows were told, before the next pump). */
  back: () => void;
  pump: () => void;
}

export function serverWait(o: ServerWaitOptions): Reachability {
  const { options } = o;
  const reach: Reachability = new Reachability({
    probe: engineProbe({
      storageOrigins: o.storageOrigins,
      custom: options.probe,
      apiBaseUrl: (options.api as { baseUrl?: unknown }).baseUrl,
    }),
    onChange: (waiting, waitedMs) => {
      options.onConnection?.({ waiting, waitedMs });
      for (const job of o.jobs()) {
        if (!o.running(job)) continue;
        if (waiting && job.state !== 'waiting') {
          job.markWaiting();
          o.emitState(job);
        } else if (!waiting && job.state === 'waiting') {
          job.stopWaiting();
          o.emitState(job);
        }
      }
      if (!waiting) o.back();
      o.pump();
    },
    giveUpAfterMs: options.giveUpAfterMs,
    onGiveUp: () => {
      if (!reach.waiting) return;
      const seconds = Math.round((options.giveUpAfterMs ?? 0) / 1000);
      for (const job of [...o.jobs()]) {
        if (job.state !== 'waiting') continue;
        o.failJob(job, {
          code: 'UNREACHABLE',
          message: progressWords.unreachableStopped(seconds),
        });
      }
    },
    ...options.reachability,
  });
  return reach;
}
