// Main process / plain Node. Re-reads a course's outline while its uploads land: the first landed
// lesson at once, then at most once per interval however many land, so a day of uploads into a big
// course re-reads it a few times a minute rather than once per file. The same leading-and-trailing
// rule, per key, as the upload progress the window is sent (uploads/progress.ts Throttle).
import { Throttle } from '../uploads/index.ts';

/** Between two re-reads of one course's outline while its lessons keep landing. */
export const OUTLINE_REFRESH_INTERVAL_MS = 2_000;

export interface OutlineRefresh {
  /** A lesson of `courseId` landed: its outline is read again now, or at the end of the interval. */
  landed(courseId: string): void;
  /** No re-read is started any more. */
  close(): void;
}

export function createOutlineRefresh(
  refresh: (courseId: string) => void,
  intervalMs = OUTLINE_REFRESH_INTERVAL_MS,
): OutlineRefresh {
  const throttle = new Throttle(intervalMs);
  let closed = false;
  return {
    landed(courseId) {
      if (!closed) throttle.run(courseId, () => refresh(courseId));
    },
    close() {
      closed = true;
      throttle.clear();
    },
  };
}
