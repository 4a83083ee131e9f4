/**
 * Main process / plain Node. Handlers for drafts, the outbox and connection state.
 */
import { toDraft } from '../../ipc-views/index.ts';
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type SyncChannels =
  | 'drafts.list'
  | 'drafts.get'
  | 'drafts.edit'
  | 'drafts.create'
  | 'drafts.save'
  | 'drafts.submit'
  | 'drafts.discard'
  | 'drafts.resolve'
  | 'drafts.reopen'
  | 'drafts.retry'
  | 'outbox.list'
  | 'sync.status'
  | 'sync.checkNow'
  | 'sync.recheckWrites';

export function syncHandlers(services: AppServices): Pick<HandlerTable, SyncChannels> {
  const sync = () => services.session().sync;
  return {
    'drafts.list': () => sync().listDrafts(),
    'drafts.get': ({ id }) => toDraft(sync().getDraft(id)),
    'drafts.edit': async ({ resource, serverId }) => toDraft(await sync().editDraft({ resource, id: serverId })),
    'drafts.create': ({ resource, parent, fields }) => toDraft(sync().createDraft({ resource, parent, fields })),
    'drafts.save': ({ id, changes }) => toDraft(sync().saveDraftFields(id, changes)),
    'drafts.submit': ({ id, changes }) => toDraft(sync().saveToServer(id, changes)),
    'drafts.discard': ({ id }) => {
      sync().discardDraft(id);
      return { ok: true as const };
    },
    'drafts.resolve': ({ id, choices }) => toDraft(sync().resolveConflict(id, choices, { enqueue: true })),
    'drafts.reopen': ({ id }) => toDraft(sync().reopenDraft(id)),
    'drafts.retry': ({ id }) => toDraft(sync().retryDraft(id)),
    'outbox.list': () => sync().listOutbox(),
    'sync.status': () => services.session().syncStatus(),
    'sync.checkNow': async () => {
      const session = services.session();
      await session.sync.checkConnectivity();
      return session.syncStatus();
    },
    'sync.recheckWrites': () => {
      const session = services.session();
      session.sync.forgetWriteRefusals();
      return session.syncStatus();
    },
  };
}
