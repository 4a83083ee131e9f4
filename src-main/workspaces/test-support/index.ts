// Test support (plain Node, used only by workspace *.test.ts): a service over
// the real keychain, and checks that a key has left no trace in the data folder.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createSystemKeyStore, type KeyStore } from '../../keychain/index.ts';
import { filesContaining, secretToolLookup } from '../../keychain/test-support/index.ts';
import { WORKSPACES_DB_FILE, WorkspaceService, type WorkspaceServiceOptions } from '../index.ts';
import { decodeStoredKey } from '../stored-key.ts';

export function openService(
  dataDir: string,
  extra: Partial<WorkspaceServiceOptions> & { keyStore?: KeyStore } = {},
): WorkspaceService {
  return new WorkspaceService({ dataDir, keyStore: createSystemKeyStore(), ...extra });
}

/**
 * No file in the data folder contains the key. The SQLite file must exist, and while the service
 * is open so must its -wal (so the check really covered the write-ahead log).
 */
export function expectKeyNowhereOnDisk(dataDir: string, key: string, serviceOpen = true): void {
  const db = join(dataDir, WORKSPACES_DB_FILE);
  expect(existsSync(db)).toBe(true);
  if (serviceOpen) expect(existsSync(`${db}-wal`)).toBe(true);
  expect(filesContaining(dataDir, key)).toEqual([]);
}

/** A thrown value, caught for inspection. */
export async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

/** The key in a workspace's keychain entry (read from outside with secret-tool), or null. */
export function keychainKey(profileId: string): string | null {
  const stored = secretToolLookup(profileId);
  if (stored === null) return null;
  const decoded = decodeStoredKey(stored);
  return 'legacy' in decoded ? decoded.legacy : decoded.key;
}

/** The origin a workspace's keychain entry binds its key to (null: none, or a bare legacy key). */
export function keychainOrigin(profileId: string): string | null {
  const stored = secretToolLookup(profileId);
  if (stored === null) return null;
  const decoded = decodeStoredKey(stored);
  return 'legacy' in decoded ? null : decoded.origin;
}

/** A server that records every request it gets (with its Authorization header) and answers 200 `{}`. */
export interface Recorder {
  baseUrl: string;
  requests: { path: string; authorization: string | null }[];
  close(): Promise<void>;
}

export async function startRecorder(): Promise<Recorder> {
  const requests: Recorder['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization ?? null });
    res.setHeader('content-type', 'application/json');
    res.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
