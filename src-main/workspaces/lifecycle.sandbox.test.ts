// Tests (plain Node): the life of workspaces — editing, the built-in Sandbox, switching the active
// workspace, removing — over a real SQLite file, the real Secret Service and the sandbox server.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, useTestSandbox } from '../test-support/index.ts';
import { requirePrivateKeyring, secretToolLookup } from '../keychain/test-support/index.ts';
import {
  ConfirmationRequired,
  InvalidProfile,
  KeyRequired,
  ProfileNameTaken,
  ProfileNotFound,
  SandboxProfileFixed,
  type ActiveProfileChange,
  type WorkspaceService,
} from './index.ts';
import { caught, expectKeyNowhereOnDisk, keychainKey, openService } from './test-support/index.ts';

requirePrivateKeyring();

let dataDir: string;
let service: WorkspaceService;
let removed: string[];

const sandbox = useTestSandbox({ seed: 'demo' });

beforeEach(() => {
  dataDir = tempDir('lectern-workspaces-');
  removed = [];
  service = openService(dataDir, { onProfileRemoved: (id) => void removed.push(id) });
});
afterEach(async () => {
  for (const p of service.list()) if (p.environment !== 'sandbox') await service.remove(p.id, { confirm: true });
  service.close();
});

const tenant = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  environment: 'production' as const,
  baseUrl: sandbox.baseUrl,
  keyMode: 'tenant' as const,
  apiKey: sandbox.keys.tenantAdmin,
  ...extra,
});

describe('the built-in Sandbox workspace', () => {
  it('is created on first start, made active, and its key stays in memory only', async () => {
    const profile = await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    expect(profile).toMatchObject({
      name: 'Sandbox',
      environment: 'sandbox',
      hasKey: true,
      isActive: true,
      keyMode: 'tenant',
    });
    expect(profile.capabilities.assessments).toBe(true);
    expect(service.getActiveProfile()?.id).toBe(profile.id);
    expect(await service.getConnection(profile.id).apiKey()).toEqual({
      key: sandbox.keys.tenantAdmin,
      origin: new URL(sandbox.baseUrl).origin,
    });
    expect(secretToolLookup(profile.id)).toBeNull();
    expectKeyNowhereOnDisk(dataDir, sandbox.keys.tenantAdmin);
  });

  it('is updated, not duplicated, on the next start (new port, key given again)', async () => {
    const first = await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    service.close();

    service = openService(dataDir);
    // After a restart, before the sandbox is up, the Sandbox has no key: it was never stored.
    expect(service.get(first.id).hasKey).toBe(false);
    const again = await service.ensureSandboxProfile({
      baseUrl: 'http://127.0.0.1:1/',
      apiKey: sandbox.keys.tenantViewer,
    });
    expect(again.id).toBe(first.id);
    expect(again.baseUrl).toBe('http://127.0.0.1:1');
    expect(service.list().filter((p) => p.environment === 'sandbox')).toHaveLength(1);
  });

  it('can be renamed but not moved, re-keyed, removed, or imitated', async () => {
    const sb = await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    expect((await service.update(sb.id, { name: 'Demo' })).name).toBe('Demo');
    await expect(service.update(sb.id, { baseUrl: 'https://example.com' })).rejects.toThrow(SandboxProfileFixed);
    await expect(service.setKey(sb.id, sandbox.keys.tenantViewer)).rejects.toThrow(SandboxProfileFixed);
    await expect(service.remove(sb.id, { confirm: true })).rejects.toThrow(SandboxProfileFixed);
    await expect(service.add({ ...tenant('Fake'), environment: 'sandbox' as never })).rejects.toThrow(InvalidProfile);
  });
});

