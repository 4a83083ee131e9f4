// CLI (plain Node). `--profile NAME`: a saved workspace's server and key (from the OS keychain),
// the connection resolver connection.ts tries first. Loaded only when --profile is given.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BoundApiKey } from '../api/index.ts';
import { createSystemKeyStore, type KeyStore } from '../keychain/index.ts';
import { NoKey, WORKSPACES_DB_FILE, WorkspaceService, type Profile } from '../workspaces/index.ts';
import { UsageError, type GlobalOptions } from './globals.ts';

/** The saved workspace named `name` (case-insensitive), or UsageError listing the names there are. */
export function byName(service: WorkspaceService, name: string): Profile {
  const profile = service.findByName(name);
  if (profile) return profile;
  const names = service.list().map((p) => `"${p.name}"`);
  throw new UsageError(
    `There is no workspace named "${name}".${names.length ? ` Workspaces: ${names.join(', ')}.` : ''}`,
  );
}

export interface ResolvedProfileConnection {
  profileId: string;
  baseUrl: string;
  keyMode: Profile['keyMode'];
  /** Read from the keychain once, when the connection was resolved, with the origin it is bound to. */
  apiKey: BoundApiKey;
}

/**
 * The server and key of the workspace named `name` in `dataDir` (case-insensitive). Throws
 * UsageError for an unknown name, a workspace without key, or the built-in Sandbox (whose key
 * exists only inside the running app); keychain errors pass through with their plain message.
 */
export async function resolveProfileConnection(
  name: string,
  dataDir: string,
  keyStore: KeyStore = createSystemKeyStore(),
): Promise<ResolvedProfileConnection> {
  if (!existsSync(join(dataDir, WORKSPACES_DB_FILE))) {
    throw new UsageError(
      `There is no workspace named "${name}" (no workspaces in ${dataDir}). Add one with: lectern profiles add`,
    );
  }
  const service = new WorkspaceService({ dataDir, keyStore });
  try {
    const profile = byName(service, name);
    if (profile.environment === 'sandbox') {
      throw new UsageError(
        'The built-in Sandbox workspace’s key exists only inside the running app. For the CLI, start a sandbox with ' +
          '`npm run sandbox` and use --base-url with LECTERN_API_KEY.',
      );
    }
    if (!profile.hasKey) throw new UsageError(new NoKey(profile.name).message);
    const connection = service.getConnection(profile.id);
    return {
      profileId: profile.id,
      baseUrl: connection.baseUrl,
      keyMode: connection.keyMode,
      apiKey: await connection.apiKey(),
    };
  } finally {
    service.close();
  }
}

/** For CONNECTION_RESOLVERS (first): answers when `--profile NAME` was given, else lets others try. */
export const profileResolver = async (
  globals: GlobalOptions,
): Promise<Pick<ResolvedProfileConnection, 'baseUrl' | 'apiKey' | 'profileId'> | null> => {
  const name = globals.raw.profile;
  if (name === undefined) return null;
  if (typeof name !== 'string' || name.trim() === '') throw new UsageError('--profile needs a workspace NAME');
  if (globals.raw['base-url'] !== undefined) throw new UsageError('Use either --profile or --base-url, not both.');
  const { baseUrl, apiKey, profileId } = await resolveProfileConnection(name, globals.dataDir);
  return { baseUrl, apiKey, profileId };
};
