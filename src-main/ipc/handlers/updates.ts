/**
 * Main process / plain Node. Handlers for the app's own updates: where they stand, "Check now",
 * "Restart now" and the automatic-checks setting (src-main/updates decides; this only forwards).
 */
import type { AppServices } from '../../services/index.ts';
import type { HandlerTable } from '../dispatch.ts';

type UpdateChannels = 'updates.status' | 'updates.check' | 'updates.restart' | 'updates.setAutomatic';

export function updateHandlers(services: AppServices): Pick<HandlerTable, UpdateChannels> {
  return {
    'updates.status': () => services.updates.status(),
    'updates.check': () => services.updates.checkNow(),
    'updates.restart': () => services.updates.restartNow(),
    'updates.setAutomatic': ({ automatic }) => services.updates.setAutomatic(automatic),
  };
}
