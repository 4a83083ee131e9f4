// Tests (plain Node): what a script holding the bridge session (a compromised renderer) can do with
// a stored key: through the bridge host's HTTP and the shared IPC dispatch, moving a workspace to
// another server needs that server's key, and a profile row pointed elsewhere behind the app's back
// makes neither test, activate, reads nor background sync send the key there.
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../test-support/index.ts';
import { createAppDispatch } from '../ipc/index.ts';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { createAppServices, type AppServices } from '../services/index.ts';
import { startRecorder, type Recorder } from '../workspaces/test-support/index.ts';
import { startBridgeHost, TOKEN_HEADER, type RunningBridgeHost } from './server.ts';

let host: RunningBridgeHost;
let services: AppServices;
let recorder: Recorder;
let dataDir: string;

beforeEach(async () => {
  dataDir = tempDir('lectern-bind-');
  const rendererDir = tempDir('lectern-renderer-');
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Lectern</title>');
  recorder = await startRecorder();
  services = await createAppServices({
    dataDir,
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: { seed: 'empty' },
  });
  const s = services;
  host = await startBridgeHost({ rendererDir, events: s.events, createDispatch: (o) => createAppDispatch(s, o) });
});
afterEach(async () => {
  await host.close();
  await services.close();
  await recorder.close();
});

interface ProfileView {
  id: string;
  baseUrl: string;
  hasKey: boolean;
}
interface Answer {
  ok: boolean;
  value?: { profile: ProfileView; profiles: ProfileView[] };
  error?: { code: string };
}

async function rpc(channel: string, input: unknown): Promise<Answer> {
  const response = await request(`${host.url}/__bridge/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: host.origin, [TOKEN_HEADER]: host.token },
    body: JSON.stringify({ input }),
  });
  return (await response.body.json()) as Answer;
}

async function addWorkspace(): Promise<string> {
  const sandbox = services.sandbox()!;
  const added = await rpc('workspaces.add', {
    name: 'Work',
    environment: 'production',
    baseUrl: sandbox.baseUrl,
    keyMode: 'tenant',
    apiKey: sandbox.keys.tenantAdmin,
  });
  expect(added.ok).toBe(true);
  return added.value!.profile.id;
}

describe('a stored key stays with its server (bridge HTTP → IPC dispatch)', () => {
  it('moving a workspace without the new server’s key is refused and nothing reaches that server', async () => {
    const id = await addWorkspace();
    const moved = await rpc('workspaces.update', { id, baseUrl: recorder.baseUrl });
    expect(moved).toMatchObject({ ok: false, error: { code: 'KEY_REQUIRED', details: { field: 'apiKey' } } });
    expect((await rpc('workspaces.test', { id })).ok).toBe(true);
    expect((await rpc('workspaces.activate', { id })).ok).toBe(true);
    expect((await rpc('courses.list', {})).ok).toBe(true);
    expect((await rpc('workspaces.list', undefined)).value!.profiles.find((p) => p.id === id)?.baseUrl).toBe(
      services.sandbox()!.baseUrl,
    );
    expect(recorder.requests).toEqual([]);
  });

  it('moving with a key sends only that key to the new server; a failed verification changes nothing', async () => {
    const id = await addWorkspace();
    // The recorder is no Learning Content API, so verification fails there.
    const refused = await rpc('workspaces.update', { id, baseUrl: recorder.baseUrl, apiKey: 'typed-for-the-new-one' });
    expect(refused.ok).toBe(false);
    const seen = recorder.requests.map((r) => r.authorization);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(['Bearer typed-for-the-new-one']));
    const profile = (await rpc('workspaces.list', undefined)).value!.profiles.find((p) => p.id === id);
    expect(profile).toMatchObject({ baseUrl: services.sandbox()!.baseUrl, hasKey: true });
    expect((await rpc('workspaces.test', { id })).ok).toBe(true);
  });

  it('a row edited behind the app’s back: test, activate, reads and background sync send nothing there', async () => {
    const id = await addWorkspace();
    const raw = new DatabaseSync(services.workspaces.file);
    raw.prepare('UPDATE profiles SET base_url = ? WHERE id = ?').run(recorder.baseUrl, id);
    raw.close();

    const tested = await rpc('workspaces.test', { id });
    expect(tested).toMatchObject({ ok: false, error: { code: 'KEY_REQUIRED' } });
    expect((await rpc('workspaces.activate', { id })).ok).toBe(true);
    const courses = await rpc('courses.list', {});
    expect(JSON.stringify(courses)).toMatch(/KEY_BOUND_ELSEWHERE|never sent/);
    // Background sync's connectivity probe has run against the new session.
    await vi.waitFor(() => expect(services.session().syncStatus().lastCheckedAt).not.toBeNull(), { timeout: 15_000 });
    expect(recorder.requests).toEqual([]);
  });
});
