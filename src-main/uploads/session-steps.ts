// Main process / plain Node. The per-file API steps around the part PUTs: prepare (create the
// session or reconcile a journalled one with list-parts), complete (recover missing ETags first,
// retried safely), and attach the finished upload to a lesson with a stored Idempotency-Key.

import { randomUUID } from 'node:crypto';
import type { StepContext } from './step-context.ts';
import { currentIdentity, md5OfRange, sameIdentity, statMatches } from './file-identity.ts';
import { createLesson } from './lesson-create.ts';
import { classify } from './retry-policy.ts';
import { bareEtag, etagIsMd5 } from './storage-put.ts';
import type { UploadJob } from './upload-job.ts';
import { progressWords } from './upload-words.ts';
import type { LessonInfo, ListedPart, UploadSessionInfo } from './types.ts';

/** Prepare, or finish: complete (unless done already) and then attach to the lesson. */
export async function runSteps(ctx: StepContext, job: UploadJob, kind: 'prepare' | 'finish'): Promise<void> {
  if (kind === 'prepare') return prepareJob(ctx, job);
  if (!job.sessionCompleted && (await completeJob(ctx, job)) !== 'completed') return;
  await attachJob(ctx, job);
}

export class ContractProblem extends Error {
  readonly code = 'CONTRACT_ERROR';
}

const DEAD_SESSION = new Set(['EXPIRED', 'ABORTED', 'CANCELLED', 'CANCELED', 'FAILED']);

export async function prepareJob(ctx: StepContext, job: UploadJob): Promise<void> {
  if (job.sessionCompleted) {
    job.markPrepared();
    return;
  }
  const fresh = await currentIdentity(job.identity);
  ctx.checkStale();
  if (!sameIdentity(fresh, job.identity)) {
    const hadWork = job.sessionId !== null || job.parts.done.size > 0;
    const oldSession = job.sessionId;
    startOver(ctx, job, fresh);
    if (hadWork) {
      ctx.setNotice({
        code: 'FILE_CHANGED',
        message: progressWords.fileChanged(job.fileName),
      });
      ctx.setState('changed');
      if (oldSession) void ctx.api.uploads.abort(oldSession).catch(() => undefined);
    }
  }

  if (job.sessionId) {
    const session = await getSessionOrNull(ctx, job.sessionId);
    const status = session?.status.toUpperCase() ?? 'GONE';
    if (status === 'COMPLETED') {
      markCompleted(ctx, job);
      job.markPrepared();
      return;
    }
    if (!session || DEAD_SESSION.has(status)) {
      startOver(ctx, job, job.identity);
      ctx.setNotice({
        code: 'SESSION_EXPIRED',
        message: progressWords.sessionExpired(job.fileName),
      });
    } else {
      await reconcile(ctx, job);
    }
  }

  if (!job.sessionId) {
    const created = await ctx.call((signal) =>
      ctx.api.uploads.create(
        { upload_type: 'VIDEO', file_name: job.fileName, content_type: job.contentType, file_size: job.size },
        { idempotencyKey: job.sessionKey, signal },
      ),
    );
    checkGeometry(created, job.size);
    ctx.journal.setSession(job.id, created.id, created.part_size, created.total_parts);
    job.startSession(created.id, created.part_size, created.total_parts);
  }
  ctx.checkStale();
  job.rebuildPending();
  // Only when reconciliation changed what counts as confirmed (keeps the bar from moving back).
  const confirmed = job.parts.confirmedBytes();
  if (job.progress.bytesConfirmed !== confirmed) job.progress.reset(confirmed);
  job.markPrepared();
  if (job.state !== 'uploading') ctx.setState('uploading');
}

/** New keys, no parts, no session: the next prepare creates a fresh session. */
function startOver(ctx: StepContext, job: UploadJob, identity: typeof job.identity): void {
  const sessionKey = randomUUID();
  const lessonKey = randomUUID();
  ctx.journal.resetSession(job.id, identity, sessionKey, lessonKey);
  job.clearSession(identity, sessionKey, lessonKey);
}

async function getSessionOrNull(ctx: StepContext, id: string): Promise<UploadSessionInfo | null> {
  try {
    return await ctx.call((signal) => ctx.api.uploads.get(id, { signal }));
  } catch (error) {
    const c = classify(error);
    if (c.status === 404 || c.status === 410) return null;
    throw error;
  }
}

function checkGeometry(s: UploadSessionInfo, size: number): void {
  const ok =
    Number.isInteger(s.part_size) &&
    s.part_size > 0 &&
    Number.isInteger(s.total_parts) &&
    s.total_parts === Math.ceil(size / s.part_size);
  if (!ok) {
    throw new ContractProblem(
      `The server chose part_size ${s.part_size} and total_parts ${s.total_parts}, which do not fit a file of ${size} bytes.`,
    );
  }
}

function markCompleted(ctx: StepContext, job: UploadJob): void {
  ctx.journal.setCompleted(job.id);
  job.markSessionCompleted();
}

/**
 * Makes the journal agree with the server: parts the server lost (or holds with another ETag)
 * are sent again; parts the server holds that the journal missed (the process died between the
 * PUT and the commit) are adopted after checking their MD5 against the local bytes.
 */
