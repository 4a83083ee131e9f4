// Test support (plain Node, used only by workspace *.test.ts): a temp data folder, a service over
// the real keychain, and checks that a key has left no trace in the data folder.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createSystemKeyStore, type KeyStore } from '../keychain/index.ts';
import { filesContaining } from '../keychain/test-support.ts';
import { WORKSPACES_DB_FILE, WorkspaceService, type WorkspaceServiceOptions } from './index.ts';

export function tempDataDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'lectern-workspaces-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

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
