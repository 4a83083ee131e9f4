/**
 * Main process / plain Node. Handlers for the command palette's cache search and the record of
 * assignments created from this workspace.
 */
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type AuthoringChannels = 'palette.search' | 'palette.prepare' | 'palette.searchServer' | 'assignments.history';

export function authoringHandlers(services: AppServices): Pick<HandlerTable, AuthoringChannels> {
  const sync = () => services.session().sync;
  return {
    'palette.search': ({ text, limit }) => sync().searchCache(text, limit ?? 20),
    'palette.prepare': () => ({ reading: sync().prepareSearch() }),
    'palette.searchServer': ({ text }) => sync().searchServer(text),
    'assignments.history': () => sync().assignmentHistory(),
  };
}
