/**
 * Main process / plain Node. Joins the handler table to the shared dispatch; both transports
 * (Electron shell and bridge host) call this and nothing else.
 */
import { describeError } from '../platform/index.ts';
import type { AppServices } from '../services/index.ts';
import { createDispatch, type Dispatch } from './dispatch.ts';
import { createHandlers } from './handlers.ts';

export { createDispatch, originOf, type Dispatch, type DispatchTiming, type HandlerTable } from './dispatch.ts';

export function createAppDispatch(services: AppServices, allowedOrigins: () => readonly string[]): Dispatch {
  return createDispatch({
    handlers: createHandlers(services),
    allowedOrigins,
    logInternalError: (channel, error) =>
      services.log.error('ipc handler failed', { channel, ...describeError(error) }),
  });
}
