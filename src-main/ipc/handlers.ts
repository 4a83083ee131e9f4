/**
 * Main process / plain Node. The handler table: contract channel → service call.
 * Shared by the Electron shell and the bridge host, so both transports behave the same.
 */
import type { AppServices } from '../services/index.ts';
import type { HandlerTable } from './dispatch.ts';

export function createHandlers(services: AppServices): HandlerTable {
  return {
    'app.info': () => services.info(),
    'app.health': () => services.health(),
    'app.echo': ({ text }) => ({ text, receivedAt: new Date().toISOString() }),
  };
}
