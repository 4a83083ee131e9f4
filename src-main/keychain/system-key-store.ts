/**
 * Main process / plain Node. The OS keychain through keytar: service "Lectern", account = profile
 * id. Every call is bounded by a timeout (a hung keyring daemon otherwise blocks for ~50 s) and
 * every failure becomes a typed error. There is deliberately no fallback: if the keychain cannot be
 * used, the key is not stored anywhere.
 */
import { createRequire } from 'node:module';
import { KeychainTimeout, KeychainUnavailable, reasonFromSystemMessage, type KeychainOperation } from './errors.ts';
import type { KeyStore } from './key-store.ts';

export const KEYCHAIN_SERVICE = 'Lectern';
export const DEFAULT_KEYCHAIN_TIMEOUT_MS = 4_000;

/** The part of keytar we use (keytar is CommonJS with a native addon, so it is required lazily). */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface SystemKeyStoreOptions {
  /** Per call; default 4 s. */
  timeoutMs?: number;
  /** Keychain service name; tests may use their own to stay apart from real items. */
  service?: string;
  /** How keytar is loaded; only replaced to exercise the "library missing" path. */
  loadKeytar?: () => KeytarApi;
}

export function loadKeytarModule(): KeytarApi {
  const require = createRequire(import.meta.url);
  return require('keytar') as KeytarApi;
}

export function createSystemKeyStore(options: SystemKeyStoreOptions = {}): KeyStore {
  const timeoutMs = options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS;
  const service = options.service ?? KEYCHAIN_SERVICE;
  const load = options.loadKeytar ?? loadKeytarModule;
  let keytar: KeytarApi | null = null;
  // keytar runs each call on libuv's small thread pool and a call cannot be cancelled. While an
  // earlier call is stuck past its timeout we refuse new ones at once instead of piling more stuck
  // threads on the pool (which fs, dns and zlib share).
  let stuckCalls = 0;

  function api(operation: KeychainOperation): KeytarApi {
    if (keytar) return keytar;
    try {
      keytar = load();
      return keytar;
    } catch (error) {
      throw new KeychainUnavailable('library-missing', operation, systemMessage(error));
    }
  }

  async function call<T>(operation: KeychainOperation, run: (k: KeytarApi) => Promise<T>): Promise<T> {
    if (stuckCalls > 0) throw new KeychainTimeout(operation, timeoutMs, true);
    const k = api(operation);
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const pending = (async () => run(k))();
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        stuckCalls += 1;
        reject(new KeychainTimeout(operation, timeoutMs));
      }, timeoutMs);
    });
    // When a timed-out call finally settles, free the slot and drop its result.
    const release = (): void => {
      if (timedOut) stuckCalls -= 1;
    };
    pending.then(release, release);
    try {
      return await Promise.race([pending, timeout]);
    } catch (error) {
      if (error instanceof KeychainTimeout) throw error;
      const message = systemMessage(error);
      throw new KeychainUnavailable(reasonFromSystemMessage(message), operation, message);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get: async (profileId) => {
      requireAccount(profileId);
      return call('get', (k) => k.getPassword(service, profileId));
    },
    set: async (profileId, key) => {
      requireAccount(profileId);
      if (typeof key !== 'string' || key.length === 0) throw new TypeError('An API key must be a non-empty string.');
      await call('set', (k) => k.setPassword(service, profileId, key));
    },
    delete: async (profileId) => {
      requireAccount(profileId);
      return call('delete', (k) => k.deletePassword(service, profileId));
    },
  };
}

function requireAccount(profileId: string): void {
  if (typeof profileId !== 'string' || profileId.length === 0) {
    throw new TypeError('A keychain account (profile id) must be a non-empty string.');
  }
}

/** keytar rejects with plain Errors whose message is the system's (never the password). */
function systemMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 300);
}
