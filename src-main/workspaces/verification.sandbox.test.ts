// Tests (plain Node): saving and verifying keys end to end — real SQLite file, real Secret Service
// (scripts/with-keyring.sh), the sandbox server over HTTP on 127.0.0.1 — and that the key never
// lands in SQLite, in errors, or anywhere on disk.
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestSandbox, tempDir, useTestSandbox } from '../test-support/index.ts';
import { createApiClient } from '../api/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import {
  bareEnv,
  filesContaining,
  keyringHoldsSecret,
  requirePrivateKeyring,
  runNodeChild,
} from '../keychain/test-support/index.ts';
import { KeyRejected, NoKey, Unreachable, WORKSPACES_DB_FILE, type WorkspaceService } from './index.ts';
import { caught, expectKeyNowhereOnDisk, keychainKey, openService } from './test-support/index.ts';

requirePrivateKeyring();

let dataDir: string;
let service: WorkspaceService;
const thrown: unknown[] = [];

const sandbox = useTestSandbox({ seed: 'demo' });
// Runs before the sandbox closes (after-hooks run in reverse order).
afterAll(() => {
  // No error raised in this file mentions any key, however it is printed.
  for (const error of thrown) {
    const printed = `${inspect(error, { depth: 5 })} ${JSON.stringify(error)} ${String(error)}`;
    for (const key of Object.values(sandbox.keys)) expect(printed).not.toContain(key);
    expect(printed).not.toContain(WRONG_KEY);
  }
});

beforeEach(() => {
  dataDir = tempDir('lectern-workspaces-');
  service = openService(dataDir);
});
afterEach(async () => {
  for (const profile of service.list())
    if (profile.environment !== 'sandbox') await service.remove(profile.id, { confirm: true });
  service.close();
});

const WRONG_KEY = 'sbx_tenant_admin_0000000000000000000000000000000000000000';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await caught(promise);
  thrown.push(error);
  return error;
}

function input(name: string, keyMode: 'tenant' | 'service-provider', apiKey: string, baseUrl = sandbox.baseUrl) {
  return { name, environment: 'custom' as const, baseUrl, keyMode, apiKey };
}

