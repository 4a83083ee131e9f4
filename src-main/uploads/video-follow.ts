// Main process / plain Node. After a file became a lesson's video, the server processes it; this
// follows each such lesson with retrieve lesson until its video_status is READY or FAILED: at most
// once every 10 s per lesson, backing off (×1.5 per poll, up to 5 min), from the journal's last
// check so a restart neither polls early nor forgets a lesson. Statuses are open values. A course's
// preview video is followed the same way with retrieve course (ASSUMPTIONS.md "Course structure"),
// once its course update has been sent.

import { systemTime, wallWait } from '../../src-shared/clock.ts';
import { backoffStep, realClock } from '../../src-shared/retry.ts';
import { classify } from './retry-policy.ts';
import type { UploadJournal, VideoFollow } from './journal.ts';
import type { UploadJob } from './upload-job.ts';
import type { CourseInfo, LessonInfo, UploadApi, VideoPollTime } from './types.ts';

export const MIN_POLL_MS = 10_000;
const MAX_POLL_MS = 5 * 60_000;

/** Finished processing, one way or the other: nothing more to follow. */
export function isFinalVideoStatus(status: string | null): boolean {
  const s = status?.toUpperCase();
  return s === 'READY' || s === 'FAILED';
}

/** What a lesson response says about its video, read tolerantly (fields may be absent or odd). */
export function videoOf(lesson: LessonInfo): Pick<VideoFollow, 'status' | 'error' | 'durationSeconds'> {
  const status = typeof lesson.video_status === 'string' && lesson.video_status !== '' ? lesson.video_status : null;
  const error = typeof lesson.video_error === 'string' && lesson.video_error !== '' ? lesson.video_error : null;
  const duration = Number(lesson.duration_seconds);
  return {
    status,
    error: status?.toUpperCase() === 'FAILED' ? error : null,
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
  };
}

/** What a course response says about its preview video, read as tolerantly. */
export function previewVideoOf(course: CourseInfo): Pick<VideoFollow, 'status' | 'error' | 'durationSeconds'> {
  return videoOf({ id: course.id, video_status: course.preview_video_status, video_error: course.preview_video_error });
}

/** Wait before the poll that follows `polls` earlier ones. */
/** Checked MIN_POLL_MS ago or more, or "in the future": the clock was set back since. */
function checkedLongAgo(checkedAt: number, wall: number): boolean {
  const age = wall - checkedAt;
  return age >= MIN_POLL_MS || age < 0;
}

export function pollDelayMs(polls: number): number {
  return backoffStep(polls + 1, { baseMs: MIN_POLL_MS, capMs: MAX_POLL_MS, factor: 1.5 });
}

export interface VideoFollowerOptions {
  api: UploadApi;
  journal: UploadJournal;
  jobs: () => readonly UploadJob[];
  /** The job's video fields changed (the row must be shown again). */
  changed: (job: UploadJob) => void;
  lessonRead?: (target: { courseId: string; sectionId: string }, lesson: LessonInfo) => void;
  /** False while a preview's course update waits to be sent (the course still shows the old preview). */
  previewSent?: ((courseId: string) => boolean) | undefined;
  courseRead?: ((course: CourseInfo) => void) | undefined;
  /** The polls' time: the system's by default; a test runs it faster (see VideoPollTime). */
  pollTime?: VideoPollTime | undefined;
}

const SYSTEM_POLL_TIME: VideoPollTime = { time: systemTime, timers: realClock };

export class VideoFollower {
  private readonly options: VideoFollowerOptions;
  private readonly timers = new Map<string, unknown>();
  private readonly polling = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  /** Lessons deleted on the server: not asked about again in this run. */
  private readonly gone = new Set<string>();
  private closed = false;

  private readonly clock: VideoPollTime;

  constructor(options: VideoFollowerOptions) {
    this.options = options;
    this.clock = options.pollTime ?? SYSTEM_POLL_TIME;
  }

  private now(): number {
    return this.clock.time.wall();
  }

  /**
   * Records what an attach (create / update) response said; the row's 'done' event shows it. The
   * answer is the lesson as the server now has it, so the course's outline shows it at once too
   * (not a bare id: an update answered without a body leaves the cached copy as it is).
   */
  attached(job: UploadJob, lesson: LessonInfo): void {
    this.record(job, { ...videoOf(lesson), checkedAt: this.now(), polls: 0 }, false);
    const target = job.target;
    if (target.kind !== 'preview' && 'title' in lesson)
      this.options.lessonRead?.({ courseId: target.courseId, sectionId: target.sectionId }, lesson);
  }

