// Tests (plain Node): `lectern profiles …` as a child process against the sandbox server, with the
// real Secret Service of scripts/with-keyring.sh; and the `--profile NAME` resolver.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempDir, useTestSandbox } from '../../test-support/index.ts';
import { filesContaining, requirePrivateKeyring, secretToolLookup } from '../../keychain/test-support/index.ts';
import { openProfileDatabase, profileDatabasePath } from '../../store/index.ts';
import { DatabaseSync } from 'node:sqlite';
import { WORKSPACES_DB_FILE } from '../../workspaces/index.ts';
import { keychainKey, keychainOrigin, startRecorder, type Recorder } from '../../workspaces/test-support/index.ts';
import { readGlobals, UsageError } from '../globals.ts';
import { runLectern, stderrJson, type CliResult } from '../test-support/index.ts';
import { profileResolver, resolveProfileConnection } from '../profile-connection.ts';

requirePrivateKeyring();

const sandbox = useTestSandbox({ seed: 'demo' });
let dataDir: string;
beforeEach(() => {
  dataDir = tempDir('lectern-profiles-');
});

/** The CLI with our data folder and our private session bus (runLectern passes only PATH and HOME). */
function lectern(args: string[], stdin?: string, extraEnv: Record<string, string> = {}): Promise<CliResult> {
  return runLectern(
    [...args, '--data-dir', dataDir],
    {
      DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR,
      ...extraEnv,
    },
    stdin,
  );
}

const addArgs = (name: string, mode = 'tenant') => [
  'profiles',
  'add',
  '--name',
  name,
  '--base-url',
  sandbox.baseUrl,
  '--environment',
  'staging',
  '--mode',
  mode,
];

function expectNoKeyIn(result: CliResult, key: string): void {
  expect(result.stdout).not.toContain(key);
  expect(result.stderr).not.toContain(key);
}

