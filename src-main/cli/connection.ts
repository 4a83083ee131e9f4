// CLI (plain Node). Where a command's server and key come from. Resolvers are tried in order; the
// first that returns a connection wins. The workspaces engineer adds a `--profile` resolver (key
// from the keychain) by putting it first in CONNECTION_RESOLVERS.
import type { ClientKeySource } from '../api/index.ts';
// Every command loads this module. In the bundle only the loopback check comes with it, not the
// file handles behind the same index (`node:crypto`, `node:fs/promises`): scripts/build/cli.ts.
import { isLoopbackHost } from '../platform/index.ts';
import { UsageError } from './globals.ts';
import type { GlobalOptions } from './globals.ts';

export interface Connection {
  baseUrl: string;
  /** A key from a saved workspace is bound to the origin it was verified for. */
  apiKey: ClientKeySource;
  /** A saved workspace's id (`--profile`): its contract deviations are kept in its database. */
  profileId?: string;
}

/** Returns a connection, or null to let the next resolver try. Throws UsageError when it owns the
 * request (e.g. `--profile` given) but cannot satisfy it. */
export type ConnectionResolver = (globals: GlobalOptions, env: NodeJS.ProcessEnv) => Promise<Connection | null>;

/** `--base-url` (or LECTERN_BASE_URL) plus LECTERN_API_KEY. */
export const fromEnvironment: ConnectionResolver = async (globals, env) => {
  if (!globals.baseUrl) throw new UsageError('No server: pass --base-url URL (or set LECTERN_BASE_URL).');
  const key = env.LECTERN_API_KEY;
  if (!key) throw new UsageError('No API key: set the LECTERN_API_KEY environment variable.');
  return { baseUrl: globals.baseUrl, apiKey: key };
};

/** `--profile NAME` (profile-connection.ts): its keychain and workspaces database are loaded only when it is given. */
const fromProfile: ConnectionResolver = async (globals) =>
  globals.raw.profile === undefined ? null : (await import('./profile-connection.ts')).profileResolver(globals);

export const CONNECTION_RESOLVERS: ConnectionResolver[] = [fromProfile, fromEnvironment];

export async function resolveConnection(globals: GlobalOptions, env: NodeJS.ProcessEnv): Promise<Connection> {
  for (const resolve of CONNECTION_RESOLVERS) {
    const connection = await resolve(globals, env);
    if (connection) {
      checkBaseUrl(connection.baseUrl);
      return connection;
    }
  }
  throw new UsageError('No server and key: pass --base-url and set LECTERN_API_KEY.');
}

function checkBaseUrl(baseUrl: string): void {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`--base-url is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError('--base-url must start with http:// or https://');
  // As in the app: the key travels in every request's Authorization header.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new UsageError(
      `Refusing to send the API key over plain http:// to ${url.hostname}: anyone on the network path could read ` +
        'it. Use https://, or http:// only for this computer (localhost, 127.x.x.x, [::1]).',
    );
  }
}