describe('editing workspaces', () => {
  it('lists the Sandbox first, then by name, with hasKey, hint and capabilities', async () => {
    await service.add(tenant('zeta'));
    await service.add({ ...tenant('Alpha'), apiKey: undefined });
    await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    const list = service.list();
    expect(list.map((p) => p.name)).toEqual(['Sandbox', 'Alpha', 'zeta']);
    expect(list.map((p) => p.hasKey)).toEqual([true, false, true]);
    expect(service.findByName('ZETA')?.name).toBe('zeta');
  });

  it('names are unique regardless of case, trimmed, 1..80 characters', async () => {
    const { profile } = await service.add(tenant('  Staging   EU '));
    expect(profile.name).toBe('Staging EU');
    await expect(service.add(tenant('staging eu'))).rejects.toThrow(ProfileNameTaken);
    await expect(service.add(tenant(''))).rejects.toThrow(InvalidProfile);
    await expect(service.add(tenant('x'.repeat(81)))).rejects.toThrow(InvalidProfile);
    const other = (await service.add({ ...tenant('Other'), apiKey: undefined })).profile;
    await expect(service.update(other.id, { name: 'STAGING EU' })).rejects.toThrow(ProfileNameTaken);
    expect((await service.update(other.id, { name: 'other' })).name).toBe('other');
  });

  it('normalizes the base URL and refuses unsafe ones before any network call', async () => {
    const { profile } = await service.add({ ...tenant('Norm'), baseUrl: `${sandbox.baseUrl}/v1/external/learning/` });
    expect(profile.baseUrl).toBe(sandbox.baseUrl);
    for (const baseUrl of [
      'ftp://x',
      'not a url',
      'http://api.example.com',
      'https://u:p@example.com',
      'https://e.com/?a=1',
    ]) {
      const error = await caught(service.add({ ...tenant(`Bad ${baseUrl}`), baseUrl }));
      expect(error, baseUrl).toBeInstanceOf(InvalidProfile);
      expect((error as InvalidProfile).details.field).toBe('baseUrl');
    }
  });

  it('moving a workspace to another server needs its key there and clears a keyless one’s verification; changing mode changes capabilities', async () => {
    const { profile } = await service.add(tenant('Move'));
    expect(profile.lastVerifiedAt).not.toBeNull();
    const provider = await service.update(profile.id, { keyMode: 'service-provider' });
    expect(provider.capabilities).toMatchObject({ assessments: false, assignments: false });
    expect(provider.lastVerifiedAt).toBe(profile.lastVerifiedAt);
    // Another origin in front of the same server.
    const elsewhere = sandbox.baseUrl.replace('127.0.0.1', 'localhost');
    await expect(service.update(profile.id, { baseUrl: elsewhere })).rejects.toThrow(KeyRequired);
    const moved = await service.update(profile.id, {
      baseUrl: `${elsewhere}/`,
      environment: 'staging',
      apiKey: sandbox.keys.tenantAdmin,
    });
    expect(moved).toMatchObject({ baseUrl: elsewhere, environment: 'staging', hasKey: true });
    expect(moved.lastVerifiedAt).not.toBeNull();

    const keyless = (await service.add({ ...tenant('Keyless'), apiKey: undefined })).profile;
    const away = await service.update(keyless.id, { baseUrl: 'https://staging.example.com/' });
    expect(away).toMatchObject({ baseUrl: 'https://staging.example.com', lastVerifiedAt: null, hasKey: false });
  });

  it('unknown ids are ProfileNotFound', async () => {
    expect(() => service.get('nope')).toThrow(ProfileNotFound);
    await expect(service.setActiveProfile('nope')).rejects.toThrow(ProfileNotFound);
  });
});

