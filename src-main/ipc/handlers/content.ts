/**
 * Main process / plain Node. Handlers for browsing content: reads through the offline cache (see
 * sync/cache), and deleting an assessment, which also drops it from the cache.
 */
import { cachedCourse, cachedRead } from '../../sync/index.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';
import { sectionsForScreens } from './course-for-screens.ts';

type ContentChannels =
  | 'categories.list'
  | 'courses.list'
  | 'courses.get'
  | 'quizzes.list'
  | 'assessments.list'
  | 'assessments.get'
  | 'assessments.delete';

export function contentHandlers(services: AppServices): Pick<HandlerTable, ContentChannels> {
  const sync = () => services.session().sync;
  return {
    'categories.list': () => cachedRead(sync(), { kind: 'categories' }),
    'courses.list': ({ refresh, ...query }) => cachedRead(sync(), { kind: 'courses', ...query }, refresh),
    'courses.get': async ({ id }) => {
      const answer = await cachedCourse(sync(), id);
      const data = answer.data && { ...answer.data, sections: sectionsForScreens(answer.data.sections) };
      return { ...answer, data };
    },
    'quizzes.list': ({ refresh, ...query }) => cachedRead(sync(), { kind: 'quizzes', ...query }, refresh),
    'assessments.list': ({ refresh, ...query }) => cachedRead(sync(), { kind: 'assessments', ...query }, refresh),
    // Opening an assessment asks for the server's copy too (`refresh`): a recent cached copy may
    // still predate someone else's change, and the editor must start from the newest.
    'assessments.get': ({ id, refresh }) =>
      cachedRead(sync(), { kind: 'assessment', assessmentId: id }, refresh === true),
    'assessments.delete': async ({ id }) => {
      const session = services.session();
      await session.client.assessments.delete(id);
      session.sync.forgetDeleted('assessment', id);
      return { ok: true as const };
    },
  };
}
