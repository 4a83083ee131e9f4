/**
 * Main process / plain Node. What a workspace's keychain entry holds: the key and the origin it was
 * verified against, together, so the binding cannot be changed by anyone who cannot write the key
 * itself (a profile row in SQLite, or a renderer with the bridge token, can only change the address).
 */
import type { BoundApiKey } from '../api/index.ts';

const FORMAT = 'lectern-key/1';

export function encodeStoredKey(bound: BoundApiKey): string {
  return JSON.stringify({ format: FORMAT, origin: bound.origin, key: bound.key });
}

/**
 * The bound key, or `{ legacy }` for an entry written before keys were bound (a bare key), which
 * the service binds to the workspace's address once and writes back.
 */
export function decodeStoredKey(value: string): BoundApiKey | { legacy: string } {
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as { format?: unknown; origin?: unknown; key?: unknown };
      if (parsed.format === FORMAT && typeof parsed.origin === 'string' && typeof parsed.key === 'string') {
        return { key: parsed.key, origin: parsed.origin };
      }
    } catch {
      // not ours: an API key never starts with '{' in practice, but fall through to legacy
    }
  }
  return { legacy: value };
}
