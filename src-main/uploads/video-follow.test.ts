// Tests (plain Node): following a lesson's video processing on fake timers — the first retrieve
// 10 s after the last check, then backing off ×1.5, nothing after a final status, and a restart
// counting from the journal's last check. The clock is the test's, so the schedule is exact.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadJournal, VideoFollow } from './journal.ts';
import { journalRowFixture } from './test-support/index.ts';
import type { LessonInfo, UploadApi } from './types.ts';
import { UploadJob } from './upload-job.ts';
import { MIN_POLL_MS, pollDelayMs, VideoFollower } from './video-follow.ts';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

/** A follower whose server answers `statuses` in turn, recording when it was asked. */
function follower(job: UploadJob, statuses: string[]) {
  const askedAt: number[] = [];
  const saved: VideoFollow[] = [];
  const changed: (string | null)[] = [];
  const api = {
    lessons: {
      get: async (): Promise<LessonInfo> => {
        askedAt.push(Date.now() - T0);
        const status = statuses[Math.min(askedAt.length - 1, statuses.length - 1)]!;
        return { id: job.lessonId!, video_status: status, duration_seconds: status === 'READY' ? 3 : null };
      },
    },
  } as unknown as UploadApi;
  const journal = { setVideo: (_id: string, video: VideoFollow) => void saved.push(video) } as unknown as UploadJournal;
  const follow = new VideoFollower({
    api,
    journal,
    jobs: () => [job],
    changed: (j) => void changed.push(j.video.status),
  });
  return { follow, askedAt, saved, changed };
}

function doneJob(video: Partial<VideoFollow> = {}): UploadJob {
  return new UploadJob(
    journalRowFixture('video-1', {
      state: 'done',
      lessonId: 'lesson-1',
      video: { status: 'PROCESSING', error: null, durationSeconds: null, checkedAt: T0, polls: 0, ...video },
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('VideoFollower', () => {
  it('asks 10 s after the last check, then backs off ×1.5, and stops at a final status', async () => {
    const job = doneJob();
    const { follow, askedAt, saved, changed } = follower(job, ['PROCESSING', 'PROCESSING', 'READY']);
    follow.follow(job);

    await vi.advanceTimersByTimeAsync(MIN_POLL_MS - 1);
    expect(askedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(askedAt).toEqual([MIN_POLL_MS]);

    const second = MIN_POLL_MS + pollDelayMs(1);
    const third = second + pollDelayMs(2);
    expect([pollDelayMs(1), pollDelayMs(2)]).toEqual([15_000, 22_500]);
    await vi.advanceTimersByTimeAsync(third - MIN_POLL_MS);
    expect(askedAt).toEqual([MIN_POLL_MS, second, third]);
    expect(job.video).toMatchObject({ status: 'READY', durationSeconds: 3, polls: 3, checkedAt: T0 + third });
    expect(saved.at(-1)).toEqual(job.video);
    // Only a change of what the row shows is announced: PROCESSING again is not one.
    expect(changed).toEqual(['READY']);

    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(askedAt).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
    await follow.close();
  });

  it('after a restart, counts from the journal’s last check instead of polling early or afresh', async () => {
    // Checked twice before, the last time 8 s before this run started.
    const job = doneJob({ checkedAt: T0 - 8_000, polls: 2 });
    const { follow, askedAt } = follower(job, ['PROCESSING']);
    follow.follow(job);
    await vi.advanceTimersByTimeAsync(pollDelayMs(2) - 8_000 - 1);
    expect(askedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(askedAt).toEqual([pollDelayMs(2) - 8_000]);
    await follow.close();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(askedAt).toHaveLength(1);
  });

  it('passes on the lesson an attach answered with (the course outline shows it at once), not a bare id', () => {
    const read: { target: unknown; lesson: LessonInfo }[] = [];
    const follow = new VideoFollower({
      api: { lessons: {} } as unknown as UploadApi,
      journal: { setVideo: () => undefined } as unknown as UploadJournal,
      jobs: () => [],
      changed: () => undefined,
      lessonRead: (target, lesson) => void read.push({ target, lesson }),
    });
    const created = { id: 'lesson-1', title: 'Title video-1', order: 4, video_status: 'PROCESSING' } as LessonInfo;
    follow.attached(doneJob(), created);
    expect(read).toEqual([{ target: { courseId: 'c', sectionId: 's' }, lesson: created }]);
    // An update answered without a body: the cached copy is left as it is.
    follow.attached(doneJob(), { id: 'lesson-1' });
    expect(read).toHaveLength(1);
  });
});
