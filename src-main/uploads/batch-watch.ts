// Main process / plain Node. Tells when a batch of uploads has ended (once, again after a retry),
// and then settles its lessons' order in their section.
import { batchOutcome } from './batch-notice.ts';
import type { LessonPlacement } from './lesson-order.ts';
import type { UploadManagerOptions } from './types.ts';
import type { UploadJob } from './upload-job.ts';

export class BatchWatch {
  private readonly options: UploadManagerOptions;
  private readonly placement: LessonPlacement;
  private readonly jobs: () => readonly UploadJob[];
  private readonly reported = new Set<string>();
  private readonly work = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  constructor(options: UploadManagerOptions, placement: LessonPlacement, jobs: () => readonly UploadJob[]) {
    this.options = options;
    this.placement = placement;
    this.jobs = jobs;
  }

  /** Batches that had ended before this run were told about then. */
  seenEnded(): void {
    for (const batchId of new Set(this.jobs().map((j) => j.batchId))) {
      if (batchId !== null && batchOutcome(this.members(batchId)).ended) this.reported.add(batchId);
    }
  }

  check(batchId: string | null): void {
    if (batchId === null || this.abort.signal.aborted) return;
    const members = this.members(batchId);
    const outcome = batchOutcome(members);
    if (!outcome.ended) {
      this.reported.delete(batchId);
      return;
    }
    if (this.reported.has(batchId)) return;
    this.reported.add(batchId);
    const first = members[0]!;
    // A course preview is no lesson batch: its course screen shows how it went.
    if (first.target.kind === 'preview') return;
    this.options.onBatchEnded?.({
      batchId,
      courseId: first.target.courseId,
      sectionId: first.target.sectionId,
      uploaded: outcome.uploaded,
      failed: outcome.failed,
    });
    const settling = this.placement
      .settle(batchId, { signal: this.abort.signal })
      .catch(() => undefined) // best effort: the lessons exist either way
      .finally(() => this.work.delete(settling));
    this.work.add(settling);
  }

  /** Resolves once no batch is being put in order. */
  async settled(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
  }

  async close(): Promise<void> {
    this.abort.abort(new Error('closing'));
    await Promise.allSettled([...this.work]);
  }

  private members(batchId: string): UploadJob[] {
    return this.jobs().filter((j) => j.batchId === batchId);
  }
}