describe('lectern profiles', () => {
  it('add reads the key from stdin, verifies it and stores it in the keychain; list shows only the hint', async () => {
    const key = sandbox.keys.tenantAdmin;
    const added = await lectern(addArgs('Staging'), `${key}\n`);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`Saved workspace "Staging" (tenant key confirmed; key …${key.slice(-4)}).`);
    expectNoKeyIn(added, key);

    const listed = await lectern(['profiles', 'list', '--json']);
    const profiles = JSON.parse(listed.stdout) as { id: string; name: string; hasKey: boolean; keyHint: string }[];
    expect(profiles).toEqual([expect.objectContaining({ name: 'Staging', hasKey: true, keyHint: key.slice(-4) })]);
    expect(keychainKey(profiles[0]!.id)).toBe(key);
    const table = await lectern(['profiles', 'list']);
    expect(table.stdout).toMatch(/Staging\s+staging\s+tenant\s+…/);
    expectNoKeyIn(table, key);
    expect(filesContaining(dataDir, key)).toEqual([]);

    const tested = await lectern(['profiles', 'test', 'staging']);
    expect(tested.code).toBe(0);
    expect(tested.stdout).toContain('Connection OK for "Staging"');
  });

  it('a rejected key exits 3 with "Key not accepted" and saves nothing', async () => {
    const wrong = 'sbx_wrong_key_000000000000000000000000';
    const result = await lectern(addArgs('Wrong'), wrong);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^lectern: Key not accepted/);
    expectNoKeyIn(result, wrong);
    expect(JSON.parse((await lectern(['profiles', 'list', '--json'])).stdout)).toEqual([]);
  });

  it('never takes the key from argv, and needs one on stdin', async () => {
    const withFlag = await lectern([...addArgs('Flag'), '--api-key', sandbox.keys.tenantAdmin]);
    expect(withFlag.code).toBe(2);
    const empty = await lectern(addArgs('Empty'), '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('No API key on standard input');
  });

  it('warns when the probe disagrees with the chosen mode', async () => {
    const result = await lectern(addArgs('Provider as tenant'), sandbox.keys.serviceProvider);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^Warning: The server refused assessments/m);
    expect(result.stdout).toContain('not allowed to use assessments');
  });

  it('remove needs --yes, then deletes the key and the workspace’s local data', async () => {
    await lectern(addArgs('Old'), sandbox.keys.tenantViewer);
    const [profile] = JSON.parse((await lectern(['profiles', 'list', '--json'])).stdout) as { id: string }[];
    const storeFile = profileDatabasePath(dataDir, profile!.id);
    mkdirSync(join(storeFile, '..'), { recursive: true });
    writeFileSync(storeFile, 'local data');

    const refused = await lectern(['profiles', 'remove', 'Old']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Pass --yes to confirm');
    expect(keychainKey(profile!.id)).toBe(sandbox.keys.tenantViewer);

    const removed = await lectern(['profiles', 'remove', 'Old', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(secretToolLookup(profile!.id)).toBeNull();
    expect(existsSync(storeFile)).toBe(false);
    expect((await lectern(['profiles', 'test', 'Old'])).code).toBe(2);
  });

  it('set-key forgets what the old key was refused to change (in the workspace’s own file)', async () => {
    await lectern(addArgs('Viewer'), sandbox.keys.tenantViewer);
    const [profile] = JSON.parse((await lectern(['profiles', 'list', '--json'])).stdout) as { id: string }[];
    // The app noted a refused lesson change for the viewer key in the workspace's database.
    const store = openProfileDatabase({ dataDir, profileId: profile!.id });
    store.db
      .prepare('INSERT INTO write_refusals (resource, message, noted_at) VALUES (?, ?, ?)')
      .run('lesson', 'This workspace’s key may view lessons but not change them.', new Date().toISOString());
    store.close();

    const replaced = await lectern(['profiles', 'set-key', 'Viewer'], `${sandbox.keys.tenantAdmin}\n`);
    expect(replaced.code, replaced.stderr).toBe(0);
    const raw = new DatabaseSync(profileDatabasePath(dataDir, profile!.id), { readOnly: true });
    expect(raw.prepare('SELECT count(*) AS n FROM write_refusals').get()).toEqual({ n: 0 });
    raw.close();
  });

  it('without a reachable keychain: exit 1, the plain message, nothing saved', async () => {
    const result = await lectern(addArgs('NoKeychain'), sandbox.keys.tenantAdmin, {
      DBUS_SESSION_BUS_ADDRESS: `unix:path=${dataDir}/no-bus`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No Secret Service is running: install and unlock GNOME Keyring or KWallet');
    expect(filesContaining(dataDir, sandbox.keys.tenantAdmin)).toEqual([]);
    expect(JSON.parse((await lectern(['profiles', 'list', '--json'])).stdout)).toEqual([]);
  });
});

describe('--profile NAME', () => {
  it('resolves a workspace to its server and key from the keychain', async () => {
    expect((await lectern(addArgs('Work'), sandbox.keys.tenantAdmin)).code).toBe(0);
    const resolved = await resolveProfileConnection('work', dataDir);
    const bound = { key: sandbox.keys.tenantAdmin, origin: new URL(sandbox.baseUrl).origin };
    expect(resolved).toMatchObject({ baseUrl: sandbox.baseUrl, keyMode: 'tenant', apiKey: bound });

    const globals = readGlobals({ profile: 'Work', 'data-dir': dataDir }, {});
    expect(await profileResolver(globals)).toEqual({
      baseUrl: sandbox.baseUrl,
      apiKey: bound,
      profileId: resolved.profileId,
    });
    expect(await profileResolver(readGlobals({ 'data-dir': dataDir }, {}))).toBeNull();
    await expect(
      profileResolver(readGlobals({ profile: 'Work', 'base-url': 'http://x', 'data-dir': dataDir }, {})),
    ).rejects.toThrow(UsageError);
    await expect(resolveProfileConnection('Nope', dataDir)).rejects.toThrow(/no workspace named "Nope".*"Work"/);
  });

  it('an empty data folder is a usage error and stays empty', async () => {
    await expect(resolveProfileConnection('Any', dataDir)).rejects.toThrow(UsageError);
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('keeps the contract deviations a workspace met, and `diagnostics` lists them without the key', async () => {
    const key = sandbox.keys.tenantAdmin;
    expect((await lectern(addArgs('Drifting'), `${key}\n`)).code).toBe(0);
    sandbox.setFaults({ drift: true });
    try {
      const listed = await lectern(['courses', '--profile', 'Drifting']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stderr).toContain('at data.results[*].level');
      // A later run, with nothing drifting now, still reports what this workspace's server did.
      sandbox.setFaults({ drift: false });
      const report = await lectern(['diagnostics', '--profile', 'Drifting']);
      expect(report.code, report.stderr).toBe(0);
      expect(report.stdout).toMatch(/Contract deviations \(1\):\n {2}courses\.list {2}data\.results\[\*\]\.level/);
      for (let i = 0; i + 8 <= key.length; i++) expect(report.stdout).not.toContain(key.slice(i, i + 8));
    } finally {
      sandbox.setFaults({ drift: false });
    }
  });
});

describe('a saved key stays with its server', () => {
  let recorder: Recorder;
  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(() => recorder.close());
  beforeEach(() => {
    recorder.requests.length = 0;
  });

  async function addWork(): Promise<string> {
    expect((await lectern(addArgs('Work'), sandbox.keys.tenantAdmin)).code).toBe(0);
    return (JSON.parse((await lectern(['profiles', 'list', '--json'])).stdout) as { id: string }[])[0]!.id;
  }

  it('profiles set-url needs the new address’s key on stdin, verifies it there, and replaces the old key', async () => {
    const id = await addWork();
    const keyless = await lectern(['profiles', 'set-url', 'Work', '--base-url', recorder.baseUrl], '');
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('No API key on standard input');
    expect(recorder.requests).toEqual([]);

    // The same server under another origin, with a key typed for it.
    const elsewhere = sandbox.baseUrl.replace('127.0.0.1', 'localhost');
    const moved = await lectern(
      ['profiles', 'set-url', 'Work', '--base-url', elsewhere],
      `${sandbox.keys.tenantViewer}\n`,
    );
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`Moved "Work" to ${elsewhere}`);
    expectNoKeyIn(moved, sandbox.keys.tenantViewer);
    expect(keychainKey(id)).toBe(sandbox.keys.tenantViewer);
    expect(keychainOrigin(id)).toBe(new URL(elsewhere).origin);
    expect((await lectern(['--profile', 'Work', 'categories'])).code).toBe(0);
  });

  it('--profile and profiles test refuse a row pointed elsewhere behind the app’s back, sending nothing', async () => {
    const id = await addWork();
    const raw = new DatabaseSync(join(dataDir, WORKSPACES_DB_FILE));
    raw.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(recorder.baseUrl, id);
    raw.close();

    const listed = await lectern(['--profile', 'Work', 'courses', '--json']);
    expect(listed.code).toBe(3);
    expect(stderrJson(listed)).toMatchObject({ code: 'KEY_BOUND_ELSEWHERE' });
    expectNoKeyIn(listed, sandbox.keys.tenantAdmin);
    const tested = await lectern(['profiles', 'test', 'Work']);
    expect(tested.code).toBe(2);
    expect(tested.stderr).toMatch(/never sent to another/);
    expect(recorder.requests).toEqual([]);
  });
});
