/**
 * Main process / plain Node. Upload progress reaches the window in batches: every file's latest
 * row, at most one message per `intervalMs`, so sixty files uploading at once cost the renderer one
 * store update per interval rather than one per file per tick. A state change (started, done,
 * failed) is not held back: it goes at once, and any progress of that file still waiting is dropped
 * (the state row is newer).
 */
import type { UploadRow } from '../../src-shared/index.ts';

export interface ProgressBatches {
  /** A file's bytes moved: its row goes with the next batch (replacing one already waiting). */
  progress(row: UploadRow): void;
  /** A file changed state: its row goes now, after nothing of its own that is older. */
  state(row: UploadRow): void;
  /** Sends what waits now (e.g. before the session closes) and stops the timer. */
  flush(): void;
  /** Drops what waits and stops the timer. */
  close(): void;
}

/** One batch per interval at most: above the 100 ms each file's progress is already held to. */
export const PROGRESS_BATCH_MS = 100;

export function createProgressBatches(
  send: {
    progress: (rows: UploadRow[]) => void;
    state: (row: UploadRow) => void;
  },
  intervalMs = PROGRESS_BATCH_MS,
): ProgressBatches {
  const waiting = new Map<string, UploadRow>();
  let timer: NodeJS.Timeout | null = null;
  let lastSentAt = -Infinity;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (waiting.size === 0) return;
    const rows = [...waiting.values()];
    waiting.clear();
    lastSentAt = performance.now();
    send.progress(rows);
  };

  return {
    progress(row) {
      waiting.set(row.id, row);
      if (timer) return;
      timer = setTimeout(flush, Math.max(0, Math.ceil(lastSentAt + intervalMs - performance.now())));
    },
    state(row) {
      waiting.delete(row.id);
      send.state(row);
    },
    flush,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      waiting.clear();
    },
  };
}
