/**
 * Main process / plain Node. Workspace handlers. The API key only ever travels renderer → main
 * (add, setKey, update when the address changes); every answer carries `hasKey` and at most a four-character hint.
 */
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type WorkspaceChannels =
  | 'workspaces.list'
  | 'workspaces.add'
  | 'workspaces.update'
  | 'workspaces.setKey'
  | 'workspaces.test'
  | 'workspaces.remove'
  | 'workspaces.activate';

export function workspaceHandlers(services: AppServices): Pick<HandlerTable, WorkspaceChannels> {
  const { workspaces } = services;
  const changed = () => services.events.emit('workspaces.changed', { activeId: workspaces.activeProfileId() });
  return {
    'workspaces.list': () => ({ profiles: workspaces.list(), activeId: workspaces.activeProfileId() }),
    'workspaces.add': async ({ apiKey, ...input }) => {
      const verification = await workspaces.add({ ...input, apiKey });
      changed();
      return verification;
    },
    'workspaces.update': async ({ id, ...patch }) => {
      const profile = await workspaces.update(id, patch);
      changed();
      return profile;
    },
    'workspaces.setKey': async ({ id, apiKey }) => {
      const verification = await workspaces.setKey(id, apiKey);
      changed();
      return verification;
    },
    'workspaces.test': async ({ id }) => workspaces.testConnection(id),
    'workspaces.remove': async ({ id, confirm }) => {
      await workspaces.remove(id, { confirm });
      changed();
      return { ok: true as const };
    },
    'workspaces.activate': async ({ id }) => workspaces.setActiveProfile(id),
  };
}
