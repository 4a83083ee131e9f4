/**
 * Main process / plain Node. The app's event stream: what main tells the renderer (and tests)
 * as it happens. One emitter per app; each transport subscribes once and forwards.
 */
import { EventEmitter } from 'node:events';
import type { EventName, EventPayload } from '../../src-shared/index.ts';

export interface AppEvents {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void;
}

export function createEvents(): AppEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  return {
    emit: (event, payload) => emitter.emit('event', event, payload),
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
