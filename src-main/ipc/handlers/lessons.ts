/**
 * Main process / plain Node. Handlers for lesson authoring: the lesson's edit draft, moves (only
 * `order`, through the outbox), deletes that wait LESSON_DELETE_DELAY_MS in the outbox so they can
 * be undone, and the course's lesson work still waiting to be sent.
 */
import { LESSON_DELETE_DELAY_MS, type PendingLessonDelete } from '../../../src-shared/index.ts';
import type { PendingDelete } from '../../sync/deletes.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';
import { toDraft } from './sync.ts';

type LessonChannels = 'lessons.delete' | 'lessons.edit' | 'lessons.move' | 'lessons.undoDelete' | 'lessons.pending';

function toPending(p: PendingDelete): PendingLessonDelete {
  return {
    draftId: p.draftId,
    lessonId: p.targetId,
    courseId: p.parent.courseId ?? '',
    sectionId: p.parent.sectionId ?? '',
    title: p.title,
    state: p.state === 'sending' || p.state === 'failed' ? p.state : 'queued',
    sendAt: new Date(p.notBefore).toISOString(),
    inDoubt: p.inDoubt,
    error: p.error ? (JSON.parse(p.error) as PendingLessonDelete['error']) : null,
  };
}

export function lessonHandlers(services: AppServices): Pick<HandlerTable, LessonChannels> {
  const sync = () => services.session().sync;
  return {
    'lessons.delete': (ref) => toPending(sync().scheduleLessonDelete(ref, LESSON_DELETE_DELAY_MS)),
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
      return { deletes: deletes.map(toPending), creates };
    },
  };
}