export async function reconcile(ctx: StepContext, job: UploadJob): Promise<void> {
  const listed = await ctx.call((signal) => ctx.api.uploads.listParts(job.sessionId!, { signal }));
  ctx.checkStale();
  const server = new Map<number, ListedPart>(listed.map((p) => [p.part_number, p]));
  const undo: number[] = [];
  const etagFixes = new Map<number, string>();
  for (const [n, part] of job.parts.done) {
    const s = server.get(n);
    if (!s || s.size !== part.size) undo.push(n);
    else if (part.etag && s.etag && bareEtag(part.etag) === bareEtag(s.etag)) continue;
    else if (!part.etag && part.md5 && s.etag && (!etagIsMd5(s.etag) || bareEtag(s.etag) === part.md5))
      etagFixes.set(n, s.etag);
    else undo.push(n);
  }
  if (undo.length > 0) ctx.journal.undoParts(job.id, undo);
  job.parts.undo(undo);
  if (etagFixes.size > 0) ctx.journal.setEtags(job.id, etagFixes);
  job.parts.setEtags(etagFixes);

  for (const s of listed) {
    const n = s.part_number;
    if (job.parts.done.has(n) || n < 1 || n > (job.totalParts ?? 0) || !s.etag || !etagIsMd5(s.etag)) continue;
    const { start, size } = job.partRange(n);
    if (s.size !== size) continue;
    const md5 = await md5OfRange(job.identity.path, start, size, job.apiAbort.signal);
    ctx.checkStale();
    if (md5 !== bareEtag(s.etag)) continue;
    ctx.journal.commitPart(job.id, { partNumber: n, size, etag: s.etag, md5 }, job);
    job.parts.adopt(n, { size, etag: s.etag, md5 });
  }
}

export type CompleteOutcome = 'completed' | 'needs-parts' | 'changed';

export async function completeJob(ctx: StepContext, job: UploadJob): Promise<CompleteOutcome> {
  ctx.setState('completing');
  if (!(await statMatches(job.identity))) {
    // Changed under us: prepare again, which notices, tells the user and starts over.
    job.prepareAgain();
    ctx.setState('uploading');
    return 'changed';
  }
  if (await recoverMissingEtags(ctx, job)) return 'needs-parts';

  const parts = [...job.parts.done.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([part_number, p]) => ({ part_number, etag: p.etag! }));
  try {
    await ctx.call((signal) => ctx.api.uploads.complete(job.sessionId!, parts, { signal }));
  } catch (error) {
    if (classify(error).kind === 'aborted') throw error;
    // A lost response to an earlier try, or a replay refused: the session may be complete already.
    const session = await getSessionOrNull(ctx, job.sessionId!).catch(() => null);
    if (session?.status.toUpperCase() !== 'COMPLETED') {
      if (classify(error).status === 422 && job.completeRepairs < 2) {
        job.countCompleteRepair();
        const before = job.parts.done.size;
        await reconcile(ctx, job);
        if (job.parts.done.size < before || job.parts.done.size < job.totalParts!) {
          job.resyncParts();
          ctx.setState('uploading');
          return 'needs-parts';
        }
      }
      throw error;
    }
  }
  markCompleted(ctx, job);
  return 'completed';
}

/**
 * Parts whose PUT answered without an ETag (Uppy hangs here, #6182): take the ETag from
 * list-parts; a part the server does not list is sent again. Returns true when parts must be
 * re-sent first.
 */
async function recoverMissingEtags(ctx: StepContext, job: UploadJob): Promise<boolean> {
  const missing = [...job.parts.done.entries()].filter(([, p]) => !p.etag);
  if (missing.length === 0) return false;
  const listed = await ctx.call((signal) => ctx.api.uploads.listParts(job.sessionId!, { signal }));
  ctx.checkStale();
  const server = new Map<number, ListedPart>(listed.map((p) => [p.part_number, p]));
  const undo: number[] = [];
  const fixes = new Map<number, string>();
  for (const [n, p] of missing) {
    const s = server.get(n);
    if (!s || s.size !== p.size) undo.push(n);
    else if (s.etag && etagIsMd5(s.etag) && p.md5 && bareEtag(s.etag) !== p.md5) undo.push(n);
    else fixes.set(n, s.etag || `"${p.md5}"`);
  }
  if (fixes.size > 0) ctx.journal.setEtags(job.id, fixes);
  job.parts.setEtags(fixes);
  if (undo.length === 0) return false;
  ctx.journal.undoParts(job.id, undo);
  job.parts.undo(undo);
  job.resyncParts();
  ctx.setState('uploading');
  return true;
}

export async function attachJob(ctx: StepContext, job: UploadJob): Promise<void> {
  ctx.setState('attaching');
  const target = job.target;
  const uploadId = job.sessionId!;
  let lesson: LessonInfo;
  if (target.kind === 'preview') {
    if (!ctx.attachPreview) {
      throw new ContractProblem(
        'This upload is a course preview video, and nothing here can attach one to its course.',
      );
    }
    if (!job.attachAttempted) {
      ctx.journal.setAttachAttempted(job.id);
      job.markAttachAttempted();
    }
    // Queued with the course's update (sent when the server answers); handing it over again after
    // a restart queues the same value, which is harmless.
    await ctx.attachPreview(target.courseId, uploadId);
    ctx.checkStale();
    lesson = { id: target.courseId };
  } else if (target.kind === 'new') {
    lesson = await createLesson(ctx, job, target, uploadId);
  } else {
    if (!job.attachAttempted) {
      ctx.journal.setAttachAttempted(job.id);
      job.markAttachAttempted();
    }
    const updated = await ctx.call((signal) =>
      ctx.api.lessons.update(
        target.courseId,
        target.sectionId,
        target.lessonId,
        { video_upload_id: uploadId },
        { signal },
      ),
    );
    lesson = { ...updated, id: updated?.id ?? target.lessonId };
    ctx.checkStale();
    ctx.journal.setLessonId(job.id, lesson.id);
    job.recordLesson(lesson.id);
  }
  ctx.attached?.(job, lesson);
  ctx.setState('done');
}
