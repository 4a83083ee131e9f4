/**
 * Main process / plain Node. Handlers for the command palette's cache search and the record of
 * assignments created from this workspace.
 */
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type AuthoringChannels = 'palette.search' | 'palette.prepare' | 'assignments.history';

export function authoringHandlers(services: AppServices): Pick<HandlerTable, AuthoringChannels> {
  const sync = () => services.session().sync;
  return {
    'palette.search': ({ text, limit }) => sync().searchCache(text, limit ?? 20),
    'palette.prepare': () => ({ reading: sync().prepareSearch() }),
    'assignments.history': () => sync().assignmentHistory(),
  };
}
