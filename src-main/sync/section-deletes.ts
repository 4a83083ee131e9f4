// Main process / plain Node. A section's delete: it waits in the outbox so it can be undone, and
// never takes lessons with it unless they are asked for by name — then each of them is a delete of
// its own, sent first (a server refuses a section that still holds lessons), and an Undo of the
// section brings back those not sent yet. A refusal for a section still holding lessons is said in
// words.
import { SECTION_NOT_EMPTY_STATUSES } from '../api/index.ts';
import { listPendingDeletes, type PendingDelete } from './deletes.ts';
import { SyncServiceError } from './errors.ts';
import type { Fields } from './merge.ts';
import type { Outbox } from './outbox.ts';
import type { DatabaseSync } from 'node:sqlite';

export interface SectionRef {
  courseId: string;
  id: string;
}

export interface PendingSectionDelete extends PendingDelete {
  /** The server's refusal in words (a section that still holds lessons: 409 or 422), else null. */
  refusal: string | null;
}

export interface SectionDeletes {
  /** With `withLessons`, the section's lessons are scheduled for delete first (each with its own Undo). */
  schedule(ref: SectionRef, delayMs: number, options?: { withLessons?: boolean }): PendingSectionDelete;
  /** Undoes a section's delete and the deletes of its lessons still waiting with it. */
  undo(draftId: string): void;
  /** The course's section deletes still waiting, sending or refused. */
  pending(courseId: string): PendingSectionDelete[];
}

export interface SectionDeletesDeps {
  db: DatabaseSync;
  outbox: () => Outbox;
  /** The section as the cached outline has it (with its lessons), if cached. */
  cachedSection: (ref: SectionRef) => Fields | undefined;
}

/** A section deleted with its lessons is sent this long after them. */
const SECTION_AFTER_LESSONS_MS = 1_500;

function refusalOf(row: PendingDelete): string | null {
  if (row.state !== 'failed' || row.error === null) return null;
  const error = JSON.parse(row.error) as { status?: number | null; message?: string };
  if (typeof error.status === 'number' && SECTION_NOT_EMPTY_STATUSES.includes(error.status)) {
    return `The server refused to delete the section “${row.title || 'Untitled'}”: it still holds lessons (${error.status}). Move or delete its lessons first.`;
  }
  return error.message ?? 'The server refused to delete this section.';
}

export function createSectionDeletes({ db, outbox, cachedSection }: SectionDeletesDeps): SectionDeletes {
  /** The section's cached lessons whose own delete is not already waiting. */
  const lessonsLeft = (ref: SectionRef, held: readonly Fields[]): Fields[] => {
    const waiting = new Set(
      listPendingDeletes(db)
        .filter((p) => p.resource === 'lesson' && p.parent.sectionId === ref.id)
        .map((p) => p.targetId),
    );
    return held.filter((l) => !waiting.has(String(l.id)));
  };

  return {
    schedule(ref, delayMs, options = {}) {
      const copy = cachedSection(ref) ?? { id: ref.id };
      const held = Array.isArray(copy.lessons) ? (copy.lessons as Fields[]) : [];
      const lessons = lessonsLeft(ref, held);
      if (lessons.length > 0 && !options.withLessons) {
        // Never delete lessons along with their section unless asked for by name.
        const count = lessons.length;
        throw new SyncServiceError(
          'SECTION_NOT_EMPTY',
          `This section still holds ${count === 1 ? '1 lesson' : `${count} lessons`}: move or delete them first.`,
          { lessons: count },
        );
      }
      // Asked for by name: the lessons go first, each a delete of its own that waits as long.
      for (const lesson of lessons) {
        outbox().scheduleDelete({
          resource: 'lesson',
          parent: { courseId: ref.courseId, sectionId: ref.id },
          copy: { ...lesson, id: String(lesson.id) },
          delayMs,
        });
      }
      const { lessons: _lessons, ...withoutLessons } = copy;
      const view = outbox().scheduleDelete({
        resource: 'section',
        parent: { courseId: ref.courseId },
        copy: { ...withoutLessons, id: ref.id },
        // After its lessons' deletes (a server refuses a section that still holds lessons).
        delayMs: held.length > 0 ? delayMs + SECTION_AFTER_LESSONS_MS : delayMs,
      });
      const found = listPendingDeletes(db).find((p) => p.draftId === view.id);
      if (!found) throw new Error('scheduled delete not found');
      return { ...found, refusal: refusalOf(found) };
    },

    undo(draftId) {
      const section = listPendingDeletes(db).find((p) => p.draftId === draftId);
      outbox().cancelDelete(draftId);
      if (!section) return;
      // The lessons deleted with it come back with it (those not sent yet).
      for (const lesson of listPendingDeletes(db)) {
        if (lesson.resource !== 'lesson' || lesson.parent.sectionId !== section.targetId) continue;
        if (lesson.state === 'sending' || lesson.inDoubt) continue;
        outbox().cancelDelete(lesson.draftId);
      }
    },

    pending: (courseId) =>
      listPendingDeletes(db)
        .filter((p) => p.resource === 'section' && p.parent.courseId === courseId)
        .map((p) => ({ ...p, refusal: refusalOf(p) })),
  };
}
