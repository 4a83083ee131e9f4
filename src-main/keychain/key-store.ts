/**
 * Main process / plain Node. Where API keys live, as an interface: the real one is the OS keychain
 * (system-key-store.ts); tests of other modules pass the in-memory one.
 */

export interface KeyStore {
  /** The stored key, or null when there is none. */
  get(profileId: string): Promise<string | null>;
  /** Stores or replaces the key. */
  set(profileId: string, key: string): Promise<void>;
  /** Removes the key; true when there was one. */
  delete(profileId: string): Promise<boolean>;
}

/** For tests and for keys that are not secret (the in-process sandbox). Lives only in memory. */
export function createMemoryKeyStore(initial: Iterable<readonly [string, string]> = []): KeyStore {
  const keys = new Map<string, string>(initial);
  return {
    get: async (profileId) => keys.get(profileId) ?? null,
    set: async (profileId, key) => {
      keys.set(profileId, key);
    },
    delete: async (profileId) => keys.delete(profileId),
  };
}