  /** Schedules the next poll of a done job whose video is not known to be finished. */
  follow(job: UploadJob): void {
    if (this.closed || !this.wanted(job) || this.timers.has(job.id) || this.polling.has(job.id)) return;
    const due = job.video.checkedAt! + pollDelayMs(job.video.polls);
    const timer = this.clock.timers.setTimeout(
      () => {
        this.timers.delete(job.id);
        void this.poll(job).finally(() => this.follow(job));
      },
      // Never longer than the poll interval itself: a clock set back must not stall the follow.
      wallWait(due, this.now(), pollDelayMs(job.video.polls)),
    );
    // A follow alone never keeps the process alive (a short CLI run ends without its next poll).
    (timer as { unref?: () => void } | null)?.unref?.();
    this.timers.set(job.id, timer);
  }

  /** One retrieve of every followed lesson not checked within MIN_POLL_MS (for short-lived runs). */
  async checkDue(timeoutMs = 8_000): Promise<void> {
    const due = this.options.jobs().filter((j) => this.wanted(j) && checkedLongAgo(j.video.checkedAt!, this.now()));
    const signal = AbortSignal.any([this.abort.signal, AbortSignal.timeout(timeoutMs)]);
    await Promise.all(due.map((j) => this.poll(j, signal)));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) this.clock.timers.clearTimeout(timer);
    this.timers.clear();
    this.abort.abort(new Error('closing'));
    await Promise.allSettled([...this.polling.values()]);
  }

  private wanted(job: UploadJob): boolean {
    const preview = job.target.kind === 'preview';
    return (
      job.state === 'done' &&
      (preview || job.lessonId !== null) &&
      // Attached by a version that followed processing (older journal rows are long settled).
      job.video.checkedAt !== null &&
      !this.gone.has(job.id) &&
      // A preview ends as a lesson's video does (catalogue.ts PREVIEW_VIDEO_FINAL_STATUSES: the same list).
      !isFinalVideoStatus(job.video.status) &&
      (preview ? this.options.api.courses !== undefined : this.options.api.lessons.get !== undefined) &&
      this.options.jobs().includes(job)
    );
  }

  private poll(job: UploadJob, signal = this.abort.signal): Promise<void> {
    const running = this.polling.get(job.id);
    if (running) return running;
    const work = this.retrieve(job, signal).finally(() => this.polling.delete(job.id));
    this.polling.set(job.id, work);
    return work;
  }

  private async retrieve(job: UploadJob, signal: AbortSignal): Promise<void> {
    const { lessons, courses } = this.options.api;
    const target = job.target;
    if (this.closed) return;
    const polls = job.video.polls + 1;
    try {
      if (target.kind === 'preview') {
        if (!courses) return;
        if (this.options.previewSent?.(target.courseId) === false) {
          // Not sent yet (offline, or waiting on the user): ask again at the first step's pace.
          this.record(job, { ...job.video, checkedAt: this.now() });
          return;
        }
        const course = await courses.get(target.courseId, { signal });
        if (this.closed) return;
        this.record(job, { ...previewVideoOf(course), checkedAt: this.now(), polls });
        this.options.courseRead?.(course);
        return;
      }
      if (!lessons.get) return;
      const { courseId, sectionId } = target;
      const lesson = await lessons.get(courseId, sectionId, job.lessonId!, { signal });
      if (this.closed) return;
      this.record(job, { ...videoOf(lesson), checkedAt: this.now(), polls });
      this.options.lessonRead?.({ courseId, sectionId }, lesson);
    } catch (error) {
      if (this.closed || signal.aborted || classify(error).kind === 'aborted') return;
      if (classify(error).status === 404) this.gone.add(job.id);
      // Unreachable or refused this time: keep what we knew and ask again later (backing off).
      this.record(job, { ...job.video, checkedAt: this.now(), polls });
    }
  }

  private record(job: UploadJob, video: VideoFollow, notify = true): void {
    const before = job.video;
    job.recordVideo(video);
    this.options.journal.setVideo(job.id, video);
    if (!notify) return;
    if (
      before.status !== video.status ||
      before.error !== video.error ||
      before.durationSeconds !== video.durationSeconds
    )
      this.options.changed(job);
  }
}
