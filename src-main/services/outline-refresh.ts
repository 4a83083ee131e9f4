// Main process / plain Node. Re-reads a course's outline while its uploads land: the first landed
// lesson at once, then at most once per interval however many land, so a day of uploads into a big
// course re-reads it a few times a minute rather than once per file.

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
  /** Courses re-read within the interval, and whether a lesson landed since (read again at its end). */
  const recent = new Map<string, { timer: ReturnType<typeof setTimeout>; again: boolean }>();
  let closed = false;

  const readNow = (courseId: string): void => {
    refresh(courseId);
    const entry = {
      again: false,
      timer: setTimeout(() => {
        recent.delete(courseId);
        if (entry.again && !closed) readNow(courseId);
      }, intervalMs),
    };
    entry.timer.unref?.();
    recent.set(courseId, entry);
  };

  return {
    landed(courseId) {
      if (closed) return;
      const entry = recent.get(courseId);
      if (entry) entry.again = true;
      else readNow(courseId);
    },
    close() {
      closed = true;
      for (const { timer } of recent.values()) clearTimeout(timer);
      recent.clear();
    },
  };
}