describe('saving a key verifies it first', () => {
  it('a tenant key: confirmed tenant, stored in the keychain, only a 4-character hint in SQLite', async () => {
    const key = sandbox.keys.tenantAdmin;
    const result = await service.add(input('Tenant', 'tenant', key));

    expect(result.verifiedMode).toBe('tenant');
    expect(result.warning).toBeNull();
    const { profile } = result;
    expect(profile).toMatchObject({
      hasKey: true,
      keyHint: key.slice(-4),
      keyMode: 'tenant',
      baseUrl: sandbox.baseUrl,
    });
    expect(profile.capabilities).toEqual({ assessments: true, assignments: true, reason: null });
    expect(profile.lastVerifiedAt).not.toBeNull();
    expect(keychainKey(profile.id)).toBe(key);

    // Secrecy: the SQLite bytes (main file and -wal) never contain the key; the row holds 4 chars.
    expectKeyNowhereOnDisk(dataDir, key);
    const raw = new DatabaseSync(join(dataDir, WORKSPACES_DB_FILE), { readOnly: true });
    const row = raw.prepare('SELECT * FROM profiles WHERE id = ?').get(profile.id) as Record<string, unknown>;
    raw.close();
    expect(row.key_hint).toBe(key.slice(-4));
    expect(JSON.stringify(row)).not.toContain(key.slice(-8));
    expect(JSON.stringify(service.list())).not.toContain(key.slice(-8));
  });

  it('a wrong key: "key not accepted" (401), and nothing is written anywhere', async () => {
    const error = await rejection(service.add(input('Wrong', 'tenant', WRONG_KEY)));
    expect(error).toBeInstanceOf(KeyRejected);
    expect(error.message).toMatch(/^Key not accepted: .* answered 401/);
    expect(error.message).toContain('The key was not saved.');
    expect(service.list()).toEqual([]);
    expect(keyringHoldsSecret(WRONG_KEY)).toBe(false);
    expectKeyNowhereOnDisk(dataDir, WRONG_KEY);
  });

  it('a service-provider key saved as service-provider: confirmed, tenant-only features off with a reason', async () => {
    const result = await service.add(input('Provider', 'service-provider', sandbox.keys.serviceProvider));
    expect(result.verifiedMode).toBe('service-provider');
    expect(result.warning).toBeNull();
    expect(result.profile.capabilities).toEqual({
      assessments: false,
      assignments: false,
      reason: 'Assessments and assignments need a tenant key; this workspace uses a service-provider key.',
    });
    expect(service.capabilities(result.profile)).toEqual(result.profile.capabilities);
  });

  it('a service-provider key saved as tenant: saved, with a warning naming both likely causes', async () => {
    const result = await service.add(input('Looks tenant', 'tenant', sandbox.keys.serviceProvider));
    expect(result.verifiedMode).toBe('tenant');
    expect(result.warning).toMatch(/refused assessments .*403.*lacks the assessment permissions.*service-provider/);
    expect(result.profile.capabilities.assessments).toBe(false);
    expect(result.profile.capabilities.reason).toMatch(/not allowed to use assessments/);
  });

  it('a tenant key saved as service-provider: the probe shows it is a tenant key', async () => {
    const result = await service.add(input('Not provider', 'service-provider', sandbox.keys.tenantAdmin));
    expect(result.verifiedMode).toBe('tenant');
    expect(result.warning).toMatch(/it is a tenant key/);
    // The user's choice stands until they change it.
    expect(result.profile.keyMode).toBe('service-provider');
  });

  it('a read-only tenant key (viewer) is a full tenant key for listing', async () => {
    const result = await service.add(input('Viewer', 'tenant', sandbox.keys.tenantViewer));
    expect(result).toMatchObject({ verifiedMode: 'tenant', warning: null });
    expect(result.profile.capabilities.assessments).toBe(true);
  });

  it('a tenant whose learning module is disabled: saved, with the reason instead of raw 403s', async () => {
    const result = await service.add(input('Disabled', 'tenant', sandbox.keys.moduleDisabled));
    expect(result.verifiedMode).toBeNull();
    expect(result.warning).toMatch(/learning module may be disabled/);
    expect(result.profile.hasKey).toBe(true);
    expect(result.profile.capabilities).toMatchObject({ assessments: false, assignments: false });
  });
});

