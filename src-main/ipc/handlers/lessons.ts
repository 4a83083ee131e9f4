/**
 * Main process / plain Node. Handlers for lesson authoring: the lesson's edit draft, moves (only
 * `order`, through the outbox), deletes that wait LESSON_DELETE_DELAY_MS in the outbox so they can
 * be undone, and the course's lesson work still waiting to be sent.
 */
import { LESSON_DELETE_DELAY_MS } from '../../../src-shared/index.ts';
import { toDraft, toPendingLessonDelete } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type LessonChannels = 'lessons.delete' | 'lessons.edit' | 'lessons.move' | 'lessons.undoDelete' | 'lessons.pending';

export function lessonHandlers(services: AppServices): Pick<HandlerTable, LessonChannels> {
  const sync = () => services.session().sync;
  return {
    'lessons.delete': (ref) => toPendingLessonDelete(sync().scheduleLessonDelete(ref, LESSON_DELETE_DELAY_MS)),
    'lessons.edit': async ({ courseId, sectionId, id }) =>
      toDraft(await sync().editDraft({ resource: 'lesson', id, parent: { courseId, sectionId } })),
    'lessons.move': async ({ position, ...ref }) => {
      await sync().moveLesson(ref, position);
      return { ok: true as const };
    },
    'lessons.undoDelete': ({ draftId }) => {
      sync().undoLessonDelete(draftId);
      return { ok: true as const };
    },
    'lessons.pending': ({ courseId }) => {
      const { deletes, creates } = sync().pendingLessonWork(courseId);
      return { deletes: deletes.map(toPendingLessonDelete), creates };
    },
  };
}
