// Main process / plain Node tests. A new key clears what the old one was refused, for
// the open workspace and for one that is not open: the app's services over real files (workspaces
// SQLite, each workspace's own database) and the sandbox over real HTTP, the viewer key refused a
// real lesson move first.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryKeyStore } from '../keychain/index.ts';
import { createQueuedFileDialog } from '../platform/index.ts';
import { profileDatabasePath } from '../store/index.ts';
import { SOON, startTestSandbox, tempDir, type TestSandbox } from '../test-support/index.ts';
import { createAppServices, type AppServices } from './index.ts';

let server: TestSandbox;
let courseId: string;
let sectionId: string;
let lessonId: string;

beforeAll(async () => {
  server = await startTestSandbox({ seed: 'demo' });
  const admin = server.client();
  courseId = (await admin.courses.list({ pageSize: 1 })).results[0]!.id;
  sectionId = (await admin.sections.list(courseId)).results[0]!.id;
  lessonId = (await admin.sections.get(courseId, sectionId)).lessons![0]!.id;
});
afterAll(async () => {
  await server.close();
});

async function appWithViewer(): Promise<{ services: AppServices; dataDir: string; viewerId: string }> {
  const dataDir = tempDir('lectern-key-replaced-');
  const services = await createAppServices({
    dataDir,
    transport: 'bridge',
    dialog: createQueuedFileDialog(),
    keyStore: createMemoryKeyStore(),
    sandbox: false,
  });
  const base = { environment: 'staging' as const, baseUrl: server.baseUrl, keyMode: 'tenant' as const };
  const viewer = await services.workspaces.add({ ...base, name: 'Viewer', apiKey: server.keys.tenantViewer });
  await services.workspaces.add({ ...base, name: 'Admin', apiKey: server.keys.tenantAdmin });
  await services.workspaces.setActiveProfile(viewer.profile.id);
  // A real refused write: the viewer key may read lessons, not move them.
  const sync = services.session().sync;
  await sync.refreshCache({ kind: 'sections', courseId });
  await sync.moveLesson({ courseId, sectionId, id: lessonId }, 2);
  await vi.waitFor(() => expect(sync.writesRefused().map((r) => r.resource)).toEqual(['lesson']), {
    ...SOON,
    timeout: 10_000,
  });
  return { services, dataDir, viewerId: viewer.profile.id };
}

/** What the workspace's own database file holds, read from outside the app. */
function refusalsOnDisk(dataDir: string, profileId: string): string[] {
  const db = new DatabaseSync(profileDatabasePath(dataDir, profileId), { readOnly: true });
  try {
    return (db.prepare('SELECT resource FROM write_refusals').all() as { resource: string }[]).map((r) => r.resource);
  } finally {
    db.close();
  }
}

describe('a replaced key forgets the old key’s write refusals', () => {
  it('for a workspace that is not the open one: cleared in its file, and still clear when opened', async () => {
    const { services, dataDir, viewerId } = await appWithViewer();
    const adminId = services.workspaces.list().find((p) => p.name === 'Admin')!.id;
    await services.workspaces.setActiveProfile(adminId); // the viewer's session closes
    expect(refusalsOnDisk(dataDir, viewerId)).toEqual(['lesson']);

    await services.workspaces.setKey(viewerId, server.keys.tenantAdmin);
    expect(refusalsOnDisk(dataDir, viewerId)).toEqual([]);
    expect(services.session().profileId).toBe(adminId); // the open workspace was left as it was

    await services.workspaces.setActiveProfile(viewerId);
    expect(services.session().sync.writesRefused()).toEqual([]);
    expect(services.session().syncStatus().writesRefused).toEqual([]);
    await services.close();
  });

  it('a key given with an edit of the workspace (e.g. its address) counts as a new key too', async () => {
    const { services, dataDir, viewerId } = await appWithViewer();
    const adminId = services.workspaces.list().find((p) => p.name === 'Admin')!.id;
    await services.workspaces.setActiveProfile(adminId);
    await services.workspaces.update(viewerId, { name: 'Viewer renamed', apiKey: server.keys.tenantAdmin });
    expect(refusalsOnDisk(dataDir, viewerId)).toEqual([]);
    await services.close();
  });

  it('for the open workspace: cleared through its session, so the status says so at once', async () => {
    const { services, dataDir, viewerId } = await appWithViewer();
    const statuses: { writesRefused: unknown[] }[] = [];
    const stop = services.events.subscribe((event, payload) => {
      if (event === 'sync.status') statuses.push(payload as { writesRefused: unknown[] });
    });
    await services.workspaces.setKey(viewerId, server.keys.tenantAdmin);
    expect(services.session().sync.writesRefused()).toEqual([]);
    expect(refusalsOnDisk(dataDir, viewerId)).toEqual([]);
    expect(statuses.at(-1)?.writesRefused).toEqual([]);
    stop();
    await services.close();
  });

  it('a workspace with no database yet (never opened) is given a key without one being made', async () => {
    const { services, dataDir } = await appWithViewer();
    const fresh = await services.workspaces.add({
      name: 'Never opened',
      environment: 'staging',
      baseUrl: server.baseUrl,
      keyMode: 'tenant',
      apiKey: server.keys.tenantViewer,
    });
    await services.workspaces.setKey(fresh.profile.id, server.keys.tenantAdmin);
    expect(() => refusalsOnDisk(dataDir, fresh.profile.id)).toThrow();
    await services.close();
  });
});