describe('the active workspace', () => {
  it('switching waits for every listener, in order, and reports the previous one', async () => {
    const sb = await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    const { profile } = await service.add(tenant('Work'));
    const seen: string[] = [];
    const changes: ActiveProfileChange[] = [];
    service.onActiveProfileChanged(async (change) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      seen.push(`cache:${change.profile?.name}`);
      changes.push(change);
    });
    const stop = service.onActiveProfileChanged(() => void seen.push('uploads'));

    const active = await service.setActiveProfile(profile.id);
    expect(active.isActive).toBe(true);
    expect(seen).toEqual(['cache:Work', 'uploads']);
    expect(changes[0]).toMatchObject({ previousProfileId: sb.id, profile: { id: profile.id } });
    expect(
      service
        .list()
        .filter((p) => p.isActive)
        .map((p) => p.id),
    ).toEqual([profile.id]);

    await service.setActiveProfile(profile.id); // no change, no events
    stop();
    await service.setActiveProfile(sb.id);
    expect(seen).toEqual(['cache:Work', 'uploads', 'cache:Sandbox']);
  });

  it('persists across restarts', async () => {
    const { profile } = await service.add(tenant('Kept'));
    await service.setActiveProfile(profile.id);
    service.close();
    service = openService(dataDir);
    expect(service.activeProfileId()).toBe(profile.id);
  });

  it('a failing listener does not undo the switch; with onListenerError the others still run', async () => {
    const { profile } = await service.add(tenant('Flaky'));
    service.onActiveProfileChanged(() => {
      throw new Error('cache could not switch');
    });
    await expect(service.setActiveProfile(profile.id)).rejects.toThrow('cache could not switch');
    expect(service.activeProfileId()).toBe(profile.id);

    const errors: unknown[] = [];
    const tolerant = openService(dataDir, { onListenerError: (e) => void errors.push(e) });
    const other = (await tolerant.add({ ...tenant('Other'), apiKey: undefined })).profile;
    let ran = false;
    tolerant.onActiveProfileChanged(() => {
      throw new Error('boom');
    });
    tolerant.onActiveProfileChanged(() => void (ran = true));
    await tolerant.setActiveProfile(other.id);
    expect(errors).toHaveLength(1);
    expect(ran).toBe(true);
    await tolerant.remove(other.id, { confirm: true });
    tolerant.close();
  });
});

describe('removing a workspace', () => {
  it('needs an explicit confirmation; then deletes the key, the local data (hook) and the row', async () => {
    const sb = await service.ensureSandboxProfile({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.tenantAdmin });
    const { profile } = await service.add(tenant('Doomed'));
    await service.setActiveProfile(profile.id);
    const changes: ActiveProfileChange[] = [];
    service.onActiveProfileChanged((change) => void changes.push(change));

    const error = await caught(service.remove(profile.id));
    expect(error).toBeInstanceOf(ConfirmationRequired);
    expect(error.message).toContain('deletes its API key and its local data');
    expect(keychainKey(profile.id)).toBe(sandbox.keys.tenantAdmin);

    await service.remove(profile.id, { confirm: true });
    expect(secretToolLookup(profile.id)).toBeNull();
    expect(removed).toEqual([profile.id]);
    expect(() => service.get(profile.id)).toThrow(ProfileNotFound);
    // It was active: the app falls back to the Sandbox, and listeners were told before the hook ran.
    expect(service.activeProfileId()).toBe(sb.id);
    expect(changes).toEqual([
      expect.objectContaining({ previousProfileId: profile.id, profile: expect.objectContaining({ id: sb.id }) }),
    ]);
  });

  it('a failing local-data hook leaves the workspace listed, so removing can be retried', async () => {
    const { profile } = await service.add(tenant('Retry'));
    let fail = true;
    const strict = openService(dataDir, {
      onProfileRemoved: () => {
        if (fail) throw new Error('files busy');
      },
    });
    await expect(strict.remove(profile.id, { confirm: true })).rejects.toThrow('files busy');
    expect(strict.get(profile.id)).toMatchObject({ hasKey: false });
    expect(secretToolLookup(profile.id)).toBeNull();
    fail = false;
    await strict.remove(profile.id, { confirm: true });
    expect(strict.findByName('Retry')).toBeNull();
    strict.close();
  });
});
