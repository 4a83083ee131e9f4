// Main process / plain Node. The new lesson for a completed upload (session-steps.ts `attach`): in
// its section's turn with the order lesson-order.ts gives, or beside the create at the section's end
// when this is the batch's next file. The order and the Idempotency-Key are frozen in the journal
// before the first send, so a retry always sends the same body under the same key.
import type { OpenEnd } from './lesson-order.ts';
import type { StepContext } from './session-steps.ts';
import type { UploadJob } from './upload-job.ts';
import type { LessonInfo } from './types.ts';

type NewLessonTarget = Extract<UploadJob['target'], { kind: 'new' }>;

/**
 * The new lesson for a completed upload, in its section's turn (lesson-order.ts), or beside the
 * create at the section's end when this is the batch's next file.
 */
export async function createLesson(
  ctx: StepContext,
  job: UploadJob,
  target: NewLessonTarget,
  uploadId: string,
): Promise<LessonInfo> {
  const placement = ctx.placement;
  const beside = async (joined: OpenEnd): Promise<LessonInfo> => {
    let done!: () => void;
    joined.follower = new Promise<void>((resolve) => (done = resolve));
    try {
      freezeLessonCreate(ctx, job, null);
      const created = await sendLessonCreate(ctx, job, target, uploadId);
      await placement!.followed(target, created.id, joined);
      return recordLesson(ctx, job, created);
    } finally {
      done();
    }
  };
  const create = async (): Promise<LessonInfo> => {
    let end: OpenEnd | null = null;
    if (!job.attachAttempted) {
      // Frozen from here on (title and order): the stored key must always go with the same body.
      const order = placement ? await ctx.call((signal) => placement.orderFor(job, { signal })) : null;
      ctx.checkStale();
      freezeLessonCreate(ctx, job, order);
      end = placement?.openEnd(job, order) ?? null;
    }
    let ok = false;
    try {
      const created = await sendLessonCreate(ctx, job, target, uploadId);
      placement?.created(target, created.id, job.lessonOrder, created.order);
      const lesson = recordLesson(ctx, job, created);
      ok = true;
      return lesson;
    } finally {
      // The section's turn ends once a lesson created beside this one is recorded too.
      await end?.close(ok);
    }
  };
  if (!placement) return create();
  // A create whose order is frozen (a resumed job) waits for its turn like any other.
  return job.attachAttempted ? placement.inSection(target, create) : placement.inSectionOrBeside(job, create, beside);
}

function freezeLessonCreate(ctx: StepContext, job: UploadJob, order: number | null): void {
  ctx.journal.freezeLessonCreate(job.id, order);
  job.freezeLessonOrder(order);
  job.markAttachAttempted();
}

async function sendLessonCreate(
  ctx: StepContext,
  job: UploadJob,
  target: NewLessonTarget,
  uploadId: string,
): Promise<LessonInfo> {
  const body = {
    title: target.title,
    lesson_type: 'VIDEO' as const,
    video_upload_id: uploadId,
    ...(job.lessonOrder === null ? {} : { order: job.lessonOrder }),
  };
  try {
    const created = await ctx.call((signal) =>
      ctx.api.lessons.create(target.courseId, target.sectionId, body, { idempotencyKey: job.lessonKey, signal }),
    );
    ctx.checkStale();
    return created;
  } catch (error) {
    ctx.placement?.forget(target);
    throw error;
  }
}

/** Recorded inside the section's turn, so the next placement sees this lesson. */
function recordLesson(ctx: StepContext, job: UploadJob, created: LessonInfo): LessonInfo {
  ctx.journal.setLessonId(job.id, created.id);
  job.recordLesson(created.id);
  return created;
}
