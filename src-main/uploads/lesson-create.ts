// Main process / plain Node. The new lesson for a completed upload (session-steps.ts `attach`): sent
// last (no `order`) as soon as the batch's earlier finishing files have sent theirs, or placed with
// the order lesson-order.ts gives in its section's turn. The order and the Idempotency-Key are frozen
// in the journal before the first send, so a retry always sends the same body under the same key.
import type { StepContext } from './step-context.ts';
import type { UploadJob } from './upload-job.ts';
import type { LessonInfo } from './types.ts';

type NewLessonTarget = Extract<UploadJob['target'], { kind: 'new' }>;

/** The new lesson for a completed upload, sent last or placed in the batch's order (lesson-order.ts). */
export async function createLesson(
  ctx: StepContext,
  job: UploadJob,
  target: NewLessonTarget,
  uploadId: string,
): Promise<LessonInfo> {
  const placement = ctx.placement;
  const sendAndRecord = async (onSent?: () => void): Promise<LessonInfo> => {
    const created = await sendLessonCreate(ctx, job, target, uploadId, onSent);
    placement?.created(target, created.id, job.lessonOrder, created.order);
    return recordLesson(ctx, job, created);
  };
  if (!placement) {
    if (!job.attachAttempted) freezeLessonCreate(ctx, job, null);
    return sendAndRecord();
  }
  // A create whose body is frozen (a resumed job) is sent again as it was, in the section's turn.
  if (job.attachAttempted) return placement.inSection(target, () => sendAndRecord());
  const way = await placement.whenMyTurn(
    job,
    () => {
      ctx.checkStale();
      freezeLessonCreate(ctx, job, null);
    },
    () => {
      try {
        ctx.checkStale();
        return null;
      } catch (error) {
        return error instanceof Error ? error : new Error(String(error));
      }
    },
  );
  if (way === 'last') {
    const sending = placement.inWireOrder(target, sendAndRecord);
    placement.landingLast(target, sending);
    placement.changed();
    placement.readBesideLastCreate(job, { signal: job.apiAbort.signal });
    return sending;
  }
  return placement.inSection(target, async () => {
    // Placed among the batch's lessons, so the creates sent last must have landed first.
    await placement.landed(target);
    ctx.checkStale();
    // Frozen from here on (title and order): the stored key must always go with the same body.
    const order = await ctx.call((signal) => placement.orderFor(job, { signal }));
    ctx.checkStale();
    freezeLessonCreate(ctx, job, order);
    placement.changed();
    return sendAndRecord();
  });
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
  onSent: (() => void) | undefined,
): Promise<LessonInfo> {
  const body = {
    title: target.title,
    lesson_type: 'VIDEO' as const,
    video_upload_id: uploadId,
    ...(job.lessonOrder === null ? {} : { order: job.lessonOrder }),
  };
  try {
    const created = await ctx.call((signal) =>
      ctx.api.lessons.create(target.courseId, target.sectionId, body, {
        idempotencyKey: job.lessonKey,
        signal,
        ...(onSent ? { onSent } : {}),
      }),
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
