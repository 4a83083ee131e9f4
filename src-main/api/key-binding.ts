// Main process / plain Node. A saved key is bound to the origin it was verified against: the
// client resolves the key for each request and refuses to put it in an Authorization header for
// any other origin, whatever address the caller (a profile row, a CLI flag) hands it.
import type { ApiKeySource } from './core.ts';
import { ApiError, type IpcError } from './errors.ts';

/** A key together with the one origin (`https://host:port`) it may be sent to. */
export interface BoundApiKey {
  readonly key: string;
  readonly origin: string;
}

/** What a client accepts: a plain key (the caller vouches for the address) or a bound one. */
export type ClientKeySource = ApiKeySource | BoundApiKey | (() => string | BoundApiKey | Promise<string | BoundApiKey>);

/** Refused before anything was sent: the key belongs to another server. */
export class KeyBoundElsewhereError extends ApiError {
  readonly kind = 'Unauthorized' as const;
  override name = 'KeyBoundElsewhereError';
  constructor(boundOrigin: string, requestedOrigin: string) {
    super({
      status: null,
      code: 'KEY_BOUND_ELSEWHERE',
      message:
        `The saved API key was verified for ${boundOrigin} and is never sent to ${requestedOrigin}. ` +
        'Enter the key for this address in the workspace settings.',
      method: '',
      path: '',
    });
  }
  override toIpcError(): IpcError {
    return { code: 'KEY_BOUND_ELSEWHERE', message: this.message, details: this.toJSON() };
  }
}

export function originOfUrl(url: string): string {
  return new URL(url).origin;
}

/**
 * The key source the request engine gets: resolves `source` on every call and, for a bound key,
 * checks its origin against the client's before the key can reach a header.
 */
export function bindKeySource(source: ClientKeySource, clientOrigin: string): ApiKeySource {
  if (typeof source === 'string') return source;
  return async () => {
    const resolved = typeof source === 'function' ? await source() : source;
    if (typeof resolved === 'string') return resolved;
    if (resolved.origin !== clientOrigin) throw new KeyBoundElsewhereError(resolved.origin, clientOrigin);
    return resolved.key;
  };
}

/** The key's text whatever form its source has: to scrub it from reports, never to send it. */
export async function keyText(source: ClientKeySource): Promise<string> {
  const resolved = typeof source === 'function' ? await source() : source;
  return typeof resolved === 'string' ? resolved : resolved.key;
}
