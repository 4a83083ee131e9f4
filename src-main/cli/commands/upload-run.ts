// CLI (plain Node). The part of `lectern upload` that needs the upload engine (upload.ts checks
// the command line and sends the first request before this module is loaded): the journal, the
// pre-flight checks, then the uploads until they end.
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import {
  UploadManagerError,
  continuedBatch,
  storedCheckOf,
  type AddUploadInput,
  type FileCheck,
  type LessonTarget,
  type UploadRow,
} from '../../uploads/index.ts';
import { prepareFileChecks } from '../../media/index.ts';
import type { CommandContext } from '../command.ts';
import { UsageError } from '../globals.ts';
import { preflightFiles, type SectionRead } from './upload-preflight.ts';
import { openManager, runToEnd, startRows } from './uploads.ts';

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
  // The file checks' thread starts while the journal opens (it takes about 100 ms to start) if a
  // file is not named like an MP4 / MOV (main reads those); the probes share it, since
  // preflightFiles probes only once every file is decided.
  prepareFileChecks({ probesAfterEveryCheck: true, paths: files });
  const manager = await openManager(ctx, request.engine);
  try {
    // Each file is added and started as soon as it passes its check, all in one batch (one order
    // in the section), so bytes move while the next files are still being read; a run stopped
    // before it added every file is continued by the same command: its batch, not a new one.
    const batchId =
      continuedBatch(
        manager.list(),
        files.map((f) => resolve(f)),
        target,
      ) ?? randomUUID();
    const rows: UploadRow[] = [];
    // Files accepted while an add is running wait for it and go in together (one journal fsync).
    const waiting: { input: AddUploadInput; probed: Promise<FileCheck> | null }[] = [];
    // The prober's facts reach the journal when read (the decision did not wait for them).
    const facts: Promise<void>[] = [];
    const nothingAdded: Promise<void> = Promise.resolve();
    let adding = nothingAdded;
    const addWaiting = async (): Promise<void> => {
      const entries = waiting.splice(0);
      if (entries.length === 0) return;
      let added: UploadRow[];
      try {
        added = await manager.add(
          entries.map((e) => e.input),
          { reuseExisting: true, batchId },
        );
      } catch (error) {
        if (error instanceof UploadManagerError) throw new UsageError(error.message);
        throw error;
      }
      added.forEach((r, i) => {
        if (r.state === 'done') ctx.out.note(`${r.fileName} was already uploaded (lesson ${r.lessonId}).`);
        rows.push(r);
        const probed = entries[i]?.probed;
        if (probed)
          facts.push(
            probed.then(
              (full) => manager.setFileCheck(r.id, storedCheckOf(full)),
              () => undefined,
            ),
          );
      });
      startRows(manager, added);
    };
    const checked = await preflightFiles(
      ctx,
      manager,
      files,
      target,
      request.allowDuplicates,
      request.section.answer,
      async ({ path, check, probed }) => {
        const input: AddUploadInput = {
          path,
          lessonTarget: target.kind === 'new' && title !== undefined ? { ...target, title } : target,
          // The type the bytes show, not the one the name suggests.
          ...(check ? { fileCheck: storedCheckOf(check), ...(check.mime ? { contentType: check.mime } : {}) } : {}),
        };
        waiting.push({ input, probed });
        const first = adding === nothingAdded;
        adding = adding.then(addWaiting);
        adding.catch(() => undefined); // surfaced by the await below
        // The first file is added and started before the next one is read: its upload begins
        // without sharing the disk and the CPU with the checks of the rest.
        if (first) await adding.catch(() => undefined);
      },
    );
    await adding;
    await Promise.all(facts);
    const code = await runToEnd(ctx, manager, rows, { started: true });
    // A file that is not a video is the caller's mistake, like a missing one.
    return code === 0 && checked.refused.length > 0 ? 2 : code;
  } finally {
    await manager.close();
  }
}