describe('replacing, reading and testing keys', () => {
  it('setKey replaces the key in the keychain; a rejected replacement keeps the old one', async () => {
    const { profile } = await service.add(input('Replace', 'tenant', sandbox.keys.tenantAdmin));
    const connection = service.getConnection(profile.id);
    expect((await connection.apiKey()).key).toBe(sandbox.keys.tenantAdmin);

    const replaced = await service.setKey(profile.id, `  ${sandbox.keys.tenantViewer}\n`);
    expect(replaced.profile.keyHint).toBe(sandbox.keys.tenantViewer.slice(-4));
    expect(keychainKey(profile.id)).toBe(sandbox.keys.tenantViewer);
    expect((await connection.apiKey()).key).toBe(sandbox.keys.tenantViewer);

    const error = await rejection(service.setKey(profile.id, WRONG_KEY));
    expect(error).toBeInstanceOf(KeyRejected);
    expect(keychainKey(profile.id)).toBe(sandbox.keys.tenantViewer);
    expect(service.get(profile.id).keyHint).toBe(sandbox.keys.tenantViewer.slice(-4));
    expectKeyNowhereOnDisk(dataDir, sandbox.keys.tenantViewer);
  });

  it('a key deleted from the keychain behind Lectern’s back is reported as such, not as "no key yet"', async () => {
    const { profile } = await service.add(input('Vanished', 'tenant', sandbox.keys.tenantAdmin));
    spawnSync('secret-tool', ['clear', 'service', 'Lectern', 'account', profile.id]);
    service.close();
    service = openService(dataDir);
    const error = await rejection(service.getConnection(profile.id).apiKey());
    expect(error).toBeInstanceOf(NoKey);
    expect(error.message).toContain('not in your system keychain any more');
  });

  it('getConnection gives main-process services what the API client needs', async () => {
    const { profile } = await service.add(input('Connect', 'tenant', sandbox.keys.tenantAdmin));
    const connection = service.getConnection(profile.id);
    expect(connection).toMatchObject({ profileId: profile.id, baseUrl: sandbox.baseUrl, keyMode: 'tenant' });
    const client = createApiClient({ baseUrl: connection.baseUrl, apiKey: connection.apiKey });
    try {
      expect((await client.courses.list({ pageSize: 2 })).results.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('a workspace without a key has no connection', async () => {
    const { profile } = await service.add({
      name: 'Empty',
      environment: 'staging',
      baseUrl: sandbox.baseUrl,
      keyMode: 'tenant',
    });
    expect(profile).toMatchObject({ hasKey: false, keyHint: null, lastVerifiedAt: null });
    expect(() => service.getConnection(profile.id)).toThrow(NoKey);
    expect(await rejection(service.testConnection(profile.id))).toBeInstanceOf(NoKey);
  });

  it('testConnection probes with the stored key; a server that is gone is "unreachable"', async () => {
    const second = await startTestSandbox({ seed: 'demo' });
    const { profile } = await service.add(input('Second sandbox', 'tenant', second.keys.tenantAdmin, second.baseUrl));
    const tested = await service.testConnection(profile.id);
    expect(tested).toMatchObject({ verifiedMode: 'tenant', warning: null });

    await second.close();
    const error = await rejection(service.testConnection(profile.id));
    expect(error).toBeInstanceOf(Unreachable);
    expect(error.message).toContain(second.baseUrl);
    expect(error.message).not.toContain('not saved');
  });

  it('an unreachable server while saving: the key is not saved', async () => {
    const gone = await startTestSandbox({ seed: 'empty' });
    const key = gone.keys.tenantAdmin;
    await gone.close();
    const error = await rejection(service.add(input('Gone', 'tenant', key, gone.baseUrl)));
    expect(error).toBeInstanceOf(Unreachable);
    expect(error.message).toContain('The key was not saved');
    expect(service.list()).toEqual([]);
    expect(keyringHoldsSecret(key)).toBe(false);
  });
});

describe('no keychain reachable', () => {
  it('adding a workspace with a key fails with the plain error and writes nothing anywhere', async () => {
    const home = tempDir('lectern-workspaces-');
    const childData = join(home, 'app-data');
    const child = fileURLToPath(new URL('./test-fixtures/add-profile-child.ts', import.meta.url));
    const run = await runNodeChild(
      child,
      [childData, sandbox.baseUrl],
      bareEnv({ HOME: home, XDG_DATA_HOME: home, DBUS_SESSION_BUS_ADDRESS: `unix:path=${home}/no-bus` }),
      { stdin: sandbox.keys.tenantAdmin },
    );
    const result = JSON.parse(run.lines[0] ?? '{}') as Record<string, unknown>;
    expect(result).toMatchObject({ ok: false, name: 'KeychainUnavailable', code: 'KEYCHAIN_UNAVAILABLE' });
    expect(result.message).toContain('No Secret Service is running');
    expect(result.message).toContain('The key was not saved.');

    expectKeyNowhereOnDisk(childData, sandbox.keys.tenantAdmin, false);
    expect(filesContaining(home, sandbox.keys.tenantAdmin)).toEqual([]);
    const reopened = openService(childData, { keyStore: createMemoryKeyStore() });
    expect(reopened.list()).toEqual([]);
    reopened.close();
  });
});
