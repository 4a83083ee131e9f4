// Main process / plain Node. Re-reads a course's outline while its uploads land: the first landed
// lesson at once, then at most once per interval however many land (the last of them is always
// followed by one). Each landed lesson is already in the cached outline, from the server's answer
// that created it and from its video's processing reads, so these whole re-reads only settle what
// one lesson's answer cannot say (the places of the lessons around it). The interval grows with the
// outline: a section of 2,000 uploaded lessons is 4 MB of JSON, and re-reading, parsing and
// rewriting it every 2 s through bench:ui's day of uploads left main's glibc heap fragmented by
// those multi-MB blocks (its growth +20 to +43 MiB with no outline work, up to +112 with it).
/** Between two re-reads of one course's outline while its lessons keep landing, at the least... */
export const OUTLINE_REFRESH_INTERVAL_MS = 2_000;
/** ...and beyond it, this long per KB of the outline last read... */
export const OUTLINE_REFRESH_MS_PER_KB = 5;
/** ...up to this long. */
export const OUTLINE_REFRESH_MOST_MS = 30_000;

/** The wait after a re-read that found an outline of `bytes` (its JSON's length). */
export const refreshIntervalFor = (bytes: number): number =>
  Math.min(OUTLINE_REFRESH_MOST_MS, Math.max(OUTLINE_REFRESH_INTERVAL_MS, (bytes / 1_000) * OUTLINE_REFRESH_MS_PER_KB));

export interface OutlineRefresh {
  /** A lesson of `courseId` landed: its outline is read again now, or at the end of the interval. */
  landed(courseId: string): void;
  /** No re-read is started any more. */
  close(): void;
}

interface CourseRefresh {
  lastAt: number;
  intervalMs: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** `refresh` re-reads the course's outline and answers the size of what it read (null: unknown). */
export function createOutlineRefresh(refresh: (courseId: string) => Promise<number | null>): OutlineRefresh {
  const courses = new Map<string, CourseRefresh>();
  let closed = false;

  const run = (courseId: string, course: CourseRefresh): void => {
    course.timer = null;
    course.lastAt = performance.now();
    void refresh(courseId).then(
      (bytes) => {
        if (bytes !== null) course.intervalMs = refreshIntervalFor(bytes);
      },
      () => undefined,
    );
  };

  return {
    landed(courseId) {
      if (closed) return;
      let course = courses.get(courseId);
      if (!course) {
        course = { lastAt: -Infinity, intervalMs: OUTLINE_REFRESH_INTERVAL_MS, timer: null };
        courses.set(courseId, course);
      }
      if (course.timer !== null) return; // a re-read is already due; it reads what landed by then
      const wait = course.lastAt + course.intervalMs - performance.now();
      if (wait <= 0) return run(courseId, course);
      const due = course;
      course.timer = setTimeout(() => run(courseId, due), Math.ceil(wait));
      // A due re-read never keeps the process alive (a short CLI run ends without it).
      course.timer.unref?.();
    },
    close() {
      closed = true;
      for (const course of courses.values()) if (course.timer !== null) clearTimeout(course.timer);
      courses.clear();
    },
  };
}
