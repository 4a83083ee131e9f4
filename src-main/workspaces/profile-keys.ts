/**
 * Main process / plain Node. Where each workspace's key lives: the OS keychain (through a
 * KeyStore), read once and then kept in memory, and the built-in Sandbox's key in memory only.
 * Every key is bound to the origin it was verified against.
 */
import { originOfUrl, type BoundApiKey } from '../api/index.ts';
import type { KeyStore } from '../keychain/index.ts';
import { NoKey } from './errors.ts';
import type { ProfileRow } from './profile-rows.ts';
import { decodeStoredKey, encodeStoredKey } from './stored-key.ts';

export class ProfileKeys {
  readonly #store: KeyStore;
  /**
   * Decision: the built-in Sandbox's key is kept in memory only. The app starts the sandbox
   * in-process on every launch and gets its key then, so the Sandbox works on machines without any
   * keychain, and a key that is not secret never lands in the user's keychain.
   */
  readonly #sandboxKeys = new Map<string, BoundApiKey>();
  /** Keys read from the keychain once, so API calls do not cost a D-Bus round trip each. */
  readonly #cache = new Map<string, BoundApiKey>();

  constructor(store: KeyStore) {
    this.#store = store;
  }

  /** Stores (or replaces) a verified key, bound to the server it was verified on. */
  async save(profileId: string, apiKey: string, baseUrl: string): Promise<void> {
    await this.#store.set(profileId, encodeStoredKey({ key: apiKey, origin: originOfUrl(baseUrl) }));
    this.#cache.delete(profileId);
  }

  /** Deletes the keychain entry; throws what the keychain threw. */
  async delete(profileId: string): Promise<void> {
    this.#cache.delete(profileId);
    await this.#store.delete(profileId);
  }

  setSandboxKey(profileId: string, key: BoundApiKey): void {
    this.#sandboxKeys.set(profileId, key);
  }

  has(row: ProfileRow): boolean {
    return row.environment === 'sandbox' ? this.#sandboxKeys.has(row.id) : row.has_key === 1;
  }

  /** The key with the origin it was verified against; the API client sends it nowhere else. */
  async read(row: ProfileRow): Promise<BoundApiKey> {
    if (row.environment === 'sandbox') {
      const key = this.#sandboxKeys.get(row.id);
      if (!key) throw new NoKey(row.name);
      return key;
    }
    const cached = this.#cache.get(row.id);
    if (cached) return cached;
    const stored = await this.#store.get(row.id);
    // libsecret answers reads from a locked keyring with "nothing": say so rather than "no key yet".
    if (!stored) throw new NoKey(row.name, row.has_key === 1);
    let key = decodeStoredKey(stored);
    if ('legacy' in key) {
      // Saved before keys carried their origin: bind it to the address it was saved for, once.
      key = { key: key.legacy, origin: originOfUrl(row.base_url) };
      // Best effort: if the keychain refuses the write, this run still keeps the binding in memory.
      await this.#store.set(row.id, encodeStoredKey(key)).catch(() => undefined);
    }
    this.#cache.set(row.id, key);
    return key;
  }

  /** Forgets the keys read into memory (closing). */
  clearCache(): void {
    this.#cache.clear();
  }
}
