// CLI (plain Node). The part of `lectern upload` that needs the upload engine (upload.ts checks
// the command line and sends the first request before this module is loaded): the journal, the
// pre-flight checks, then the uploads until they end.
import { UploadManagerError, storedCheckOf, type AddUploadInput, type LessonTarget } from '../../uploads/index.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { preflightFiles, type SectionRead } from './upload-preflight.ts';
import { openManager, runToEnd } from './uploads.ts';

export interface UploadRequest {
  files: string[];
  target: LessonTarget;
  title: string | undefined;
  engine: Parameters<typeof openManager>[1];
  /** The target section's lessons, asked for before the engine was loaded. */
  section: { answer: Promise<SectionRead> };
  allowDuplicates: boolean;
}

export async function uploadFiles(ctx: CommandContext, request: UploadRequest): Promise<number> {
  const { files, target, title } = request;
  const manager = await openManager(ctx, request.engine);
  try {
    const checked = await preflightFiles(ctx, manager, files, target, request.allowDuplicates, request.section.answer);
    const inputs: AddUploadInput[] = checked.accepted.map(({ path, check }) => ({
      path,
      lessonTarget: target.kind === 'new' && title !== undefined ? { ...target, title } : target,
      // The type the bytes show, not the one the name suggests.
      ...(check ? { fileCheck: storedCheckOf(check), ...(check.mime ? { contentType: check.mime } : {}) } : {}),
    }));
    let rows;
    try {
      rows = await manager.add(inputs, { reuseExisting: true });
    } catch (error) {
      if (error instanceof UploadManagerError) throw new UsageError(error.message);
      throw error;
    }
    for (const r of rows)
      if (r.state === 'done') ctx.out.note(`${r.fileName} was already uploaded (lesson ${r.lessonId}).`);
    const code = await runToEnd(ctx, manager, rows);
    // A file that is not a video is the caller's mistake, like a missing one.
    return code === 0 && checked.refused.length > 0 ? 2 : code;
  } finally {
    await manager.close();
  }
}
