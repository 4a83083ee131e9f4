// Tests (plain Node): a saved key is bound to the origin it was verified against. Moving a
// workspace needs the new address's key; a profile row changed behind the service's back cannot
// make any client send the key elsewhere. Real SQLite, the real Secret Service, real HTTP.
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, useTestSandbox } from '../test-support/index.ts';
import { createApiClient, KeyBoundElsewhereError } from '../api/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { requirePrivateKeyring } from '../keychain/test-support/index.ts';
import { KeyRejected, KeyRequired, WORKSPACES_DB_FILE, type WorkspaceService } from './index.ts';
import { encodeStoredKey } from './stored-key.ts';
import {
  caught,
  keychainKey,
  keychainOrigin,
  openService,
  startRecorder,
  type Recorder,
} from './test-support/index.ts';

requirePrivateKeyring();

const serverA = useTestSandbox({ seed: 'empty' });
const serverB = useTestSandbox({ seed: 'empty' });
let recorder: Recorder;
let dataDir: string;
let service: WorkspaceService;

beforeAll(async () => {
  recorder = await startRecorder();
});
afterAll(async () => {
  await recorder.close();
});
beforeEach(() => {
  dataDir = tempDir('lectern-workspaces-');
  service = openService(dataDir);
  recorder.requests.length = 0;
});
afterEach(async () => {
  for (const p of service.list()) await service.remove(p.id, { confirm: true }).catch(() => undefined);
  service.close();
});

const origin = (url: string) => new URL(url).origin;

async function addOnA(name = 'Work') {
  const { profile } = await service.add({
    name,
    environment: 'production',
    baseUrl: serverA.baseUrl,
    keyMode: 'tenant',
    apiKey: serverA.keys.tenantAdmin,
  });
  return profile;
}

/** Rewrites the row's address directly in SQLite, as malware or a hand edit could. */
function tamperBaseUrl(profileId: string, baseUrl: string): void {
  const raw = new DatabaseSync(join(dataDir, WORKSPACES_DB_FILE));
  raw.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(baseUrl, profileId);
  raw.close();
}

describe('keys are bound to the origin they were verified against', () => {
  it('the keychain entry carries the key with its origin', async () => {
    const profile = await addOnA();
    expect(keychainKey(profile.id)).toBe(serverA.keys.tenantAdmin);
    expect(keychainOrigin(profile.id)).toBe(origin(serverA.baseUrl));
  });

  it('moving a workspace without a key for the new address is refused: nothing changes, nothing is sent', async () => {
    const profile = await addOnA();
    const error = await caught(service.update(profile.id, { baseUrl: recorder.baseUrl, name: 'Renamed' }));
    expect(error).toBeInstanceOf(KeyRequired);
    expect((error as KeyRequired).details.field).toBe('apiKey');
    expect(service.get(profile.id)).toMatchObject({ baseUrl: serverA.baseUrl, name: 'Work', hasKey: true });
    await service.testConnection(profile.id);
    expect(recorder.requests).toEqual([]);
  });

  it('a move verifies the new key there first, then replaces the old key, bound to the new origin', async () => {
    const profile = await addOnA();
    // A's key is not valid on B: refused, and the workspace keeps its address and key.
    await expect(
      service.update(profile.id, { baseUrl: serverB.baseUrl, apiKey: serverA.keys.tenantAdmin }),
    ).rejects.toThrow(KeyRejected);
    expect(service.get(profile.id).baseUrl).toBe(serverA.baseUrl);
    expect(keychainKey(profile.id)).toBe(serverA.keys.tenantAdmin);

    const moved = await service.update(profile.id, { baseUrl: serverB.baseUrl, apiKey: serverB.keys.tenantAdmin });
    expect(moved).toMatchObject({
      baseUrl: serverB.baseUrl,
      hasKey: true,
      keyHint: serverB.keys.tenantAdmin.slice(-4),
    });
    expect(keychainKey(profile.id)).toBe(serverB.keys.tenantAdmin);
    expect(keychainOrigin(profile.id)).toBe(origin(serverB.baseUrl));
    const connection = service.getConnection(profile.id);
    expect(await connection.apiKey()).toEqual({ key: serverB.keys.tenantAdmin, origin: origin(serverB.baseUrl) });
    await service.testConnection(profile.id);
  });

  it('a row pointed elsewhere behind the service’s back cannot make any client send the key there', async () => {
    const profile = await addOnA();
    service.close();
    tamperBaseUrl(profile.id, recorder.baseUrl);
    service = openService(dataDir);

    const connection = service.getConnection(profile.id);
    expect(connection.baseUrl).toBe(recorder.baseUrl);
    const client = createApiClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
    try {
      const error = await caught(client.courses.list());
      expect(error).toBeInstanceOf(KeyBoundElsewhereError);
      expect(error.message).not.toContain(serverA.keys.tenantAdmin);
    } finally {
      await client.close();
    }
    await expect(service.testConnection(profile.id)).rejects.toThrow(KeyRequired);
    expect(recorder.requests).toEqual([]);
  });

  it('a key saved before keys were bound is bound to its workspace’s address on first use', async () => {
    const keyStore = createMemoryKeyStore();
    service.close();
    service = openService(dataDir, { keyStore });
    const profile = await addOnA('Legacy');
    await keyStore.set(profile.id, serverA.keys.tenantAdmin); // a bare key, as older versions stored it
    service.close();
    service = openService(dataDir, { keyStore });
    expect(await service.getConnection(profile.id).apiKey()).toEqual({
      key: serverA.keys.tenantAdmin,
      origin: origin(serverA.baseUrl),
    });
    expect(await keyStore.get(profile.id)).toBe(
      encodeStoredKey({ key: serverA.keys.tenantAdmin, origin: origin(serverA.baseUrl) }),
    );
  });
});
