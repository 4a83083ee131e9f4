/**
 * Main process / plain Node. The composition root: builds every main-process service once and
 * hands them to a transport (Electron shell or bridge host). Nothing here imports Electron.
 */
import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppInfo, EventName, EventPayload, Health } from '../../src-preload/contract.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { createLogger, type Logger } from './log.ts';

export interface AppEnvironment {
  /** Electron's userData in the app; a temp or chosen folder under the bridge host. */
  dataDir: string;
  transport: AppInfo['transport'];
  electronVersion?: string | null;
  chromeVersion?: string | null;
  echoLog?: boolean;
}

export interface AppEvents {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: (event: EventName, payload: unknown) => void): () => void;
}

export interface AppServices {
  readonly env: AppEnvironment;
  readonly log: Logger;
  readonly events: AppEvents;
  info(): AppInfo;
  health(): Promise<Health>;
  close(): Promise<void>;
}

export const APP_VERSION: string = packageJson.version;

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

export async function createAppServices(env: AppEnvironment): Promise<AppServices> {
  mkdirSync(env.dataDir, { recursive: true });
  const log = createLogger(join(env.dataDir, 'logs'), env.echoLog ?? false);
  const events = createEvents();
  const heartbeat = setInterval(() => events.emit('app.heartbeat', { at: new Date().toISOString() }), 15_000);
  heartbeat.unref();
  log.info('services started', { transport: env.transport });

  return {
    env,
    log,
    events,
    info: () => ({
      name: 'Lectern',
      version: APP_VERSION,
      platform: process.platform,
      versions: {
        node: process.versions.node,
        electron: env.electronVersion ?? null,
        chrome: env.chromeVersion ?? null,
      },
      transport: env.transport,
    }),
    health: async () => {
      const checks = [{ name: 'data folder', ok: true, detail: env.dataDir }];
      return { ok: checks.every((check) => check.ok), checks };
    },
    close: async () => {
      clearInterval(heartbeat);
      log.info('services stopped');
    },
  };
}
